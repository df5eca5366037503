import { randomUUID } from "node:crypto";
import type { AgentExecutor, ExecutionEventBus, RequestContext } from "@a2a-js/sdk/server";
import type { AgentConfig } from "../config/schema.js";
import { withConnectionWait } from "../db/connection-wait.js";
import { TasksRepository } from "../db/repositories/tasks.js";
import type { Services } from "../http/services.js";
import { inSpan } from "../observe/tracing.js";
import type { ModelRunner } from "./model-runner.js";
import type { RunningTaskViews } from "./running-task-views.js";
import { StreamedReplies } from "./streamed-replies.js";
import { beginTurn } from "./turn/begin-turn.js";
import { endTurn, failTurn } from "./turn/end-turn.js";
import { showHeld } from "./turn/reply-text.js";
import { cutTurn, streamReply } from "./turn/stream-reply.js";
import { agentMessage, type Running, type Turn, type TurnDeps, turnOf } from "./turn/turn.js";
import { publishStatus } from "./turn/turn-output.js";
import { turnSpanName, turnSpanStart } from "./turn/turn-span.js";
import { withTurnTools } from "./turn/turn-tools.js";

/**
 * Runs one agent's turns. A turn is a pipeline of small steps (agents/turn/), read top to
 * bottom in `execute`: begin (store the task as working, claim the run), open the tools, stream
 * the reply (store and publish what the runner yields, then end the task), and on any error
 * fail the task keeping the text so far. Every step persists before it publishes, so a client
 * that disconnects loses nothing: the run goes on, and resubscribing or reading the task
 * returns the stored result.
 */
export class ChatAgentExecutor implements AgentExecutor {
  private readonly running = new Map<string, Running>();
  /** The text of each running reply so far, for clients that subscribe mid-reply. */
  readonly replies = new StreamedReplies();
  private readonly deps: TurnDeps;

  constructor(
    services: Services,
    agent: AgentConfig,
    runner: ModelRunner,
    views?: RunningTaskViews,
    /** How often, at most, a reply's text is published (see PacedDeltas); the runner's by default. */
    deltaIntervalMs = runner.deltaIntervalMs ?? 0,
  ) {
    this.deps = {
      services,
      agent,
      runner,
      views,
      replies: this.replies,
      deltaIntervalMs,
      runsHere: (taskId) => this.running.has(taskId),
    };
  }

  /**
   * A turn (one span when tracing is on) waits for database connections as long as its reply
   * may last, and never gives up because its caller left: what the agent produced is saved
   * whoever still listens.
   */
  execute(request: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const turn = turnOf(request, bus);
    const { services } = this.deps;
    const traced = () =>
      inSpan(turnSpanName(this.deps), turnSpanStart(this.deps), async (span) => {
        await this.run(request, turn);
        if (turn.outcome) span.set("a2a_chat.turn.outcome", turn.outcome);
      });
    // Only a PostgreSQL pool has connections to wait for (see db/connection-wait.ts).
    if (services.db.dialect !== "postgres") return traced();
    return withConnectionWait({ waitMs: services.config.quotas.replySeconds * 1000 }, traced);
  }

  private async run(request: RequestContext, turn: Turn): Promise<void> {
    const { deps } = this;
    const { runs } = deps.services;
    const running: Running = { controller: new AbortController() };
    let unlisten = () => {};
    this.running.set(turn.taskId, running);
    deps.views?.start(turn.taskId, request.context);
    try {
      await beginTurn(deps, turn, request);
      // The task's row now names this process as its runner (see TaskRuns).
      runs.begin(
        turn.taskId,
        (reason) => cutTurn(deps, running, reason),
        () => showHeld(deps, turn, running),
      );
      // A tool call that asks the user makes the task wait (see mcp/requests/task-pause.ts).
      unlisten = runs.statuses.listen(turn.taskId, (task) => publishStatus(deps, turn, task));
      await withTurnTools(deps, turn, (tools) => streamReply(deps, turn, running, tools));
    } catch (error) {
      await failTurn(deps, turn, error);
    } finally {
      unlisten();
      this.running.delete(turn.taskId);
      this.replies.end(turn.taskId);
      runs.end(turn.taskId);
      deps.views?.end(turn.taskId, request.context);
    }
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
    const row = await new TasksRepository(this.deps.services.db.kysely).findById(taskId);
    if (!row) return;
    const turn = {
      owner: { userId: row.user_id },
      scopes: [],
      taskId,
      contextId: row.context_id,
      bus,
    };
    await endTurn(this.deps, turn, "canceled", agentMessage(turn, randomUUID(), "Task canceled."));
    bus.finished();
  }
}
