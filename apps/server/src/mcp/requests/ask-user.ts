import { randomUUID } from "node:crypto";
import type { McpRequestKind } from "@a2a-chat/contracts";
import { McpRequestsRepository } from "../../db/repositories/mcp-requests.js";
import type { Services } from "../../http/services.js";
import { transactWithEvents } from "../../stream/transact.js";
import { presentRequest } from "./present-request.js";
import { pauseTask, resumeTask } from "./task-pause.js";

/** Who is asked, and about which call. */
export interface AskPlace {
  services: Services;
  userId: string;
  serverName: string;
  contextId: string | undefined;
  /** The agent's task whose tool call asks (it waits as input-required meanwhile). */
  taskId: string | undefined;
}

/** How a request ended: the user's answer, or no answer (the deadline passed, the call ended). */
export type AskOutcome =
  | { status: "answered"; answer: unknown }
  | { status: "expired" }
  | { status: "cancelled" };

/** Requests are kept this long past their deadline (for the record), then deleted. */
const keptMs = 24 * 60 * 60 * 1000;

/**
 * Asks the user something on the server's behalf and waits for the answer. The request is a row
 * (written with its `mcp_request_created` event in one transaction), so the browser learns of it
 * on whichever replica holds its stream, and answers it with a POST to any replica; this replica
 * waits on the row, woken by the user's event notices (LISTEN/NOTIFY across replicas) and a slow
 * poll. The deadline or the call's end closes the row (one compare-and-set decides the race with
 * a late answer) and tells the browser with `mcp_request_ended`.
 */
export async function askUser(
  place: AskPlace,
  kind: McpRequestKind,
  params: unknown,
  options: { timeoutMs: number; signal: AbortSignal; question: string; status?: string },
): Promise<AskOutcome> {
  const { services } = place;
  const id = randomUUID();
  const now = new Date();
  // Old requests go as new ones come (best effort: a failed delete does not stop the question).
  await new McpRequestsRepository(services.db.kysely)
    .prune(new Date(now.getTime() - keptMs))
    .catch(() => undefined);
  const paused = await transactWithEvents(services, async (trx, emit) => {
    const row = await new McpRequestsRepository(trx).insert({
      id,
      userId: place.userId,
      kind,
      serverName: place.serverName,
      contextId: place.contextId ?? null,
      taskId: place.taskId ?? null,
      params,
      createdAt: now,
      expiresAt: new Date(now.getTime() + options.timeoutMs),
    });
    await emit({
      userId: place.userId,
      type: "mcp_request_created",
      contextId: row.context_id,
      data: presentRequest(row),
    });
    if (!place.taskId) return undefined;
    return pauseTask(services, trx, emit, place, place.taskId, {
      requestId: id,
      serverName: place.serverName,
      text: options.question,
      params,
      ...(options.status ? { status: options.status } : {}),
    });
  });
  // The agent's turn running here tells its A2A stream: the task waits for the user.
  if (paused) services.runs.statuses.changed(paused);
  try {
    return await waitForAnswer(place, id, options);
  } finally {
    if (place.taskId) await resumeTask(services, place, place.taskId).catch(() => undefined);
  }
}

async function waitForAnswer(
  place: AskPlace,
  id: string,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<AskOutcome> {
  const repository = new McpRequestsRepository(place.services.db.kysely);
  // A replica that serves no stream has not listened yet (PostgreSQL): the answer's notice must
  // reach it. Without it the poll below still reads the answer.
  await place.services.notifier.ready().catch(() => undefined);
  const outcome = await new Promise<"answered" | "expired" | "cancelled">((resolve) => {
    let reading = false;
    // A wake-up that came while a read was under way: that read may predate the answer.
    let again = false;
    let settled = false;
    const finish = (value: "answered" | "expired" | "cancelled") => {
      if (settled) return;
      settled = true;
      unwatch();
      clearInterval(poll);
      clearTimeout(deadline);
      options.signal.removeEventListener("abort", onAbort);
      resolve(value);
    };
    const check = () => {
      if (settled) return;
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      again = false;
      repository
        .findById(id)
        .then((row) => {
          if (row && row.status !== "pending") finish("answered");
        })
        .catch(() => undefined)
        .finally(() => {
          reading = false;
          if (again) check();
        });
    };
    const onAbort = () => finish("cancelled");
    const unwatch = place.services.hub.watch(place.userId, check);
    // The poll covers a missed notice (mcp.askPollSeconds).
    const poll = setInterval(check, place.services.config.mcp.askPollSeconds * 1000);
    const deadline = setTimeout(() => finish("expired"), options.timeoutMs);
    options.signal.addEventListener("abort", onAbort, { once: true });
    if (options.signal.aborted) finish("cancelled");
    // An answer that came before this replica watched (the user saw the question while LISTEN
    // was still connecting here) sent its notice to nobody: read the row once now.
    check();
  });
  if (outcome !== "answered") {
    const ended = await endRequest(place, id, outcome);
    if (ended) return { status: outcome };
  }
  // Answered (or answered in the instant the deadline passed): the row holds the answer.
  const row = await repository.findById(id);
  if (row?.status === "answered" && row.answer !== null)
    return { status: "answered", answer: JSON.parse(row.answer) };
  return { status: row?.status === "cancelled" ? "cancelled" : "expired" };
}

/** Closes a request nobody answered; false when an answer won the race. */
function endRequest(
  place: AskPlace,
  id: string,
  status: "expired" | "cancelled",
): Promise<boolean> {
  return transactWithEvents(place.services, async (trx, emit) => {
    const ended = await new McpRequestsRepository(trx).end(id, status, undefined, new Date());
    if (ended) {
      await emit({
        userId: place.userId,
        type: "mcp_request_ended",
        contextId: place.contextId ?? null,
        data: { id, status },
      });
    }
    return ended;
  });
}
