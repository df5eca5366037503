import type { Artifact } from "@a2a-chat/contracts";
import type { ChatMessage } from "../model/chat-types.js";

/** A chat message for tests; every field can be overridden. */
export function chatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: "m1",
    timestamp: new Date(2024, 0, 1, 14, 5, 9).toISOString(),
    role: "assistant",
    content: "",
    parts: [],
    artifacts: [],
    contextId: "c1",
    isStreaming: false,
    toolCalls: [],
    streamingArtifacts: [],
    ...overrides,
  };
}

/** An artifact for tests. */
export function testArtifact(id: string, metadata: Partial<Artifact["metadata"]> = {}): Artifact {
  return {
    artifactId: id,
    name: `Artifact ${id}`,
    parts: [{ kind: "data", data: { id } }],
    metadata: { artifact_type: "json", context_id: "c1", created_at: "2024-01-01", ...metadata },
  };
}
