import { cutReply } from "../../tasks/end-abandoned-task.js";
import type { RunnerTool } from "../model-runner.js";
import { watchReplyTime } from "../reply-limit.js";
import { readUpload, turnFiles } from "../turn-files.js";
import { endTurn } from "./end-turn.js";
import { type ReplyText, turnReplyText } from "./reply-text.js";
import { agentMessage, ownHosts, type Running, type Turn, type TurnDeps } from "./turn.js";
import { handleRunnerEvent, TurnProgress } from "./turn-events.js";
import { turnHistory } from "./turn-history.js";

/** Stops the turn for a reason it fails with (a limit, a shutdown, a lost claim); what it streamed is saved at once. */
export function cutTurn(deps: TurnDeps, running: Running, reason: string): void {
  running.cut ??= reason;
  running.controller.abort();
  deps.services.runs.saveNow();
}

/**
 * The heart of a turn: runs the agent's runner over the conversation, stores and publishes what
 * it yields as it comes (text in paced pieces, artifacts, tool calls and their results), and
 * ends the task: completed, waiting for the user, canceled, or failed with the reason it was
 * cut. The text streamed so far is always kept.
 */
export async function streamReply(
  deps: TurnDeps,
  turn: Turn,
  running: Running,
  tools: RunnerTool[],
): Promise<void> {
  const reply = turnReplyText(deps, turn, running);
  const stopWatch = watchReplyTime(deps.services.config.quotas.replySeconds, (reason) =>
    cutTurn(deps, running, reason),
  );
  try {
    await readRunner(deps, turn, running, tools, reply);
  } finally {
    stopWatch();
    // After a failure too: the text so far is published and recorded before the failure.
    reply.flush();
  }
}

async function readRunner(
  deps: TurnDeps,
  turn: Turn,
  running: Running,
  tools: RunnerTool[],
  reply: ReplyText,
): Promise<void> {
  const { services, agent, runner } = deps;
  const signal = running.controller.signal;
  const progress = new TurnProgress(runner.model);
  const access = {
    ...(services.selfFetch ? { fetch: services.selfFetch } : {}),
    ...(turn.token ? { token: turn.token } : {}),
  };
  const events = runner.run({
    systemPrompt: agent.systemPrompt,
    messages: await turnHistory(services, turn.contextId, turn.taskId),
    tools,
    signal,
    place: {
      contextId: turn.contextId,
      taskId: turn.taskId,
      userMessage: turn.userMessage,
      ownHosts: ownHosts(turn, services.config.server.publicUrl),
    },
    files: turnFiles(turn.userMessage, access),
    readUpload: (id, maxBytes, readSignal) => readUpload(access, id, maxBytes, readSignal),
  });
  for await (const event of events) {
    if (signal.aborted) break;
    if (event.kind === "text-delta") {
      // Past the limit the agent is no longer read: the abort drops its request or model call.
      const passed = reply.add(event.text);
      if (passed) cutTurn(deps, running, passed);
      continue;
    }
    reply.flush();
    const cut = (reason: string) => cutTurn(deps, running, reason);
    if (await handleRunnerEvent(deps, turn, event, { reply, progress, tools, cut })) return;
  }
  reply.flush();
  await endReply(deps, turn, running, reply, progress);
}

/** Ends the task once the runner is done or stopped: completed, failed (cut) or canceled. */
async function endReply(
  deps: TurnDeps,
  turn: Turn,
  running: Running,
  reply: ReplyText,
  progress: TurnProgress,
): Promise<void> {
  const { usage, toolCalls } = progress;
  if (!running.controller.signal.aborted) {
    // An added agent that sent whole messages and no streamed text: its last one is the reply.
    const said = reply.text === "" ? progress.said : undefined;
    const ended = said ?? agentMessage(turn, reply.messageId, reply.text);
    await endTurn(deps, turn, "completed", ended, usage);
    return;
  }
  // A call the stop interrupted has no result and never will: it reads as cancelled.
  if (toolCalls.cancelUnanswered()) progress.noteCalls();
  if (running.cut) {
    const ended = cutReply(turn, reply.messageId, reply.text, running.cut);
    await endTurn(deps, turn, "failed", ended, usage);
    return;
  }
  const canceled = agentMessage(turn, reply.messageId, reply.text || "Task canceled.");
  await endTurn(deps, turn, "canceled", canceled, usage);
}
