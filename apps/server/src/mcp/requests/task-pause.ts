import { randomUUID } from "node:crypto";
import { mcpRequestMessages, mcpRequestMetadataKey, type Task } from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Services } from "../../http/services.js";
import { type Emit, transactWithEvents } from "../../stream/transact.js";
import type { CommandServices } from "../../tasks/command-services.js";
import { applyTaskStatus, lockTaskToChange } from "../../tasks/task-status-commands.js";

/** The question a paused task shows: the request's id, server and (for a form) its schema. */
export interface PausedQuestion {
  requestId: string;
  serverName: string;
  text: string;
  params: unknown;
  /** The task's status text, when not `{server} asks: {text}`. */
  status?: string;
}

/** What an A2A client needs to show the server's form (the text part's metadata). */
function questionMetadata(question: PausedQuestion): Record<string, unknown> {
  const params = (question.params ?? {}) as Record<string, unknown>;
  return {
    [mcpRequestMetadataKey]: {
      id: question.requestId,
      server_name: question.serverName,
      mode: params.mode === "url" ? "url" : "form",
      ...(params.requestedSchema ? { requested_schema: params.requestedSchema } : {}),
      ...(typeof params.url === "string" ? { url: params.url } : {}),
    },
  };
}

/**
 * An agent's tool call that asks the user something makes the agent's task wait for the user:
 * input-required with the server's question (and its form, in the text part's metadata), while
 * the run keeps its claim (the tool call is still open on this replica). A task the caller does
 * not own, or that is not running, is left as it is: the request itself still reaches the user.
 * Returns the task as changed; its turn publishes it once the transaction is committed.
 */
export async function pauseTask(
  services: Services,
  trx: Kysely<Database>,
  emit: Emit,
  place: { userId: string; contextId: string | undefined },
  taskId: string,
  question: PausedQuestion,
): Promise<Task | undefined> {
  const owner = { userId: place.userId };
  const row = await lockTaskToChange(services, trx, owner, taskId).catch(() => undefined);
  if (row?.state !== "working" || !row.runner) return undefined;
  const message = {
    messageId: randomUUID(),
    role: "agent",
    parts: [
      {
        kind: "text",
        text:
          question.status ?? mcpRequestMessages.inputRequired(question.serverName, question.text),
        metadata: questionMetadata(question),
      },
    ],
    contextId: row.context_id,
    taskId,
  };
  return applyTaskStatus(services, trx, emit, owner, row, {
    state: "input-required",
    message,
    keepsRun: true,
  });
}

/** Within a transaction: the task waiting on a question works again (else it is left alone). */
export async function resumeTaskIn(
  services: CommandServices,
  trx: Kysely<Database>,
  emit: Emit,
  userId: string,
  taskId: string,
): Promise<Task | undefined> {
  const owner = { userId };
  const row = await lockTaskToChange(services, trx, owner, taskId).catch(() => undefined);
  if (row?.state !== "input-required" || !row.runner) return undefined;
  return applyTaskStatus(services, trx, emit, owner, row, { state: "working", keepsRun: true });
}

/** The answer (or its absence) lets the tool call go on: the task is working again. */
export async function resumeTask(
  services: Services,
  place: { userId: string },
  taskId: string,
): Promise<void> {
  const task = await transactWithEvents(services, (trx, emit) =>
    resumeTaskIn(services, trx, emit, place.userId, taskId),
  );
  if (task) services.runs.statuses.changed(task);
}
