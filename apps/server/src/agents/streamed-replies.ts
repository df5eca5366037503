import { Role, type Message as SdkMessage, type TaskStatusUpdateEvent } from "@a2a-js/sdk";
import { stateToSdk } from "./sdk-convert.js";
import { deltaMetadataKey } from "./stored-task-store.js";

interface Reply {
  contextId: string;
  messageId: string;
  text: string;
}

/**
 * A `working` status update whose message (metadata a2a_chat_delta) carries a piece of a reply:
 * how streamed text goes out.
 */
export function deltaStatusUpdate(
  taskId: string,
  reply: { contextId: string; messageId: string; text: string },
): TaskStatusUpdateEvent {
  // The SDK message messageToSdk would make of it, built directly: one is made per delta.
  const message: SdkMessage = {
    messageId: reply.messageId,
    contextId: reply.contextId,
    taskId,
    role: Role.ROLE_AGENT,
    parts: [
      {
        content: { $case: "text", value: reply.text },
        metadata: undefined,
        filename: "",
        mediaType: "text/plain",
      },
    ],
    metadata: { [deltaMetadataKey]: true },
    extensions: [],
    referenceTaskIds: [],
  };
  return {
    taskId,
    contextId: reply.contextId,
    status: {
      state: stateToSdk("working"),
      message,
      timestamp: new Date().toISOString(),
    },
    metadata: undefined,
  };
}

/**
 * What each running task's reply has streamed so far. Stored tasks get the reply only when it
 * ends, so a client subscribing mid-reply (after a reload) is sent this first, then the deltas
 * that follow. Kept in step with the event bus: a delta is added as it is published.
 */
export class StreamedReplies {
  private readonly replies = new Map<string, Reply>();

  /**
   * Records a published delta of a task's reply; a new reply id starts the text over. Returns
   * the reply so far.
   */
  add(taskId: string, delta: Reply): Reply {
    const current = this.replies.get(taskId);
    const text = current?.messageId === delta.messageId ? current.text + delta.text : delta.text;
    const reply = { ...delta, text };
    this.replies.set(taskId, reply);
    return reply;
  }

  /** The task's reply so far, if it streamed any. */
  current(taskId: string): Reply | undefined {
    return this.replies.get(taskId);
  }

  /** The task's reply so far as one delta status update, or undefined when nothing streamed. */
  soFar(taskId: string): TaskStatusUpdateEvent | undefined {
    const reply = this.replies.get(taskId);
    return reply && reply.text !== "" ? deltaStatusUpdate(taskId, reply) : undefined;
  }

  /** Forgets a task whose run ended. */
  end(taskId: string): void {
    this.replies.delete(taskId);
  }
}
