import type { Artifact, Message, Task } from "@a2a-chat/contracts";
import type { Agent } from "../../api/agent-types.js";
import type { ChatMessage, ChatStreamEvent } from "../model/chat-types.js";
import type { AgentClient, SendStreamOptions } from "./agent-client.js";
import type { OutgoingMessage } from "./outgoing-message.js";

/** Test fixtures of the chat engine (not used by the app). */

/** An agent as the agents store keeps it. */
export function testAgent(overrides: Partial<Agent> = {}): Agent {
  return {
    // Served by this site (the test page's origin), like our own agents.
    url: `${window.location.origin}/api/v1/agents/assistant`,
    protocol: "1.0",
    name: "assistant",
    displayName: "Assistant",
    description: "Helps",
    capabilities: { streaming: true, pushNotifications: true, stateTransitionHistory: true },
    skills: [],
    securitySchemes: {},
    security: [],
    status: "Running",
    isDefault: true,
    mcpServers: [],
    card: {},
    external: false,
    ...overrides,
  };
}

/** A text message. */
export function textMessage(
  id: string,
  role: Message["role"],
  text: string,
  extra: Partial<Message> = {},
): Message {
  return { messageId: id, role, parts: [{ kind: "text", text }], ...extra };
}

/** A valid artifact of a task. */
export function testArtifact(
  id: string,
  overrides: Partial<Artifact["metadata"]> = {},
  parts?: Artifact["parts"],
): Artifact {
  return {
    artifactId: id,
    name: `Artifact ${id}`,
    parts: parts ?? [{ kind: "data", data: { items: [{ id }] } }],
    metadata: {
      artifact_type: "table",
      context_id: "ctx-1",
      task_id: "task-1",
      created_at: "2025-01-01T00:00:01.000Z",
      ...overrides,
    },
  };
}

/** A valid task. */
export function testTask(
  overrides: Partial<Task> & { state?: Task["status"]["state"] } = {},
): Task {
  const { state, ...rest } = overrides;
  return {
    id: "task-1",
    contextId: "ctx-1",
    status: { state: state ?? "completed", timestamp: "2025-01-01T00:00:05.000Z" },
    history: [textMessage("m-user", "user", "hello")],
    artifacts: [],
    metadata: {
      task_type: "agent_message",
      agent_name: "assistant",
      created_at: "2025-01-01T00:00:00.000Z",
    },
    ...rest,
  };
}

/** A chat message with defaults. */
export function chatMessage(
  overrides: Partial<ChatMessage> & Pick<ChatMessage, "id">,
): ChatMessage {
  return {
    timestamp: "2025-01-01T00:00:00.000Z",
    role: "user",
    content: "",
    parts: [],
    artifacts: [],
    contextId: "ctx-1",
    isStreaming: false,
    toolCalls: [],
    streamingArtifacts: [],
    ...overrides,
  };
}

/** A stream the test feeds event by event. */
export class ControlledStream implements AsyncIterable<ChatStreamEvent> {
  private queue: ChatStreamEvent[] = [];
  private ended = false;
  private failure: unknown;
  private wake: (() => void) | undefined;

  push(...events: ChatStreamEvent[]): void {
    this.queue.push(...events);
    this.wake?.();
  }
  end(): void {
    this.ended = true;
    this.wake?.();
  }
  fail(error: unknown): void {
    this.failure = error;
    this.wake?.();
  }
  async *[Symbol.asyncIterator](): AsyncIterator<ChatStreamEvent> {
    for (;;) {
      const next = this.queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (this.failure !== undefined) throw this.failure;
      if (this.ended) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = undefined;
    }
  }
}

/** A stream of fixed events, optionally failing at the end. */
export async function* eventsOf(
  events: ChatStreamEvent[],
  failure?: unknown,
): AsyncGenerator<ChatStreamEvent> {
  for (const event of events) yield event;
  if (failure !== undefined) throw failure;
}

/** An agent client whose answers the test scripts. */
export class FakeAgentClient implements AgentClient {
  sent: Array<{ message: OutgoingMessage; options: SendStreamOptions | undefined }> = [];
  resubscribed: string[] = [];
  canceled: string[] = [];
  taskReads: string[] = [];
  onSend: (
    message: OutgoingMessage,
    options?: SendStreamOptions,
  ) => AsyncIterable<ChatStreamEvent> = () => eventsOf([]);
  onResubscribe: (taskId: string) => AsyncIterable<ChatStreamEvent> = () => eventsOf([]);
  onGetTask: (id: string) => Promise<Task> = async (id) => testTask({ id });
  onCancel: (id: string) => Promise<Task> = async (id) => testTask({ id, state: "canceled" });

  sendStream(
    message: OutgoingMessage,
    options?: SendStreamOptions,
  ): AsyncIterable<ChatStreamEvent> {
    this.sent.push({ message, options });
    return this.onSend(message, options);
  }
  resubscribe(taskId: string): AsyncIterable<ChatStreamEvent> {
    this.resubscribed.push(taskId);
    return this.onResubscribe(taskId);
  }
  getTask(id: string): Promise<Task> {
    this.taskReads.push(id);
    return this.onGetTask(id);
  }
  cancelTask(id: string): Promise<Task> {
    this.canceled.push(id);
    return this.onCancel(id);
  }
}
