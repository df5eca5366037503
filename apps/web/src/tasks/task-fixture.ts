import type { Artifact, Task, TaskMetadata, TaskStatus } from "@a2a-chat/contracts";

/** Test data: a valid completed task, with fields replaced by the overrides. */
export function makeTask(
  id: string,
  overrides: {
    contextId?: string;
    status?: Partial<TaskStatus>;
    metadata?: Partial<TaskMetadata>;
    history?: Task["history"];
    artifacts?: Task["artifacts"];
  } = {},
): Task {
  return {
    id,
    contextId: overrides.contextId ?? "ctx-1",
    status: { state: "completed", timestamp: "2025-01-01T10:00:03.000Z", ...overrides.status },
    history: overrides.history ?? [],
    artifacts: overrides.artifacts ?? [],
    metadata: {
      task_type: "agent_message",
      agent_name: "assistant",
      created_at: "2025-01-01T10:00:00.000Z",
      ...overrides.metadata,
    },
  };
}

/** Test data: a valid table artifact, with fields and metadata replaced by the overrides. */
export function makeArtifact(
  artifactId: string,
  metadata: Partial<Artifact["metadata"]> = {},
  fields: Partial<Omit<Artifact, "metadata" | "artifactId">> = {},
): Artifact {
  return {
    artifactId,
    name: `Artifact ${artifactId}`,
    parts: [{ kind: "data", data: { items: [] } }],
    ...fields,
    metadata: {
      artifact_type: "table",
      context_id: "ctx-1",
      created_at: "2025-01-01T10:00:00.000Z",
      ...metadata,
    },
  };
}
