import type { Task } from "@a2a-chat/contracts";
import type { ChatMessage } from "../model/chat-types.js";
import { isFinalState } from "./sdk-events.js";

/** Where a task sits among its siblings (the tasks that follow the same one): 2 of 3. */
export interface BranchPlace {
  /** The task of this branch. */
  taskId: string;
  /** Its siblings, oldest first, itself included. */
  siblings: string[];
  /** Its position among them, from 0. */
  index: number;
}

/** A conversation as its chosen branch shows it. */
export interface BranchView {
  /** The messages on the branch, oldest first. */
  messages: ChatMessage[];
  /** The branch switcher of the messages that carry one (a task's first user message and its reply). */
  placeOf: Record<string, BranchPlace>;
  /** The task each shown task follows (null: the first), for edits and regenerations. */
  parentOf: Record<string, string | null>;
}

/** A task's parent as the server presents it; undefined when the task does not say. */
function parentOf(task: Task): string | null | undefined {
  return task.metadata.parent_task_id;
}

/** ISO times and ids compare as plain strings (localeCompare cost ~10x more on long lists). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byCreation = (a: Task, b: Task) =>
  compare(a.metadata.created_at, b.metadata.created_at) || compare(a.id, b.id);

/**
 * The tasks shown: the path from the root to the leaf, and the tasks still running that follow
 * the leaf (a message just sent, before the server's new leaf arrives). A task that does not
 * name its parent cannot be placed and is shown.
 */
function shownTasks(tasks: readonly Task[], leaf: string | null): Set<string> {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const shown = new Set<string>();
  let current = leaf === null ? undefined : byId.get(leaf);
  while (current && !shown.has(current.id)) {
    shown.add(current.id);
    const parent = parentOf(current);
    current = parent ? byId.get(parent) : undefined;
  }
  for (const task of tasks) {
    const parent = parentOf(task);
    if (parent === undefined) shown.add(task.id);
    else if (parent === leaf && !isFinalState(task.status.state)) shown.add(task.id);
  }
  return shown;
}

/**
 * The branch of a conversation to show (pure): its messages on the path to the chosen leaf (a
 * message whose task is unknown here, such as one being sent, always shows), and a switcher for
 * each shown task that has siblings, on its first user message and on its reply. With no leaf
 * known (undefined) every message shows.
 */
export function branchView(
  messages: readonly ChatMessage[],
  tasksById: Readonly<Record<string, Task>>,
  contextId: string,
  leaf: string | null | undefined,
): BranchView {
  const tasks = Object.values(tasksById)
    .filter((task) => task.contextId === contextId)
    .sort(byCreation);
  const parents: Record<string, string | null> = {};
  const children = new Map<string | null, string[]>();
  for (const task of tasks) {
    const parent = parentOf(task);
    if (parent === undefined) continue;
    parents[task.id] = parent;
    const siblings = children.get(parent);
    if (siblings) siblings.push(task.id);
    else children.set(parent, [task.id]);
  }
  const shown = leaf === undefined ? undefined : shownTasks(tasks, leaf);
  const list = shown
    ? messages.filter(
        (message) => !message.taskId || !(message.taskId in tasksById) || shown.has(message.taskId),
      )
    : [...messages];
  const placeOf: Record<string, BranchPlace> = {};
  const firstUser = new Map<string, string>();
  const lastReply = new Map<string, string>();
  for (const message of list) {
    if (!message.taskId) continue;
    if (message.role === "user" && !firstUser.has(message.taskId))
      firstUser.set(message.taskId, message.id);
    if (message.role === "assistant") lastReply.set(message.taskId, message.id);
  }
  for (const [taskId, parent] of Object.entries(parents)) {
    const siblings = children.get(parent) ?? [];
    if (siblings.length < 2) continue;
    const place = { taskId, siblings, index: siblings.indexOf(taskId) };
    const user = firstUser.get(taskId);
    const reply = lastReply.get(taskId);
    if (user) placeOf[user] = place;
    if (reply) placeOf[reply] = place;
  }
  return { messages: list, placeOf, parentOf: parents };
}
