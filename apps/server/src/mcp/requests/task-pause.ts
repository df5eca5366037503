import { randomUUID } from "node:crypto";
import { mcpRequestMessages } from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Services } from "../../http/services.js";
import { type Emit, transactWithEvents } from "../../stream/transact.js";
import { applyTaskStatus, lockTaskToChange } from "../../tasks/task-status-commands.js";

/**
 * An agent's tool call that asks the user something makes the agent's task wait for the user:
 * input-required with the server's question, while the run keeps its claim (the tool call is
 * still open on this replica). A task the caller does not own, or that is not running, is left
 * as it is: the request itself still reaches the user.
 */
export async function pauseTask(
  services: Services,
  trx: Kysely<Database>,
  emit: Emit,
  place: { userId: string; serverName: string; contextId: string | undefined },
  taskId: string,
  question: string,
): Promise<void> {
  const owner = { userId: place.userId };
  const row = await lockTaskToChange(services, trx, owner, taskId).catch(() => undefined);
  if (row?.state !== "working" || !row.runner) return;
  const message = {
    messageId: randomUUID(),
    role: "agent",
    parts: [{ kind: "text", text: mcpRequestMessages.inputRequired(place.serverName, question) }],
    contextId: row.context_id,
    taskId,
  };
  await applyTaskStatus(services, trx, emit, owner, row, {
    state: "input-required",
    message,
    keepsRun: true,
  });
}

/** The answer (or its absence) lets the tool call go on: the task is working again. */
export async function resumeTask(
  services: Services,
  place: { userId: string },
  taskId: string,
): Promise<void> {
  await transactWithEvents(services, async (trx, emit) => {
    const owner = { userId: place.userId };
    const row = await lockTaskToChange(services, trx, owner, taskId).catch(() => undefined);
    if (row?.state !== "input-required" || !row.runner) return;
    await applyTaskStatus(services, trx, emit, owner, row, { state: "working", keepsRun: true });
  });
}
