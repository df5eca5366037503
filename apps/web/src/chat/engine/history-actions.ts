import { isValidTask, type Task } from "@a2a-chat/contracts";
import type { Agent } from "../../api/agent-types.js";
import { authenticatedRequest } from "../../lib/authenticated-request.js";
import { logger } from "../../lib/logger.js";
import { newTraceId } from "../../lib/trace-id.js";
import { loadingContextId } from "../../stores/contexts-reducers.js";
import { agentClientFor } from "./agent-clients.js";
import { assistantPlaceholder } from "./chat-messages.js";
import { finishStream } from "./chat-reducers.js";
import { endRun, findRun, startRun } from "./chat-runs.js";
import { chatEpoch, useChatStore } from "./chat-store.js";
import { followTask, isRunningState } from "./follow-task.js";
import { addResumePlaceholder, applyHistory } from "./history-reducers.js";

/** Core spec §8: loading a conversation's tasks failed. */
export const loadMessagesFailedMessage = "Failed to load messages";
/** How many of a conversation's latest tasks the first page holds (shown as soon as it arrives). */
export const historyTaskLimit = 100;
/** Tasks per page when older history follows (the server's most per call). */
export const olderHistoryPageSize = 500;

function historyPath(contextId: string, limit: number, before?: string): string {
  const base = `/api/v1/core/contexts/${encodeURIComponent(contextId)}/tasks?order=created&limit=${limit}`;
  return before ? `${base}&before=${encodeURIComponent(before)}` : base;
}

/** Finds the agent that owns a task, by the task's agent_name (possibly once the list loads). */
export type AgentResolver = (agentName: string) => Agent | undefined | Promise<Agent | undefined>;

function validTasks(body: unknown): Task[] {
  if (!Array.isArray(body)) throw new Error(loadMessagesFailedMessage);
  return body.filter((item): item is Task => {
    if (isValidTask(item)) return true;
    logger.warn("Skipping an invalid task in the conversation's history");
    return false;
  });
}

const loading = new Map<string, Promise<void>>();

/**
 * Reads the rest of a long conversation, older pages one after another, each merged as it comes
 * (the newest page is already shown). Stops at the first short page, a reset, or a failure (the
 * messages already shown stay; the failure is logged).
 */
async function loadOlderPages(contextId: string, epoch: number, loaded: Task[]): Promise<void> {
  let tasks = loaded;
  let oldest = tasks.at(-1)?.id;
  while (oldest) {
    const page = validTasks(
      await authenticatedRequest<unknown>(historyPath(contextId, olderHistoryPageSize, oldest)),
    );
    if (epoch !== chatEpoch()) return;
    tasks = [...tasks, ...page];
    const all = tasks;
    useChatStore.setState((state) => applyHistory(state, contextId, all, Date.now()));
    oldest = page.length === olderHistoryPageSize ? page.at(-1)?.id : undefined;
  }
}

/**
 * Loads a conversation's tasks (GET /api/v1/core/contexts/{id}/tasks, newest created first) and
 * merges their messages with the local ones: the newest page first, so a long conversation opens
 * at once, then older pages in the background. A failure of the first page marks the history as
 * errored with 'Failed to load messages'. Concurrent loads of one conversation share one request.
 */
export function loadHistory(contextId: string): Promise<void> {
  // The marker before conversations load names no conversation the server knows.
  if (contextId === loadingContextId) return Promise.resolve();
  const epoch = chatEpoch();
  const key = `${epoch} ${contextId}`;
  const existing = loading.get(key);
  if (existing) return existing;
  const setStatus = (status: "loading" | "loaded" | "error") => ({
    historyStatus: { ...useChatStore.getState().historyStatus, [contextId]: status },
  });
  useChatStore.setState(setStatus("loading"));
  const load = (async () => {
    try {
      const tasks = validTasks(
        await authenticatedRequest<unknown>(historyPath(contextId, historyTaskLimit)),
      );
      if (epoch !== chatEpoch()) return;
      useChatStore.setState((state) => ({
        ...applyHistory(state, contextId, tasks, Date.now()),
        ...setStatus("loaded"),
      }));
      if (tasks.length === historyTaskLimit) {
        loadOlderPages(contextId, epoch, tasks).catch((error: unknown) =>
          logger.warn(`Loading older messages of ${contextId} failed`, error),
        );
      }
    } catch (error) {
      logger.warn(`Loading the messages of ${contextId} failed`, error);
      if (epoch !== chatEpoch()) return;
      useChatStore.setState({ ...setStatus("error"), error: loadMessagesFailedMessage });
    } finally {
      loading.delete(key);
    }
  })();
  loading.set(key, load);
  return load;
}

async function resumeTask(resolveAgent: AgentResolver, task: Task): Promise<void> {
  const agent = await resolveAgent(task.metadata.agent_name);
  // Checked after the agent is known, right before the run starts: another follower may have
  // started while the agent list loaded.
  const taken = findRun(
    (run) =>
      run.taskId === task.id ||
      (run.taskId === undefined && run.target.contextId === task.contextId),
  );
  if (taken) return;
  if (!agent) {
    logger.warn(`No agent named ${task.metadata.agent_name} to resume task ${task.id}`);
    return;
  }
  const placeholder = {
    ...assistantPlaceholder({
      id: newTraceId(),
      contextId: task.contextId,
      timestamp: task.metadata.created_at,
      agentId: agent.url,
      agentName: task.metadata.agent_display_name ?? agent.displayName,
      taskId: task.id,
    }),
    taskState: task.status.state,
  };
  const target = { contextId: task.contextId, messageId: placeholder.id };
  const run = startRun({
    client: agentClientFor(agent),
    target,
    kind: "resume",
    epoch: chatEpoch(),
  });
  run.taskId = task.id;
  useChatStore.setState((state) => addResumePlaceholder(state, placeholder));
  try {
    await followTask(run, task.id);
  } finally {
    endRun(run);
    if (run.epoch === chatEpoch()) useChatStore.setState((state) => finishStream(state, target));
  }
}

/**
 * Continues the replies of a conversation's tasks that are still submitted or working (known
 * from its loaded history): each is resubscribed through the agent that owns it (else polled),
 * so a reply goes on after a reload or a conversation switch. Resolves when all have ended.
 */
export async function resumeActiveTasks(
  resolveAgent: AgentResolver,
  contextId: string,
): Promise<void> {
  const state = useChatStore.getState();
  const running = state.taskIds
    .map((id) => state.tasksById[id])
    .filter(
      (task): task is Task => task?.contextId === contextId && isRunningState(task.status.state),
    );
  await Promise.all(running.map((task) => resumeTask(resolveAgent, task)));
}
