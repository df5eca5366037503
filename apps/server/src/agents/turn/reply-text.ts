import { randomUUID } from "node:crypto";
import { publishDelta } from "../direct-deltas.js";
import { PacedDeltas } from "../paced-deltas.js";
import { ReplyLimit, replyLimitReason } from "../reply-limit.js";
import { deltaStatusUpdate } from "../streamed-replies.js";
import type { Turn, TurnDeps } from "./turn.js";

export interface ReplyTextOptions {
  /** Largest reply in UTF-8 bytes (0: none). */
  limitBytes: number;
  /** How often, at most, a piece is published (see PacedDeltas). */
  intervalMs: number;
  /** Publishes one piece of the reply (in order, never empty). */
  publish: (piece: string) => void;
}

/**
 * The text of a turn's reply as the runner streams it: counted against the reply limit, and
 * published in paced pieces. Whoever publishes anything else first calls `flush()`, so the
 * text and the other events keep their order.
 */
export class ReplyText {
  /** The reply message's id (its pieces and its stored message share it). */
  readonly messageId = randomUUID();
  /** The text so far (what fitted under the limit). */
  text = "";
  private readonly limit: ReplyLimit;
  private readonly deltas: PacedDeltas;

  constructor(options: ReplyTextOptions) {
    this.limit = new ReplyLimit(options.limitBytes);
    this.deltas = new PacedDeltas({ publish: options.publish, intervalMs: options.intervalMs });
  }

  /** Adds a piece; past the limit only the part that fits is kept, and the reason is returned. */
  add(piece: string): string | undefined {
    const kept = this.limit.take(piece);
    this.text += kept;
    if (kept !== "") this.deltas.add(kept);
    return this.limit.passed ? replyLimitReason(this.limit.limitBytes) : undefined;
  }

  /**
   * Counts a whole message of the agent's (not a piece of this reply, and not published here)
   * against the same limit: the part that fits, and the reason once it no longer does.
   */
  count(text: string): { kept: string; passed?: string } {
    const kept = this.limit.take(text);
    return this.limit.passed ? { kept, passed: replyLimitReason(this.limit.limitBytes) } : { kept };
  }

  /** Publishes the pending text now. */
  flush(): void {
    this.deltas.flush();
  }
}

/** The reply text of a turn, its pieces recorded for late subscribers and published on its bus. */
export function turnReplyText(deps: TurnDeps, turn: Turn): ReplyText {
  const reply: ReplyText = new ReplyText({
    limitBytes: deps.services.config.quotas.replyBytes,
    intervalMs: deps.deltaIntervalMs,
    publish: (text) => {
      const piece = { contextId: turn.contextId, messageId: reply.messageId, text };
      // Recorded in the same step as published, so a subscriber gets each piece exactly once.
      const soFar = deps.replies.add(turn.taskId, piece);
      deps.services.runs.replied(turn.taskId, soFar);
      // Past the SDK's processing: a delta changes nothing stored (see direct-deltas.ts).
      publishDelta(turn.bus, deltaStatusUpdate(turn.taskId, piece));
    },
  });
  return reply;
}
