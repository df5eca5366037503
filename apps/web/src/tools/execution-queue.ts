import {
  type Artifact,
  invalidArtifactMessage,
  isValidArtifact,
  type RenderBehavior,
  type ToolExecutionStatus,
} from "@a2a-chat/contracts";

/** One tool execution in the client's queue (core spec §3 Tool execution record). */
export interface ToolExecution {
  id: string;
  toolName: string;
  serverName: string;
  status: ToolExecutionStatus;
  /** When the execution was queued or last retried, in ms since the epoch. */
  timestamp: number;
  /** Where its result is shown: modal, both, inline or silent. */
  renderBehavior: RenderBehavior;
  parameters: Record<string, unknown>;
  artifact?: Artifact;
  error?: string;
  /** Milliseconds from start until the result arrived. */
  executionTime?: number;
  /** The artifact whose refresh started this execution (for Retry). */
  sourceArtifactId?: string;
  /** A copy of that artifact, for a Retry when the artifact store no longer holds it. */
  sourceArtifact?: Artifact;
  /** The server's execution record id of the call, once the tool answered. */
  mcpExecutionId?: string;
  /** A run from the tools column: what Run again needs (the tool, its server, the arguments). */
  run?: ToolRun;
  /** The last progress the tool reported while it runs. */
  progress?: { progress: number; total?: number; message?: string };
  /** When the call started executing, in ms since the epoch (for the elapsed time). */
  startedAt?: number;
  /** What went wrong underneath a catalogue message ('Failed to execute tool'). */
  detail?: string;
}

/** What a run of a tool from the tools column was: enough to run it again. */
export interface ToolRun {
  toolName: string;
  serverName: string;
  /** The registry entry's endpoint (ours, a third party's, or later a proxy's). */
  endpoint: string;
  /** 'required': the session's token goes along (to this site's endpoints only). */
  auth: string;
  /** The server records its calls itself (ours); otherwise the browser reports them. */
  recordsCalls: boolean;
  /** The tool's outputSchema: results of third parties are checked against it. */
  outputSchema?: Record<string, unknown>;
  /** The exact arguments sent. */
  args: Record<string, unknown>;
  /** The server marks the tool destructive: each run, Run again included, asks first. */
  destructive?: boolean;
}

/** 'Active' means pending or executing (core spec §4 Tool execution). */
export function isActiveExecution(execution: Pick<ToolExecution, "status">): boolean {
  return execution.status === "pending" || execution.status === "executing";
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/**
 * The execution ids an artifact names: its own id (a tool result's artifact has the record's
 * id), metadata.mcp_execution_id and metadata.tool_execution_id. Read loosely so that an artifact
 * failing validation can still be matched to the execution it belongs to.
 */
export function artifactExecutionIds(value: unknown): string[] {
  if (!value || typeof value !== "object") return [];
  const raw = value as { artifactId?: unknown; metadata?: unknown };
  const metadata =
    raw.metadata && typeof raw.metadata === "object"
      ? (raw.metadata as { mcp_execution_id?: unknown; tool_execution_id?: unknown })
      : {};
  const ids = [raw.artifactId, metadata.mcp_execution_id, metadata.tool_execution_id]
    .map(text)
    .filter((id): id is string => id !== undefined);
  return [...new Set(ids)];
}

/** Whether an artifact is the result of the given execution record. */
export function artifactMatchesExecution(value: unknown, executionId: string): boolean {
  return artifactExecutionIds(value).includes(executionId);
}

function matches(execution: ToolExecution, ids: string[]): boolean {
  return (
    ids.includes(execution.id) ||
    (!!execution.mcpExecutionId && ids.includes(execution.mcpExecutionId))
  );
}

/** The parts of a task the queue reads: its state and artifacts. */
export interface TaskOutcome {
  status: { state: string };
  artifacts?: unknown[];
}

/**
 * Tools spec §4: a completed task with artifacts completes the matching active execution with
 * its artifact; an artifact that fails to parse marks its execution failed ('Invalid artifact').
 * Executions no artifact names are left alone.
 */
export function applyTaskOutcome(
  executions: ToolExecution[],
  task: TaskOutcome,
  now: number,
): ToolExecution[] {
  const artifacts = task.artifacts ?? [];
  if (task.status.state !== "completed" || artifacts.length === 0) return executions;
  let changed = false;
  const next = executions.map((execution) => {
    if (!isActiveExecution(execution)) return execution;
    const artifact = artifacts.find((value) => matches(execution, artifactExecutionIds(value)));
    if (artifact === undefined) return execution;
    changed = true;
    if (!isValidArtifact(artifact)) {
      return { ...execution, status: "error" as const, error: invalidArtifactMessage };
    }
    return {
      ...execution,
      status: "completed" as const,
      artifact,
      executionTime: Math.max(0, now - execution.timestamp),
    };
  });
  return changed ? next : executions;
}
