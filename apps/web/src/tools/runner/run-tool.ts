import type { Artifact, RecordExecutionBody, RenderBehavior } from "@a2a-chat/contracts";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  type CallToolOptions,
  callTool,
  firstText,
  resolveEndpoint,
} from "../../api/mcp-tool-call.js";
import { logger } from "../../lib/logger.js";
import { newTraceId } from "../../lib/trace-id.js";
import type { ToolRun } from "../execution-queue.js";
import { validateAgainstSchema } from "../forms/schema-validator.js";
import { useToolExecutionsStore } from "../tool-executions-store.js";
import { artifactRefreshWaitMs, waitForArtifact } from "../wait-for-artifact.js";
import { type RecordedCall, recordCall } from "./record-call-api.js";
import { trackCall } from "./running-calls.js";
import { describeFailure, type RunFailure, toolRunMessages } from "./tool-errors.js";

/** A call may go this long without an answer or progress before it times out. */
export const toolIdleTimeoutMs = 60_000;
/** A call may take this long at most, however much progress it reports. */
export const toolMaxDurationMs = 10 * 60_000;

/** `_meta` key naming the execution record our servers made of a call. */
const executionIdMetaKey = "mcp_execution_id";

/** What a run needs besides the tool: who calls, and in which conversation. */
export interface RunContext {
  token: string | null;
  /** The current conversation; results are stored there. */
  contextId: string | null;
  renderBehavior: RenderBehavior;
}

/** What a run calls; replaceable in tests. */
export interface RunDependencies {
  callTool: (options: CallToolOptions) => Promise<CallToolResult>;
  waitForArtifact: (executionId: string, waitMs: number) => Promise<Artifact>;
  recordCall: (body: RecordExecutionBody) => Promise<RecordedCall>;
  now: () => number;
  idleTimeoutMs: number;
  maxDurationMs: number;
}

const defaults: RunDependencies = {
  callTool,
  waitForArtifact,
  recordCall: (body) => recordCall(body),
  now: () => Date.now(),
  idleTimeoutMs: toolIdleTimeoutMs,
  maxDurationMs: toolMaxDurationMs,
};

/**
 * The session token goes only where the registry asks for it (auth 'required') and only to this
 * site: a third-party endpoint never sees it.
 */
export function tokenFor(
  run: Pick<ToolRun, "auth" | "endpoint">,
  token: string | null,
): string | null {
  if (run.auth !== "required" || !token) return null;
  return resolveEndpoint(run.endpoint).origin === window.location.origin ? token : null;
}

class RunError extends Error {
  constructor(readonly failure: RunFailure) {
    super(failure.detail ?? failure.error);
  }
}

function reportBody(
  run: ToolRun,
  contextId: string,
  outcome: Pick<RecordExecutionBody, "result" | "error">,
): RecordExecutionBody {
  return {
    server_name: run.serverName,
    server_endpoint: resolveEndpoint(run.endpoint).href,
    tool_name: run.toolName,
    input: run.args,
    context_id: contextId,
    ...(run.outputSchema ? { output_schema: run.outputSchema } : {}),
    ...outcome,
  };
}

/** A third party's result: checked against the tool's outputSchema, then reported and stored. */
async function storeReported(
  run: ToolRun,
  contextId: string,
  result: CallToolResult,
  deps: RunDependencies,
) {
  if (!result.isError && run.outputSchema && result.structuredContent !== undefined) {
    const [problem] = validateAgainstSchema(run.outputSchema, result.structuredContent);
    if (problem) {
      const reason = `${problem.path ? `${problem.path}: ` : ""}${problem.message}`;
      const error = toolRunMessages.outputSchema(reason);
      await deps.recordCall(reportBody(run, contextId, { error })).catch(() => undefined);
      throw new RunError({ error });
    }
  }
  const recorded = await deps.recordCall(
    reportBody(run, contextId, { result: result as NonNullable<RecordExecutionBody["result"]> }),
  );
  return { executionId: recorded.execution.id, artifact: recorded.artifact };
}

