import { randomUUID } from "node:crypto";
import { type Message, readToolCalls } from "@a2a-chat/contracts";
import { type ClaimedRun, TaskLeasesRepository } from "../db/repositories/task-leases.js";
import { TasksRepository } from "../db/repositories/tasks.js";
import type { CommandServices } from "./command-services.js";
import { appendMessageWithStatus } from "./turn-commands.js";

/** Why a reply ended when the server running it died (crash, kill, lost machine). */
export const runnerStoppedReason =
  "The server running this reply stopped; the text so far was kept. Retry to continue.";

/** Why a reply ended when its server shut down before it finished (the drain window ran out). */
export const shutdownReason =
  "The server was shut down before this reply finished; the text so far was kept. Retry to continue.";

/**
 * The message that ends a cut reply: the text so far, then the reason as a paragraph of its own
 * (a second part, so the text stays exactly as streamed).
 */
export function cutReply(
  place: { contextId: string; taskId: string },
  messageId: string,
  textSoFar: string,
  reason: string,
): Message {
  const parts: Message["parts"] =
    textSoFar === ""
      ? [{ kind: "text", text: reason }]
      : [
          { kind: "text", text: textSoFar },
          { kind: "text", text: `\n\n${reason}` },
        ];
  return { messageId, role: "agent", parts, contextId: place.contextId, taskId: place.taskId };
}

/**
 * Ends a task whose runner is gone: the reply saved so far joins its history with the reason,
 * unanswered tool calls read cancelled, and the task fails (events on the live stream as for
 * any change). The task is first claimed for `claimant` with a compare-and-set on the runner and
 * lease it was seen with, so when several replicas sweep at once exactly one ends it, and a
 * runner that renewed meanwhile keeps it; the end is then written only while that claim still
 * holds, in one transaction, and the old runner's own end is refused from the moment of the
 * claim (see appendMessageWithStatus): a task never gets two agent replies. Should the claimant
 * die too, its claim runs out like any other. False when someone else got there first.
 */
export async function endAbandonedTask(
  services: CommandServices,
  seen: ClaimedRun,
  reason: string,
  claimant: { runner: string; leaseMs: number },
): Promise<boolean> {
  const { kysely, dialect } = services.db;
  if (!(await new TaskLeasesRepository(kysely, dialect).takeOver(seen, claimant))) return false;
  const row = await new TasksRepository(kysely).findById(seen.id);
  if (!row) return false;
  const owner = { userId: row.user_id };
  const place = { contextId: row.context_id, taskId: row.id };
  const message = cutReply(place, row.reply_id ?? randomUUID(), row.reply_text ?? "", reason);
  const calls = readToolCalls(JSON.parse(row.metadata));
  const open = calls.some((call) => !call.result && !call.cancelled);
  const metadata = open
    ? { tool_calls: calls.map((call) => (call.result ? call : { ...call, cancelled: true })) }
    : undefined;
  const ended = await appendMessageWithStatus(
    services,
    owner,
    place,
    message,
    { state: "failed", message, ...(metadata ? { metadata } : {}) },
    claimant.runner,
  );
  return ended !== undefined;
}
