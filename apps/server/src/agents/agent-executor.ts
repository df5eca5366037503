import { randomUUID } from "node:crypto";
import {
  type Artifact,
  isTerminalTaskState,
  type Message,
  type Task,
  type TaskState,
} from "@a2a-chat/contracts";
import {
  AgentEvent,
  type AgentExecutionEvent,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
  STATE_HEADERS_KEY,
} from "@a2a-js/sdk/server";
import type { AgentConfig } from "../config/schema.js";
import { ArtifactsRepository } from "../db/repositories/artifacts.js";
import { ExternalMcpServersRepository } from "../db/repositories/external-mcp-servers.js";
import { MessagesRepository } from "../db/repositories/messages.js";
import { TasksRepository } from "../db/repositories/tasks.js";
import { ToolExecutionsRepository } from "../db/repositories/tool-executions.js";
import { AppError } from "../http/errors.js";
import type { Services } from "../http/services.js";
import { addArtifact } from "../tasks/artifact-commands.js";
import { cutReply } from "../tasks/end-abandoned-task.js";
import { presentArtifact } from "../tasks/present-artifact.js";
import { presentMessage } from "../tasks/present-message.js";
import type { Owner } from "../tasks/task-checks.js";
import { updateTaskStatus } from "../tasks/task-status-commands.js";
import { appendMessageWithStatus, createWorkingTask } from "../tasks/turn-commands.js";
import { callerOf } from "./caller-user.js";
import { publishDelta } from "./direct-deltas.js";
import { requestHostKey } from "./follow-stored-task.js";
import { openAgentTools } from "./mcp-tools.js";
import type { ModelRunner, RunnerArtifact, RunnerMessage, RunnerTool } from "./model-runner.js";
import { PacedDeltas } from "./paced-deltas.js";
import { ReplyLimit, replyLimitReason, watchReplyTime } from "./reply-limit.js";
import type { RunningTaskViews } from "./running-task-views.js";
import {
  artifactToSdk,
  messageFromSdk,
  messageText,
  messageToSdk,
  stateToSdk,
  taskToSdk,
} from "./sdk-convert.js";
import { deltaStatusUpdate, StreamedReplies } from "./streamed-replies.js";
import { ToolCallLog } from "./tool-call-log.js";
import { readUpload, turnFiles } from "./turn-files.js";

/** How many earlier tasks of a conversation the runner sees. */
const historyTasks = 50;

interface Turn {
  owner: Owner;
  /** The caller's scopes, which decide the tools a built-in server offers. */
  scopes: readonly string[];
  taskId: string;
  contextId: string;
  bus: ExecutionEventBus;
  /** The user's new message. */
  userMessage?: Message;
  /** The caller's bearer token and trace id, forwarded to the agent's tool servers. */
  token?: string;
  traceId?: string;
  /** The host the user reached this server at, when known. */
  host?: string;
}

const tracePattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's bearer token and trace id, from the A2A request's headers. */
function callerHeaders(request: RequestContext): { token?: string; traceId?: string } {
  const headers = request.context.state.get(STATE_HEADERS_KEY) as
    | Record<string, string | string[] | undefined>
    | undefined;
  const first = (name: string) => {
    const value = headers?.[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const token = /^Bearer\s+(\S+)$/i.exec(first("authorization") ?? "")?.[1];
  const trace = first("x-trace-id");
  return {
    ...(token ? { token } : {}),
    ...(trace && tracePattern.test(trace) ? { traceId: trace } : {}),
  };
}

function requestHost(request: RequestContext): { host?: string } {
  const host = request.context.state.get(requestHostKey);
  return typeof host === "string" && host !== "" ? { host } : {};
}

/** Hosts whose links are this server's own: the one the user reached, the configured public one. */
function ownHosts(turn: Turn, publicUrl: string | undefined): string[] {
  const hosts = turn.host ? [turn.host] : [];
  if (publicUrl) hosts.push(new URL(publicUrl).host);
  return hosts;
}

/** A turn running in this process: its stop switch, and why it was cut, if it was. */
interface Running {
  controller: AbortController;
  /** Set when the turn was ended for a reason (shutdown, lost claim): it fails with it. */
  cut?: string;
  /** Reply text held back until a save catches up (see TaskRuns.mayShow). */
  held?: { messageId: string; text: string };
}

function agentMessage(turn: Turn, messageId: string, text: string): Message {
  return {
    messageId,
    role: "agent",
    parts: [{ kind: "text", text }],
    contextId: turn.contextId,
    taskId: turn.taskId,
  };
}

/** A message's text with a line naming each file it carried, so later turns know of them. */
function withFileNames(text: string, message: Message): string {
  const names = message.parts.flatMap((part) =>
    part.kind === "file" ? [`[Attached file: ${part.file.name ?? "Unnamed file"}]`] : [],
  );
  return names.length === 0 ? text : [text, ...names].filter((t) => t !== "").join("\n");
}

function dataOf(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { value };
}

/**
 * Runs one agent's turns: persists each step through our task commands (which emit the live
 * stream events), then publishes the matching SDK event. Persist-then-publish means a client
 * that disconnects loses nothing: the run goes on, and resubscribing or reading the task returns
 * the stored result.
 */
export class ChatAgentExecutor implements AgentExecutor {
  private readonly running = new Map<string, Running>();
  /** The text of each running reply so far, for clients that subscribe mid-reply. */
  readonly replies = new StreamedReplies();

  constructor(
    private readonly services: Services,
    private readonly agent: AgentConfig,
    private readonly runner: ModelRunner,
    private readonly views?: RunningTaskViews,
    /** How often, at most, a reply's text is published (see PacedDeltas); the runner's by default. */
    private readonly deltaIntervalMs = runner.deltaIntervalMs ?? 0,
  ) {}

  async execute(request: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const caller = callerOf(request.context);
    const owner = { userId: caller.userId };
    const turn: Turn = {
      owner,
      scopes: caller.scopes,
      taskId: request.taskId,
      contextId: request.contextId,
      bus,
      userMessage: messageFromSdk(request.userMessage),
      ...callerHeaders(request),
      ...requestHost(request),
    };
    const running: Running = { controller: new AbortController() };
    this.running.set(turn.taskId, running);
    this.views?.start(turn.taskId, request.context);
    const { runs } = this.services;
    try {
      await this.start(turn, request);
      // The task's row now names this process as its runner (see TaskRuns).
      runs.begin(
        turn.taskId,
        (reason) => this.cut(running, reason),
        () => this.release(turn, running),
      );
      await this.run(turn, running);
    } catch (error) {
      await this.fail(turn, error);
    } finally {
      this.running.delete(turn.taskId);
      this.replies.end(turn.taskId);
      runs.end(turn.taskId);
      this.views?.end(turn.taskId, request.context);
    }
  }

  /** Ends a running turn for a reason (it fails with it); what it streamed is saved at once. */
  private cut(running: Running, reason: string): void {
    running.cut ??= reason;
    running.controller.abort();
    this.services.runs.saveNow();
  }

  /** Whether this process runs the task now. */
  isRunning(taskId: string): boolean {
    return this.running.has(taskId);
  }

  async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    const running = this.running.get(taskId);
    if (running) {
      // The run loop sees the abort, stores canceled and publishes it; the SDK then ends the bus.
      running.controller.abort();
      return;
    }
    // Not running (waiting for input): the SDK already checked the caller owns the task.
    const row = await new TasksRepository(this.services.db.kysely).findById(taskId);
    if (!row) return;
    const turn = {
      owner: { userId: row.user_id },
      scopes: [],
      taskId,
      contextId: row.context_id,
      bus,
    };
    await this.finish(turn, "canceled", agentMessage(turn, randomUUID(), "Task canceled."));
    bus.finished();
  }

  private async start(turn: Turn, request: RequestContext): Promise<void> {
    const userMessage = {
      ...messageFromSdk(request.userMessage),
      contextId: turn.contextId,
      taskId: turn.taskId,
    };
    if (!request.task) {
      const { working } = await createWorkingTask(this.services, turn.owner, {
        id: turn.taskId,
        contextId: turn.contextId,
        agentName: this.agent.name,
        taskType: "agent_message",
        initialMessage: userMessage,
        metadata: {
          model: this.runner.model,
          agent_display_name: this.agent.displayName ?? this.agent.name,
        },
        run: this.services.runs.lease(),
      });
      // The task goes out once, already working (the live stream has its creation and its
      // move to working): one SDK event and one server-sent event fewer per turn.
      const sdkTask = taskToSdk(working);
      this.views?.stored(turn.taskId, sdkTask);
      turn.bus.publish(AgentEvent.task(sdkTask));
      return;
    }
    // The user answered a task that waited for them. A stream's first event must be the task
    // (the SDK's client refuses a status update first), so the answered task goes out, working.
    await this.services.runs.claim(turn.taskId);
    const resumed = await appendMessageWithStatus(
      this.services,
      turn.owner,
      { contextId: turn.contextId, taskId: turn.taskId },
      userMessage,
      { state: "working" },
    );
    if (!resumed) throw new AppError("conflict", "Task has already ended");
    const sdkTask = taskToSdk(resumed);
    this.views?.stored(turn.taskId, sdkTask);
    turn.bus.publish(AgentEvent.task(sdkTask));
  }

  /**
   * Earlier turns of the conversation, oldest first, ending with the new user message: the
   * messages of its latest tasks (their artifacts are not part of what the runner reads).
   */
  private async history(turn: Turn): Promise<RunnerMessage[]> {
    const { kysely } = this.services.db;
    // Grouped by task in the tasks' order; within a task, in the order they were written.
    const messages = await new MessagesRepository(kysely).listForLatestTasks(
      turn.contextId,
      historyTasks,
    );
    return messages.flatMap((row) => {
      const message = presentMessage(row, this.services.logger);
      if (!message) return [];
      const text = withFileNames(messageText(message), message);
      if (text.trim() === "") return [];
      const role = message.role === "user" ? "user" : "assistant";
      return [{ role, text, key: `${row.user_id}/${row.id}` }];
    });
  }

  private async run(turn: Turn, running: Running): Promise<void> {
    const { config } = this.services;
    if (this.runner.usesTools === false) {
      await this.runWith(turn, running, []);
      return;
    }
    // The MCP servers the caller added and lets this agent use (a per-user, per-agent choice).
    const userServers = await new ExternalMcpServersRepository(
      this.services.db.kysely,
    ).listForAgent(turn.owner.userId, this.agent.name);
    if (this.agent.mcpServers.length === 0 && userServers.length === 0) {
      await this.runWith(turn, running, []);
      return;
    }
    const agentTools = await openAgentTools({
      userServers,
      services: this.services,
      agent: this.agent,
      token: turn.token,
      scopes: turn.scopes,
      contextId: turn.contextId,
      taskId: turn.taskId,
      traceId: turn.traceId ?? randomUUID(),
      origin: config.server.publicUrl ?? `http://localhost:${config.server.port}`,
      ownCallTimeoutMs: config.quotas.replySeconds * 1000,
    });
    try {
      await this.runWith(turn, running, agentTools.tools);
    } finally {
      await agentTools.close();
    }
  }

  private async runWith(turn: Turn, running: Running, tools: RunnerTool[]): Promise<void> {
    const replyId = randomUUID();
    // Text goes out at once or at most every deltaIntervalMs; pending text goes before anything
    // else, text held back for a lagging save too.
    const paced = new PacedDeltas({
      publish: (piece) => this.publishDelta(turn, running, replyId, piece),
      intervalMs: this.deltaIntervalMs,
    });
    const deltas = {
      add: (piece: string) => paced.add(piece),
      flush: () => {
        paced.flush();
        this.release(turn, running);
      },
    };
    const stopWatch = watchReplyTime(this.services.config.quotas.replySeconds, (reason) =>
      this.cut(running, reason),
    );
    try {
      await this.runEvents(turn, running, tools, replyId, deltas);
    } finally {
      stopWatch();
      // After a failure too: the text so far is published and recorded before the failure.
      deltas.flush();
    }
  }

  private async runEvents(
    turn: Turn,
    running: Running,
    tools: RunnerTool[],
    replyId: string,
    deltas: Pick<PacedDeltas, "add" | "flush">,
  ): Promise<void> {
    const signal = running.controller.signal;
    let text = "";
    // Past the limit the agent is no longer read: the abort drops its request or model call.
    const limit = new ReplyLimit(this.services.config.quotas.replyBytes);
    const usage: Record<string, unknown> = { model: this.runner.model };
    const toolCalls = new ToolCallLog();
    const messages = await this.history(turn);
    const access = {
      ...(this.services.selfFetch ? { fetch: this.services.selfFetch } : {}),
      ...(turn.token ? { token: turn.token } : {}),
    };
    for await (const event of this.runner.run({
      systemPrompt: this.agent.systemPrompt,
      messages,
      tools,
      signal,
      place: {
        contextId: turn.contextId,
        taskId: turn.taskId,
        userMessage: turn.userMessage,
        ownHosts: ownHosts(turn, this.services.config.server.publicUrl),
      },
      files: turnFiles(turn.userMessage, access),
      readUpload: (id, maxBytes, readSignal) => readUpload(access, id, maxBytes, readSignal),
    })) {
      if (signal.aborted) break;
      if (event.kind === "text-delta") {
        const piece = limit.take(event.text);
        text += piece;
        if (piece !== "") deltas.add(piece);
        if (limit.passed) this.cut(running, replyLimitReason(limit.limitBytes));
        continue;
      }
      deltas.flush();
      switch (event.kind) {
        case "artifact":
          await this.artifact(turn, event.artifact);
          break;
        case "tool-result":
          // The call's result goes to the task's record of calls, which the chat shows.
          if (toolCalls.answered(event.id, event.result)) {
            Object.assign(usage, toolCalls.metadata());
            await this.status(turn, "working", undefined, usage);
          }
          // Our MCP server already stored the call's artifact in this task: publish that one.
          if (event.result.executionId && (await this.recorded(turn, event.result.executionId)))
            break;
          await this.artifact(
            turn,
            {
              name: event.name,
              artifactType: "json",
              data: event.result.data ?? { text: event.result.text },
              ...(event.result.files ? { files: event.result.files } : {}),
            },
            {
              tool_name: event.name,
              tool_execution_id: event.id,
              source: "mcp_tool",
              ...(event.result.isError ? { type: "tool_error" } : {}),
            },
          );
          break;
        case "tool-call":
          toolCalls.called(event, new Date(), tools.find((t) => t.name === event.name)?.server);
          Object.assign(usage, toolCalls.metadata());
          await this.status(turn, "working", undefined, usage);
          break;
        case "input-required":
        case "auth-required": {
          // The task waits for the user; their next message on the same task resumes it.
          const said = event.kind === "input-required" ? event.question : event.message;
          const ask = agentMessage(turn, replyId, text.trim() ? text : said);
          await this.finish(turn, event.kind, ask, usage);
          return;
        }
        case "finish":
          usage.model = event.model;
          if (event.inputTokens !== undefined) usage.input_tokens = event.inputTokens;
          if (event.outputTokens !== undefined) usage.output_tokens = event.outputTokens;
          break;
      }
    }
    deltas.flush();
    if (signal.aborted) {
      // A call the stop interrupted has no result and never will: it reads as cancelled.
      if (toolCalls.cancelUnanswered()) Object.assign(usage, toolCalls.metadata());
      if (running.cut) {
        const place = { contextId: turn.contextId, taskId: turn.taskId };
        await this.finish(turn, "failed", cutReply(place, replyId, text, running.cut), usage);
        return;
      }
      await this.finish(
        turn,
        "canceled",
        agentMessage(turn, replyId, text || "Task canceled."),
        usage,
      );
      return;
    }
    await this.finish(turn, "completed", agentMessage(turn, replyId, text), usage);
  }

  /**
   * Publishes the artifact a tool call's execution record stored in this task (it is already
   * persisted and on the live stream). False when there is none, so the caller stores one itself.
   */
  private async recorded(turn: Turn, executionId: string): Promise<boolean> {
    const { kysely } = this.services.db;
    const execution = await new ToolExecutionsRepository(kysely).findById(executionId);
    if (!execution || execution.user_id !== turn.owner.userId || !execution.artifact_id)
      return false;
    const row = await new ArtifactsRepository(kysely).findById(execution.artifact_id);
    if (!row || row.task_id !== turn.taskId) return false;
    const artifact = presentArtifact(row, this.services.logger);
    if (!artifact) return false;
    this.publishStored(
      turn,
      AgentEvent.artifactUpdate({
        taskId: turn.taskId,
        contextId: turn.contextId,
        artifact: artifactToSdk(artifact),
        append: false,
        lastChunk: true,
        metadata: undefined,
      }),
    );
    return true;
  }

  /** Publishes the event of a change just stored, so the SDK's load for it reads the tables. */
  private publishStored(turn: Turn, event: AgentExecutionEvent): void {
    this.views?.changed(turn.taskId);
    turn.bus.publish(event);
  }

  /**
   * A piece of the reply: handed to the saves at once, and shown unless the shown text already
   * runs a save interval ahead of the saved (then held until a save catches up).
   */
  private publishDelta(turn: Turn, running: Running, replyId: string, delta: string): void {
    const held = running.held?.messageId === replyId ? running.held.text + delta : delta;
    running.held = { messageId: replyId, text: held };
    const shown = this.replies.current(turn.taskId);
    const before = shown?.messageId === replyId ? shown.text : "";
    const { runs } = this.services;
    runs.replied(turn.taskId, { messageId: replyId, text: before + held });
    if (runs.mayShow(turn.taskId)) this.release(turn, running);
  }

  /** Shows the text held back, if any. */
  private release(turn: Turn, running: Running): void {
    const held = running.held;
    if (!held || held.text === "") return;
    running.held = undefined;
    const piece = { contextId: turn.contextId, messageId: held.messageId, text: held.text };
    // Recorded in the same step as published, so a subscriber gets each piece exactly once.
    const soFar = this.replies.add(turn.taskId, piece);
    this.services.runs.shown(turn.taskId, soFar.text.length);
    // Past the SDK's processing: a delta changes nothing stored (see direct-deltas.ts).
    publishDelta(turn.bus, deltaStatusUpdate(turn.taskId, piece));
  }

  private async artifact(
    turn: Turn,
    made: RunnerArtifact,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    const artifact: Artifact = {
      artifactId: randomUUID(),
      name: made.name,
      ...(made.description ? { description: made.description } : {}),
      parts: made.parts ?? [{ kind: "data", data: dataOf(made.data) }, ...(made.files ?? [])],
      metadata: {
        artifact_type: made.artifactType,
        context_id: turn.contextId,
        task_id: turn.taskId,
        created_at: new Date().toISOString(),
        ...(made.renderingHints ? { rendering_hints: made.renderingHints } : {}),
        ...(made.fingerprint ? { fingerprint: made.fingerprint } : {}),
        ...extra,
      },
    };
    const outcome = await addArtifact(this.services, turn.owner, { taskId: turn.taskId, artifact });
    if (!outcome.stored) return;
    this.publishStored(
      turn,
      AgentEvent.artifactUpdate({
        taskId: turn.taskId,
        contextId: turn.contextId,
        artifact: artifactToSdk(outcome.artifact),
        append: false,
        lastChunk: true,
        metadata: undefined,
      }),
    );
  }

  /** Stores a state (with its message) and publishes it. */
  private async status(
    turn: Turn,
    state: TaskState,
    message?: Message,
    metadata?: Record<string, unknown>,
  ): Promise<void> {
    const task = await updateTaskStatus(this.services, turn.owner, turn.taskId, {
      state,
      ...(message ? { message } : {}),
      ...(metadata ? { metadata } : {}),
    });
    this.views?.stored(turn.taskId, taskToSdk(task));
    this.publishStatus(turn, task);
  }

  /** Publishes the status of a task just stored (its message, if any, is the status's). */
  private publishStatus(turn: Turn, task: Task): void {
    turn.bus.publish(
      AgentEvent.statusUpdate({
        taskId: turn.taskId,
        contextId: turn.contextId,
        status: {
          state: stateToSdk(task.status.state),
          message: task.status.message ? messageToSdk(task.status.message) : undefined,
          timestamp: task.status.timestamp,
        },
        metadata: task.metadata,
      }),
    );
  }

  /**
   * Ends the task, or leaves it waiting for the user: the reply (unless empty) joins the history
   * and the state is stored with it, in one transaction, then published. A turn running here
   * writes its end only while this process's claim on the task holds (a replica that took it for
   * dead has ended it with the text saved so far: one reply, not two).
   */
  private async finish(
    turn: Turn,
    state: TaskState,
    reply: Message,
    metadata?: Record<string, unknown>,
  ): Promise<void> {
    const { runs } = this.services;
    const runner = this.running.has(turn.taskId) ? runs.runnerId : undefined;
    let task: Task | undefined;
    try {
      task = await appendMessageWithStatus(
        this.services,
        turn.owner,
        { contextId: turn.contextId, taskId: turn.taskId },
        messageText(reply).trim() !== "" ? reply : undefined,
        { state, message: reply, ...(metadata ? { metadata } : {}) },
        runner,
      );
    } catch (error) {
      if (!(error instanceof AppError && error.code === "conflict")) throw error;
    }
    // The end is stored (which cleared the claim), or someone else's stands.
    runs.end(turn.taskId);
    if (runner !== undefined && !task) {
      this.services.logger.warn({ taskId: turn.taskId }, "the task was ended elsewhere");
    }
    // Someone else ended it first (a cancel racing completion): the stored end stands.
    if (!task) return;
    this.views?.stored(turn.taskId, taskToSdk(task));
    this.publishStatus(turn, task);
  }

  private async fail(turn: Turn, error: unknown): Promise<void> {
    this.services.logger.error({ err: error, taskId: turn.taskId }, "agent run failed");
    const row = await new TasksRepository(this.services.db.kysely).findById(turn.taskId);
    if (!row || row.user_id !== turn.owner.userId || isTerminalTaskState(row.state as TaskState)) {
      throw error;
    }
    const reason = `Agent execution error: ${error instanceof Error ? error.message : String(error)}`;
    // What the reply streamed before the error is kept, the error after it.
    const soFar = this.replies.current(turn.taskId);
    const place = { contextId: turn.contextId, taskId: turn.taskId };
    await this.finish(
      turn,
      "failed",
      cutReply(place, soFar?.messageId ?? randomUUID(), soFar?.text ?? "", reason),
    );
  }
}
