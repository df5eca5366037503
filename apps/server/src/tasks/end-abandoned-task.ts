import { randomUUID } from "node:crypto";
import { type Message, readToolCalls } from "@a2a-chat/contracts";
import { AppError } from "../http/errors.js";
import type { CommandServices } from "./command-services.js";
import { appendMessage } from "./message-commands.js";
import { updateTaskStatus } from "./task-status-commands.js";

/** Why a reply ended when the server running it died (crash, kill, lost machine). */
export const runnerStoppedReason =
  "The server running this reply stopped; the text so far was kept. Retry to continue.";

/** Why a reply ended when its server shut down before it finished (the drain window ran out). */
export const shutdownReason =
  "The server was shut down before this reply finished; the text so far was kept. Retry to continue.";

/** The states of a task someone is working on. */
export const runningStates = ["submitted", "working"] as const;

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

/** A running task as its row names its runner. */
export interface ClaimedRun {
  id: string;
  runner: string | null;
  lease_until: string | null;
}

/**
 * Ends a task whose runner is gone: the reply saved so far joins its history with the reason,
 * unanswered tool calls read cancelled, and the task fails (events on the live stream as for
 * any change). The task is first claimed for `claimant` with a compare-and-set on the runner and
 * lease it was seen with, so when several replicas sweep at once exactly one ends it; should
 * that one die too, its claim runs out like any other. False when someone else got there first.
 */
export async function endAbandonedTask(
  services: CommandServices,
  seen: ClaimedRun,
  reason: string,
  claimant: { runner: string; lease_until: string },
): Promise<boolean> {
  const { kysely } = services.db;
  const claimed = await kysely
    .updateTable("tasks")
    .set({ runner: claimant.runner, lease_until: claimant.lease_until })
    .where("id", "=", seen.id)
    .where("state", "in", runningStates)
    .where((eb) =>
      eb.and([
        seen.runner === null ? eb("runner", "is", null) : eb("runner", "=", seen.runner),
        seen.lease_until === null
          ? eb("lease_until", "is", null)
          : eb("lease_until", "=", seen.lease_until),
      ]),
    )
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return false;
  const row = await kysely
    .selectFrom("tasks")
    .selectAll()
    .where("id", "=", seen.id)
    .executeTakeFirst();
  if (!row) return false;
  const owner = { userId: row.user_id };
  const place = { contextId: row.context_id, taskId: row.id };
  const message = cutReply(place, row.reply_id ?? randomUUID(), row.reply_text ?? "", reason);
  const calls = readToolCalls(JSON.parse(row.metadata));
  const open = calls.some((call) => !call.result && !call.cancelled);
  const metadata = open
    ? { tool_calls: calls.map((call) => (call.result ? call : { ...call, cancelled: true })) }
    : undefined;
  try {
    await appendMessage(services, owner, { ...place, message });
    await updateTaskStatus(services, owner, row.id, {
      state: "failed",
      message,
      ...(metadata ? { metadata } : {}),
    });
  } catch (error) {
    // Its runner was alive after all and ended it meanwhile: that end stands.
    if (error instanceof AppError && error.code === "conflict") return false;
    throw error;
  }
  return true;
}