async function execute(id: string, run: ToolRun, context: RunContext, deps: RunDependencies) {
  const { update } = useToolExecutionsStore.getState();
  const contextId = context.contextId;
  if (!contextId) throw new RunError({ error: toolRunMessages.noConversation });
  const controller = new AbortController();
  const untrack = trackCall(id, controller);
  const started = deps.now();
  update(id, { status: "executing", startedAt: started });
  let result: CallToolResult;
  try {
    result = await deps.callTool({
      endpoint: run.endpoint,
      toolName: run.toolName,
      args: run.args,
      token: tokenFor(run, context.token),
      contextId,
      signal: controller.signal,
      onProgress: (progress) => update(id, { progress }),
      timeoutMs: deps.idleTimeoutMs,
      maxTotalTimeoutMs: deps.maxDurationMs,
      returnErrors: true,
    });
  } catch (error) {
    const failure = describeFailure(error, run.toolName, controller.signal.aborted);
    // Our servers recorded the call already; a third party's failure is reported for the record.
    if (!run.recordsCalls) {
      await deps
        .recordCall(reportBody(run, contextId, { error: failure.detail ?? failure.error }))
        .catch(() => undefined);
    }
    throw new RunError(failure);
  } finally {
    untrack();
  }
  let stored: { executionId?: string; artifact?: Artifact | undefined };
  if (run.recordsCalls) {
    const executionId = result._meta?.[executionIdMetaKey];
    stored = typeof executionId === "string" ? { executionId } : {};
  } else {
    stored = await storeReported(run, contextId, result, deps);
  }
  if (stored.executionId) update(id, { mcpExecutionId: stored.executionId });
  if (result.isError) {
    const text = firstText(result);
    throw new RunError(text ? { error: text } : { error: toolRunMessages.failed });
  }
  const artifact =
    stored.artifact ??
    (stored.executionId
      ? await deps.waitForArtifact(stored.executionId, artifactRefreshWaitMs)
      : undefined);
  update(id, {
    status: "completed",
    ...(artifact ? { artifact } : {}),
    executionTime: Math.max(0, deps.now() - started),
    progress: undefined,
  });
}

/** Whether the tool-result modal opens for a result of this behaviour (tools spec §3). */
export function opensModal(behavior: RenderBehavior): boolean {
  return behavior === "modal" || behavior === "both";
}

/**
 * Runs a tool from the tools column as a queued execution (pending → executing → completed or
 * error): the call goes to the registry entry's endpoint with the current conversation's id
 * (and the session token for this site's servers), reports progress, can be cancelled, times
 * out when it goes quiet for too long or runs past the ceiling. Our servers store the result as
 * an artifact themselves; a third party's result is reported to be stored. Returns the
 * execution's id at once; the outcome lands in the execution store.
 */
export function runTool(
  run: ToolRun,
  context: RunContext,
  overrides: Partial<RunDependencies> = {},
): { id: string; done: Promise<void> } {
  const deps = { ...defaults, ...overrides };
  const store = useToolExecutionsStore.getState();
  const id = newTraceId();
  store.add({
    id,
    toolName: run.toolName,
    serverName: run.serverName,
    status: "pending",
    timestamp: deps.now(),
    renderBehavior: context.renderBehavior,
    parameters: run.args,
    run,
  });
  if (opensModal(context.renderBehavior)) store.open();
  const done = execute(id, run, context, deps)
    .catch((error: unknown) => {
      const failure =
        error instanceof RunError ? error.failure : describeFailure(error, run.toolName, false);
      logger.warn(`Tool ${run.toolName} failed: ${failure.detail ?? failure.error}`);
      const state = useToolExecutionsStore.getState();
      state.update(id, {
        status: "error",
        error: failure.error,
        detail: failure.detail,
        progress: undefined,
      });
      if (failure.error !== toolRunMessages.cancelled) {
        state.select(id);
        state.open();
      }
    })
    .then(() => {
      const state = useToolExecutionsStore.getState();
      const execution = state.executions.find((e) => e.id === id);
      if (execution?.status === "completed" && opensModal(context.renderBehavior)) {
        state.select(id);
        state.open();
      }
    });
  return { id, done };
}
