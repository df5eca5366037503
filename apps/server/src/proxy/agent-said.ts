import { randomUUID } from "node:crypto";
import { Role, type Message as SdkMessage } from "@a2a-js/sdk";
import type { RunnerEvent } from "../agents/model-runner.js";
import { deltaMetadataKey } from "../agents/stored-task-store.js";

/** A message the agent sent with a status (A2A: each one a whole message of its own). */
export interface Said {
  /** The agent's id for it ("" when it gave none: then it is always a new message). */
  id: string;
  text: string;
  /**
   * A piece of a reply streamed by an agent of this product: its status messages marked
   * a2a_chat_delta carry the reply in pieces under one id (this product's extension, declared
   * on each message, not guessed from the text).
   */
  piece: boolean;
}

/** The text of an agent's message: its text parts joined (a user's message reads as none). */
export function agentText(message: Pick<SdkMessage, "role" | "parts"> | undefined): string {
  if (!message || message.role === Role.ROLE_USER) return "";
  let text = "";
  for (const part of message.parts) if (part.content?.$case === "text") text += part.content.value;
  return text;
}

export function saidIn(message: SdkMessage | undefined): Said | undefined {
  const text = agentText(message);
  if (!message || text === "") return undefined;
  return { id: message.messageId, text, piece: message.metadata?.[deltaMetadataKey] === true };
}

/**
 * What an agent says in one turn, as runner events. A whole message is a message of its own:
 * our ids for the agent's (its own may repeat across its tasks and users, ours are unique), the
 * same id of the agent's again being the same message, replaced. Marked pieces are the reply's
 * streamed text; the whole message that ends them (same id) is that text, not another message:
 * only what it adds goes on as text, and a whole that differs is kept as a message of its own.
 */
export class AgentSaid {
  private readonly ours = new Map<string, string>();
  private streamed: { id: string; text: string } | undefined;

  events(said: Said): RunnerEvent[] {
    const streamed = this.streamed;
    if (said.piece) {
      if (!streamed) this.streamed = { id: said.id, text: said.text };
      else streamed.text += said.text;
      return [{ kind: "text-delta", text: said.text }];
    }
    if (streamed && said.id === streamed.id) {
      if (said.text === streamed.text) return [];
      if (said.text.startsWith(streamed.text)) {
        const rest = said.text.slice(streamed.text.length);
        streamed.text = said.text;
        return [{ kind: "text-delta", text: rest }];
      }
    }
    return [{ kind: "message", messageId: this.idOf(said.id), text: said.text }];
  }

  private idOf(theirs: string): string {
    if (theirs === "") return randomUUID();
    let id = this.ours.get(theirs);
    if (!id) {
      id = randomUUID();
      this.ours.set(theirs, id);
    }
    return id;
  }
}
