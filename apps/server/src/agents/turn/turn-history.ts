import type { Message } from "@a2a-chat/contracts";
import { MessagesRepository } from "../../db/repositories/messages.js";
import { TaskBranchesRepository } from "../../db/repositories/task-branches.js";
import type { Services } from "../../http/services.js";
import { presentMessage } from "../../tasks/present-message.js";
import type { RunnerMessage } from "../model-runner.js";
import { messageText } from "../sdk-convert.js";
import { withAppContext } from "./app-context.js";

/** How many tasks of a conversation's branch (the turn's own included) the runner sees. */
export const historyTasks = 50;

/** A message's text with a line naming each file it carried, so later turns know of them. */
export function withFileNames(text: string, message: Message): string {
  const names = message.parts.flatMap((part) =>
    part.kind === "file" ? [`[Attached file: ${part.file.name ?? "Unnamed file"}]`] : [],
  );
  return names.length === 0 ? text : [text, ...names].filter((t) => t !== "").join("\n");
}

/**
 * The conversation so far as the runner reads it, oldest first, ending with the new user
 * message: the messages of the tasks on the turn's branch, from the first to the turn's own task
 * (at most `historyTasks` of them; other branches and artifacts are not part of it; a task that
 * a later task forks inside is read up to the message edited there), without the ones that say
 * nothing.
 */
export async function turnHistory(
  services: Services,
  contextId: string,
  taskId: string,
): Promise<RunnerMessage[]> {
  const db = services.db.kysely;
  const steps = await new TaskBranchesRepository(db).pathWithForks(contextId, taskId, historyTasks);
  const path = steps.map((step) => step.id);
  const rows = await new MessagesRepository(db).listForTasks(path);
  // A task on the path whose next task forks inside it is read up to that message only.
  const cutOf = new Map<string, string>();
  steps.forEach((step, index) => {
    const cut = steps[index + 1]?.forkAt;
    if (cut) cutOf.set(step.id, cut);
  });
  // Grouped by task in the branch's order; within a task, in the order they were written.
  const place = new Map(path.map((id, index) => [id, index]));
  const ordered = rows
    .map((row, index) => ({ row, index, task: place.get(row.task_id ?? "") ?? -1 }))
    .sort((a, b) => a.task - b.task || a.index - b.index)
    .map(({ row }) => row);
  const stopped = new Set<string>();
  const messages = ordered.filter((row) => {
    const task = row.task_id ?? "";
    if (stopped.has(task)) return false;
    if (cutOf.get(task) !== row.id) return true;
    stopped.add(task);
    return false;
  });
  return messages.flatMap((row) => {
    const message = presentMessage(row, services.logger);
    if (!message) return [];
    const text = withAppContext(withFileNames(messageText(message), message), message);
    if (text.trim() === "") return [];
    const role = message.role === "user" ? "user" : "assistant";
    return [{ role, text, key: `${row.user_id}/${row.id}` }];
  });
}
