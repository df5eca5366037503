import type { Task } from "@a2a-chat/contracts";
import type { ChatMessage } from "../model/chat-types.js";
import { isFinalState } from "./sdk-events.js";

/**
 * Where a task sits among its siblings (the tasks that follow the same one, or that fork inside
 * the same task at the same message, the task itself first): 2 of 3.
 */
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
  /** The message of its parent each task that forks inside its parent replaces. */
  forkOf: Record<string, string>;
  /** How many of the loaded messages the branch leaves out (for the header's count). */
  hidden: number;
}

/** A task's parent as the server presents it; undefined when the task does not say. */
function parentOf(task: Task): string | null | undefined {
  return task.metadata.parent_task_id;
}

/** The message of its parent a task forks at (an edit of a later message); null: none. */
function forkAt(task: Task): string | null {
  return task.metadata.branch_message_id ?? null;
}

/** ISO times and ids compare as plain strings (localeCompare cost ~10x more on long lists). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byCreation = (a: Task, b: Task) =>
  compare(a.metadata.created_at, b.metadata.created_at) || compare(a.id, b.id);

/**
 * The tasks shown, each with the message it stops before (null: whole): the path from the root
 * to the leaf (a task that the next one on the path forks inside stops at that fork, the leaf at
 * the conversation's cut), and the tasks still running that follow the leaf (a message just
 * sent, before the server's new leaf arrives). A task that does not name its parent cannot be
 * placed and is shown.
 */
function shownTasks(
  tasks: readonly Task[],
  leaf: string | null,
  leafCut: string | null,
): Map<string, string | null> {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const shown = new Map<string, string | null>();
  let current = leaf === null ? undefined : byId.get(leaf);
  let cut = leafCut;
  while (current && !shown.has(current.id)) {
    shown.set(current.id, cut);
    cut = forkAt(current);
    const parent = parentOf(current);
    current = parent ? byId.get(parent) : undefined;
  }
  for (const task of tasks) {
    const parent = parentOf(task);
    if (parent === undefined) shown.set(task.id, null);
    else if (parent === leaf && !isFinalState(task.status.state)) shown.set(task.id, null);
  }
  return shown;
}

/** The messages the shown tasks hold, each task cut where the branch leaves it. */
function shownMessages(
  messages: readonly ChatMessage[],
  tasksById: Readonly<Record<string, Task>>,
  shown: Map<string, string | null>,
): ChatMessage[] {
  const stopped = new Set<string>();
  return messages.filter((message) => {
    const taskId = message.taskId;
    // A message whose task is unknown here (one being sent) always shows.
    if (!taskId || !(taskId in tasksById)) return true;
    if (!shown.has(taskId) || stopped.has(taskId)) return false;
    if (shown.get(taskId) !== message.id) return true;
    stopped.add(taskId);
    return false;
  });
}

/**
 * The branch of a conversation to show (pure): its messages on the path to the chosen leaf (a
 * message whose task is unknown here, such as one being sent, always shows), and a switcher on
 * each shown branch point: on a task's first user message and its reply when the task has
 * siblings; where tasks fork inside a task, on the message they replace (the task's own branch)
 * or on the fork's first message and reply. With no leaf known (undefined) every message shows.
 */
export function branchView(
  messages: readonly ChatMessage[],
  tasksById: Readonly<Record<string, Task>>,
  contextId: string,
  leaf: string | null | undefined,
  leafCut: string | null = null,
): BranchView {
  const tasks = Object.values(tasksById)
    .filter((task) => task.contextId === contextId)
    .sort(byCreation);
  const parents: Record<string, string | null> = {};
  const forkOf: Record<string, string> = {};
  // Siblings by branch point: a parent (tasks that follow it), or a parent and the message of
  // it that forks replace (the parent itself first: its own continuation past that message).
  const children = new Map<string, string[]>();
  const add = (key: string, id: string, first?: string) => {
    const siblings = children.get(key);
    if (siblings) siblings.push(id);
    else children.set(key, first === undefined ? [id] : [first, id]);
  };
  for (const task of tasks) {
    const parent = parentOf(task);
    if (parent === undefined) continue;
    parents[task.id] = parent;
    const fork = forkAt(task);
    if (fork !== null && parent !== null) {
      forkOf[task.id] = fork;
      add(`${parent} ${fork}`, task.id, parent);
    } else add(`${parent}`, task.id);
  }
  const shown = leaf === undefined ? undefined : shownTasks(tasks, leaf, leafCut);
  const list = shown ? shownMessages(messages, tasksById, shown) : [...messages];
  const placeOf: Record<string, BranchPlace> = {};
  const firstUser = new Map<string, string>();
  const lastReply = new Map<string, string>();
  const visible = new Set<string>();
  for (const message of list) {
    visible.add(message.id);
    if (!message.taskId) continue;
    if (message.role === "user" && !firstUser.has(message.taskId))
      firstUser.set(message.taskId, message.id);
    if (message.role === "assistant") lastReply.set(message.taskId, message.id);
  }
  const place = (key: string, taskId: string, on: (string | undefined)[]) => {
    const siblings = children.get(key) ?? [];
    if (siblings.length < 2) return;
    const at = { taskId, siblings, index: siblings.indexOf(taskId) };
    for (const id of on) if (id) placeOf[id] = at;
  };
  for (const [taskId, parent] of Object.entries(parents)) {
    const fork = forkOf[taskId];
    const key = fork !== undefined && parent !== null ? `${parent} ${fork}` : `${parent}`;
    place(key, taskId, [firstUser.get(taskId), lastReply.get(taskId)]);
    // The parent's own branch past the message forks replace: the switcher sits on that message.
    if (fork !== undefined && parent !== null && visible.has(fork)) {
      place(key, parent, [fork]);
    }
  }
  return {
    messages: list,
    placeOf,
    parentOf: parents,
    forkOf,
    hidden: messages.length - list.length,
  };
}
