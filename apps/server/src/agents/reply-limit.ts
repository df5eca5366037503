import { formatBytes } from "./planner/file-summary.js";

/** Why a reply was stopped at the limit (quotas.replyBytes), as the user reads it. */
export const replyLimitReason = (limitBytes: number) =>
  `The agent's reply was stopped: it passed the ${formatBytes(limitBytes)} limit for one reply.`;

/** Why a reply was stopped at its time limit (quotas.replySeconds), as the user reads it. */
export const replyTimeReason = (limitSeconds: number) =>
  `The agent's reply was stopped: it took longer than the ${spokenSeconds(limitSeconds)} limit for one reply.`;

function spokenSeconds(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? "1-hour" : `${seconds / 3600}-hour`;
  if (seconds % 60 === 0) return seconds === 60 ? "1-minute" : `${seconds / 60}-minute`;
  return seconds === 1 ? "1-second" : `${seconds}-second`;
}

/**
 * Stops a turn that runs past a time limit (0: none), however little text it streams: an agent
 * that sends only progress updates or keep-alives would otherwise hold its turn, its stream and
 * the composer forever. `stop` runs once, when the limit passes; `clear` ends the watch.
 */
export function watchReplyTime(limitSeconds: number, stop: (reason: string) => void): () => void {
  if (limitSeconds <= 0) return () => undefined;
  const timer = setTimeout(() => stop(replyTimeReason(limitSeconds)), limitSeconds * 1000);
  timer.unref();
  return () => clearTimeout(timer);
}

const encoder = new TextEncoder();

/**
 * Counts a reply's text in UTF-8 bytes against a limit (0: none), so an agent that never stops
 * cannot make one reply grow without bound.
 */
export class ReplyLimit {
  private bytes = 0;
  /** Set once a piece did not fit: the reply is over. */
  passed = false;

  constructor(readonly limitBytes: number) {}

  /**
   * The part of a new piece of the reply that fits under the limit: all of it, or its longest
   * start of whole characters that does (then `passed` is set and nothing more fits).
   */
  take(piece: string): string {
    if (this.passed) return "";
    if (this.limitBytes <= 0) return piece;
    const size = Buffer.byteLength(piece);
    if (this.bytes + size <= this.limitBytes) {
      this.bytes += size;
      return piece;
    }
    this.passed = true;
    // encodeInto writes whole characters only: `read` ends before one that would not fit.
    const room = new Uint8Array(this.limitBytes - this.bytes);
    const { read, written } = encoder.encodeInto(piece, room);
    this.bytes += written;
    return piece.slice(0, read);
  }
}
