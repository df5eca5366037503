import type { StreamResponse } from "@a2a-js/sdk";
import { TasksRepository } from "../db/repositories/tasks.js";
import type { TaskRow } from "../db/schema.js";
import type { Services } from "../http/services.js";
import { loadTask } from "../tasks/load-tasks.js";
import { artifactToSdk, messageText, taskToSdk } from "./sdk-convert.js";
import { deltaStatusUpdate } from "./streamed-replies.js";

/** Key of the call context's state holding an AbortSignal that fires when the client leaves. */
export const clientGoneKey = "a2a-chat.client-gone";
/** Call-context state key: the host (name and port) the A2A request reached this server at. */
export const requestHostKey = "a2a-chat.request-host";

/** Longest wait between two reads of a followed task (it is also read on every event of its user). */
const maxPollMs = 1000;

type Reply = { messageId: string; text: string };

/**
 * What the client was sent of the reply, and the piece that brings it to `reply` (undefined
 * when nothing new). A reply with another id, or text that no longer extends what was sent,
 * starts over.
 */
function nextPiece(sent: Reply | undefined, reply: Reply): Reply | undefined {
  if (reply.text === "") return undefined;
  if (sent?.messageId === reply.messageId && reply.text.startsWith(sent.text)) {
    const rest = reply.text.slice(sent.text.length);
    return rest === "" ? undefined : { messageId: reply.messageId, text: rest };
  }
  return reply;
}

/**
 * Follows a task that another server process runs (or ran, until it died), for a client that
 * subscribed here: the reply's text so far as saved in the task's row first, then what follows,
 * read from the row whenever the user's event log moves (LISTEN/NOTIFY across replicas) and at
 * least every save interval; artifacts as they are stored; and the task's end (or wait) last.
 * Ends with the task, or when the client leaves.
 */
export async function* followStoredTask(
  services: Services,
  taskId: string,
  known: { artifactIds: string[] },
  signal: AbortSignal | undefined,
): AsyncGenerator<StreamResponse, void, undefined> {
  const { kysely } = services.db;
  const tasks = new TasksRepository(kysely);
  const first = await tasks.findById(taskId);
  if (!first) return;
  const artifactIds = new Set(known.artifactIds);
  let sent: Reply | undefined;
  let seen = { status: first.status_timestamp, updated: first.updated_at };
  let news = false;
  let wake: () => void = () => {};
  const unwatch = services.hub.watch(first.user_id, () => {
    news = true;
    wake();
  });
  const onGone = () => wake();
  signal?.addEventListener("abort", onGone);
  await services.notifier.ready().catch(() => undefined);
  const pollMs = Math.min(services.config.runs.replySaveIntervalMs, maxPollMs);
  const sendReply = function* (row: TaskRow | undefined, reply: Reply | undefined) {
    if (!reply || !row) return;
    const piece = nextPiece(sent, reply);
    if (!piece) return;
    sent = reply;
    const update = deltaStatusUpdate(taskId, { contextId: row.context_id, ...piece });
    yield { payload: { $case: "statusUpdate", value: update } } satisfies StreamResponse;
  };
  try {
    let row: TaskRow | undefined = first;
    while (row && !signal?.aborted) {
      const saved =
        row.reply_id !== null && row.reply_text !== null
          ? { messageId: row.reply_id, text: row.reply_text }
          : undefined;
      yield* sendReply(row, saved);
      const changed = row.status_timestamp !== seen.status || row.updated_at !== seen.updated;
      const running = row.state === "submitted" || row.state === "working";
      if (changed || !running) {
        seen = { status: row.status_timestamp, updated: row.updated_at };
        const task = await loadTask(kysely, row, services.logger);
        if (!task) return;
        const sdk = taskToSdk(task);
        for (const artifact of task.artifacts) {
          if (artifactIds.has(artifact.artifactId)) continue;
          artifactIds.add(artifact.artifactId);
          const value = {
            taskId,
            contextId: task.contextId,
            artifact: artifactToSdk(artifact),
            append: false,
            lastChunk: true,
            metadata: undefined,
          };
          yield { payload: { $case: "artifactUpdate", value } } satisfies StreamResponse;
        }
        const message = task.status.message;
        if (!running && message?.role === "agent") {
          // The end's message is the whole reply: send what the saved text had not reached.
          yield* sendReply(row, { messageId: message.messageId, text: messageText(message) });
        }
        const value = {
          taskId,
          contextId: task.contextId,
          status: sdk.status,
          metadata: sdk.metadata,
        };
        yield { payload: { $case: "statusUpdate", value } } satisfies StreamResponse;
        if (!running) return;
      }
      if (!news) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      news = false;
      row = await tasks.findById(taskId);
    }
  } finally {
    unwatch();
    signal?.removeEventListener("abort", onGone);
  }
}
