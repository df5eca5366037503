import type { Message, TaskState } from "@a2a-chat/contracts";
import { updateRunningStatus } from "../../tasks/task-status-commands.js";
import { putMessageWithStatus } from "../../tasks/turn-commands.js";
import type { RunnerEvent, RunnerTool } from "../model-runner.js";
import { ToolCallLog } from "../tool-call-log.js";
import { endTurn } from "./end-turn.js";
import type { ReplyText } from "./reply-text.js";
import { agentMessage, type Turn, type TurnDeps } from "./turn.js";
import { publishRecorded, storeArtifact, toolResultArtifact } from "./turn-artifacts.js";
import { publishRunningStatus } from "./turn-output.js";

/** What a turn learns as it runs, besides its text: its tool calls and the model's usage. */
export class TurnProgress {
  readonly toolCalls = new ToolCallLog();
  readonly usage: Record<string, unknown>;
  /** The agent's latest whole message (an added agent's status message): its reply when it streams no text. */
  said?: Message;

  constructor(model: string) {
    this.usage = { model };
  }

  /** Copies the tool calls so far into the usage metadata. */
  noteCalls(): void {
    Object.assign(this.usage, this.toolCalls.metadata());
  }
}

/** Stores a state of the turn's task, with its metadata, and publishes it. */
async function storeStatus(
  deps: TurnDeps,
  turn: Turn,
  state: TaskState,
  metadata: Record<string, unknown>,
): Promise<void> {
  const task = await updateRunningStatus(deps.services, turn.owner, turn.taskId, {
    state,
    metadata,
  });
  publishRunningStatus(deps, turn, task);
}

/**
 * Stores one of the agent's whole messages (a new id appended, a known one replaced) as the
 * task's status message, and publishes that status.
 */
async function storeSaid(deps: TurnDeps, turn: Turn, message: Message): Promise<void> {
  const place = { contextId: turn.contextId, taskId: turn.taskId };
  const stored = await putMessageWithStatus(deps.services, turn.owner, place, message, {
    state: "working",
  });
  if (stored) publishRunningStatus(deps, turn, stored.task, stored.message);
}

/**
 * Handles one runner event other than text: stores and publishes what it changes. Returns true
 * when the turn now waits for the user (input-required, auth-required): its run is over.
 */
export async function handleRunnerEvent(
  deps: TurnDeps,
  turn: Turn,
  event: Exclude<RunnerEvent, { kind: "text-delta" }>,
  context: {
    reply: ReplyText;
    progress: TurnProgress;
    tools: RunnerTool[];
    /** Stops the turn for a reason it fails with (the reply limit). */
    cut: (reason: string) => void;
  },
): Promise<boolean> {
  const { reply, progress, tools } = context;
  switch (event.kind) {
    case "message": {
      const { kept, passed } = reply.count(event.text);
      if (kept !== "") {
        progress.said = agentMessage(turn, event.messageId, kept);
        await storeSaid(deps, turn, progress.said);
      }
      if (passed) context.cut(passed);
      return false;
    }
    case "artifact":
      await storeArtifact(deps, turn, event.artifact);
      return false;
    case "tool-call":
      progress.toolCalls.called(
        event,
        new Date(),
        tools.find((t) => t.name === event.name)?.server,
      );
      progress.noteCalls();
      await storeStatus(deps, turn, "working", progress.usage);
      return false;
    case "tool-result": {
      // The call's result goes to the task's record of calls, which the chat shows.
      if (progress.toolCalls.answered(event.id, event.result)) {
        progress.noteCalls();
        await storeStatus(deps, turn, "working", progress.usage);
      }
      // Our MCP server already stored the call's artifact in this task: publish that one.
      const { executionId } = event.result;
      if (executionId && (await publishRecorded(deps, turn, executionId))) return false;
      const { made, extra } = toolResultArtifact(event);
      await storeArtifact(deps, turn, made, extra);
      return false;
    }
    case "input-required":
    case "auth-required": {
      // The task waits for the user; their next message on the same task resumes it.
      const asked = event.kind === "input-required" ? event.question : event.message;
      const words = reply.text.trim() ? reply.text : asked;
      const ask =
        words === "" && progress.said ? progress.said : agentMessage(turn, reply.messageId, words);
      await endTurn(deps, turn, event.kind, ask, progress.usage);
      return true;
    }
    case "finish":
      progress.usage.model = event.model;
      if (event.inputTokens !== undefined) progress.usage.input_tokens = event.inputTokens;
      if (event.outputTokens !== undefined) progress.usage.output_tokens = event.outputTokens;
      return false;
  }
}
