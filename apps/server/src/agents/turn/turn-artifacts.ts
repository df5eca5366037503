import { randomUUID } from "node:crypto";
import type { Artifact } from "@a2a-chat/contracts";
import { AgentEvent } from "@a2a-js/sdk/server";
import { ArtifactsRepository } from "../../db/repositories/artifacts.js";
import { ToolExecutionsRepository } from "../../db/repositories/tool-executions.js";
import { addArtifact } from "../../tasks/artifact-commands.js";
import { presentArtifact } from "../../tasks/present-artifact.js";
import type { RunnerArtifact, RunnerEvent } from "../model-runner.js";
import { artifactToSdk } from "../sdk-convert.js";
import type { Turn, TurnDeps } from "./turn.js";
import { publishStored } from "./turn-output.js";

type ToolResult = Extract<RunnerEvent, { kind: "tool-result" }>;

function dataOf(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { value };
}

/** The artifact a turn stores for a tool's result: its data (or text) and files, as JSON. */
export function toolResultArtifact(event: ToolResult): {
  made: RunnerArtifact;
  extra: Record<string, unknown>;
} {
  return {
    made: {
      name: event.name,
      artifactType: "json",
      data: event.result.data ?? { text: event.result.text },
      ...(event.result.files ? { files: event.result.files } : {}),
    },
    extra: {
      tool_name: event.name,
      tool_execution_id: event.id,
      source: "mcp_tool",
      ...(event.result.isError ? { type: "tool_error" } : {}),
    },
  };
}

/** The artifact a runner made, as the task stores it (metadata naming its place and kind). */
export function turnArtifact(
  turn: Turn,
  made: RunnerArtifact,
  extra: Record<string, unknown> = {},
  now: Date = new Date(),
): Artifact {
  return {
    artifactId: randomUUID(),
    name: made.name,
    ...(made.description ? { description: made.description } : {}),
    parts: made.parts ?? [{ kind: "data", data: dataOf(made.data) }, ...(made.files ?? [])],
    metadata: {
      artifact_type: made.artifactType,
      context_id: turn.contextId,
      task_id: turn.taskId,
      created_at: now.toISOString(),
      ...(made.renderingHints ? { rendering_hints: made.renderingHints } : {}),
      ...(made.fingerprint ? { fingerprint: made.fingerprint } : {}),
      ...extra,
    },
  };
}

function publishArtifact(deps: TurnDeps, turn: Turn, artifact: Artifact): void {
  publishStored(
    deps,
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
}

/** Stores an artifact the runner made in the turn's task and publishes it. */
export async function storeArtifact(
  deps: TurnDeps,
  turn: Turn,
  made: RunnerArtifact,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const artifact = turnArtifact(turn, made, extra);
  const outcome = await addArtifact(deps.services, turn.owner, { taskId: turn.taskId, artifact });
  if (outcome.stored) publishArtifact(deps, turn, outcome.artifact);
}

/**
 * Publishes the artifact a tool call's execution record stored in this task (our MCP server
 * stores it with the call, and it is already on the live stream). False when there is none, so
 * the caller stores one itself.
 */
export async function publishRecorded(
  deps: TurnDeps,
  turn: Turn,
  executionId: string,
): Promise<boolean> {
  const { kysely } = deps.services.db;
  const execution = await new ToolExecutionsRepository(kysely).findById(executionId);
  if (!execution || execution.user_id !== turn.owner.userId || !execution.artifact_id) return false;
  const row = await new ArtifactsRepository(kysely).findById(execution.artifact_id);
  if (!row || row.task_id !== turn.taskId) return false;
  const artifact = presentArtifact(row, deps.services.logger);
  if (!artifact) return false;
  publishArtifact(deps, turn, artifact);
  return true;
}
