import {
  type ElicitationAnswer,
  elicitationAnswerSchema,
  type Message,
  mcpRequestMessages,
  type SamplingAnswer,
  samplingAnswerSchema,
} from "@a2a-chat/contracts";
import { type McpRequestRow, McpRequestsRepository } from "../../db/repositories/mcp-requests.js";
import { appendMessage } from "../../tasks/message-commands.js";
import { type AnswerServices, answerRequest } from "./answer-request.js";
import { answerFromText } from "./typed-answer.js";

/** Whether a message answered a question its task waited on, or why it cannot. */
export type MessageAnswer = { answered: false } | { answered: true } | { refused: string };

const approveWords = new Set(["approve", "approved", "yes", "ok"]);
const denyWords = new Set(["deny", "denied", "no"]);

function textOf(message: Message): string {
  return message.parts
    .map((part) => (part.kind === "text" ? part.text : ""))
    .join("\n")
    .trim();
}

function dataOf(message: Message): Record<string, unknown> | undefined {
  for (const part of message.parts)
    if (part.kind === "data" && "action" in part.data) return part.data;
  return undefined;
}

/** The message as an answer to the request, or why it is not one. */
function answerOf(
  row: McpRequestRow,
  message: Message,
): { answer: ElicitationAnswer | SamplingAnswer } | { refused: string } {
  const params = JSON.parse(row.params) as Record<string, unknown>;
  const data = dataOf(message);
  const text = textOf(message);
  if (row.kind === "sampling") {
    if (data) {
      const parsed = samplingAnswerSchema.safeParse(data);
      if (parsed.success) return { answer: parsed.data };
    }
    const word = text.toLowerCase();
    if (approveWords.has(word)) return { answer: { action: "approve" } };
    if (denyWords.has(word)) return { answer: { action: "deny" } };
    return {
      refused: mcpRequestMessages.answerDoesNotFit(row.server_name, 'type "approve" or "deny"'),
    };
  }
  if (data) {
    const parsed = elicitationAnswerSchema.safeParse(data);
    if (!parsed.success)
      return { refused: mcpRequestMessages.answerDoesNotFit(row.server_name, "action is missing") };
    return { answer: parsed.data };
  }
  if (params.mode === "url") {
    const word = text.toLowerCase();
    if (word === "decline" || word === "cancel") return { answer: { action: word } };
    return { refused: mcpRequestMessages.openLinkInDialog(row.server_name) };
  }
  const typed = answerFromText(text, params.requestedSchema);
  if (!typed.ok)
    return { refused: mcpRequestMessages.answerDoesNotFit(row.server_name, typed.reason) };
  return { answer: typed.answer };
}

/**
 * The user's message on an agent's task that waits for an MCP server's question (its tool call
 * elicits): the message answers the question, the oldest first. A data part `{action, content}`
 * is the answer as the form gives it; plain text is read as the form would take it (see
 * typed-answer.ts). The message joins the task's history and the task works again (the answer's
 * transaction resumes it). A task that waits on no question is left to the agent (`answered:
 * false`); a message that does not fit the question changes nothing (`refused`, with the reason).
 */
export async function answerFromMessage(
  services: AnswerServices,
  userId: string,
  taskId: string,
  message: Message,
): Promise<MessageAnswer> {
  const pending = await new McpRequestsRepository(services.db.kysely).listPending(
    userId,
    new Date(),
  );
  const row = pending.find((request) => request.task_id === taskId);
  if (!row) return { answered: false };
  const read = answerOf(row, message);
  if ("refused" in read) return read;
  await answerRequest(services, userId, row.id, read.answer);
  if (row.context_id) {
    const place = { contextId: row.context_id, taskId };
    await appendMessage(services, { userId }, { ...place, message: { ...message, ...place } });
  }
  return { answered: true };
}
