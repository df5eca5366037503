import { randomUUID } from "node:crypto";
import { publishDelta } from "../direct-deltas.js";
import { PacedDeltas } from "../paced-deltas.js";
import { ReplyLimit, replyLimitReason } from "../reply-limit.js";
import { deltaStatusUpdate } from "../streamed-replies.js";
import type { Running, Turn, TurnDeps } from "./turn.js";

export interface ReplyTextOptions {
  /** Largest reply in UTF-8 bytes (0: none). */
  limitBytes: number;
  /** How often, at most, a piece is published (see PacedDeltas). */
  intervalMs: number;
  /** Publishes one piece of the reply (in order, never empty). */
  publish: (piece: string) => void;
  /** Runs after each flush (shows text held back for a lagging save). */
  afterFlush?: () => void;
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
  private readonly afterFlush: () => void;

  constructor(options: ReplyTextOptions) {
    this.limit = new ReplyLimit(options.limitBytes);
    this.deltas = new PacedDeltas({ publish: options.publish, intervalMs: options.intervalMs });
    this.afterFlush = options.afterFlush ?? (() => undefined);
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
    this.afterFlush();
  }
}

/**
 * The reply text of a turn: each piece handed to the saves at once, and shown (recorded for late
 * subscribers and published on the bus) unless the shown text already runs a save interval ahead
 * of the saved one; then it is held until a save catches up, so a kill loses at most an interval.
 */
export function turnReplyText(deps: TurnDeps, turn: Turn, running: Running): ReplyText {
  const { runs } = deps.services;
  const reply: ReplyText = new ReplyText({
    limitBytes: deps.services.config.quotas.replyBytes,
    intervalMs: deps.deltaIntervalMs,
    publish: (text) => {
      const messageId = reply.messageId;
      const held = running.held?.messageId === messageId ? running.held.text + text : text;
      running.held = { messageId, text: held };
      const shown = deps.replies.current(turn.taskId);
      const before = shown?.messageId === messageId ? shown.text : "";
      runs.replied(turn.taskId, { messageId, text: before + held });
      if (runs.mayShow(turn.taskId)) showHeld(deps, turn, running);
    },
    afterFlush: () => showHeld(deps, turn, running),
  });
  return reply;
}

/** Shows the reply text held back, if any. */
export function showHeld(deps: TurnDeps, turn: Turn, running: Running): void {
  const held = running.held;
  if (!held || held.text === "") return;
  running.held = undefined;
  const piece = { contextId: turn.contextId, messageId: held.messageId, text: held.text };
  // Recorded in the same step as published, so a subscriber gets each piece exactly once.
  const soFar = deps.replies.add(turn.taskId, piece);
  deps.services.runs.shown(turn.taskId, soFar.text.length);
  // Past the SDK's processing: a delta changes nothing stored (see direct-deltas.ts).
  publishDelta(turn.bus, deltaStatusUpdate(turn.taskId, piece));
}
