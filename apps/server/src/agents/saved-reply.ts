/** A reply's text as its run last produced it: the message id and the whole text so far. */
export interface ReplySoFar {
  messageId: string;
  text: string;
}

/**
 * What of one running reply is saved, what clients were shown, and so whether more may be shown
 * now. A process killed mid-reply keeps only what was saved, so the text shown beyond the last
 * save must never span more than the save interval: once the oldest unsaved text shown is that
 * old, further text waits (is held) until a save catches up. With the database answering, saves
 * land before that and nothing waits; with it slow, the stream pauses rather than running ahead
 * of what a crash would keep.
 */
export class SavedReply {
  /** The reply as produced so far (shown or held); what the next save writes. */
  reply: ReplySoFar | undefined;
  saved: { messageId: string | undefined; length: number } = { messageId: undefined, length: 0 };
  /** Ends of shown text not yet saved, and when each was shown, oldest first. */
  private marks: { end: number; at: number }[] = [];

  constructor(private readonly intervalMs: number) {}

  /** Whether the reply holds text no save has written yet. */
  get grown(): boolean {
    return (
      this.reply !== undefined &&
      (this.reply.messageId !== this.saved.messageId ||
        this.reply.text.length !== this.saved.length)
    );
  }

  /** Whether any of it has been saved (a reply's first words are saved sooner). */
  get started(): boolean {
    return this.saved.messageId !== undefined;
  }

  /** The reply's text up to `length` characters was shown to clients at `now`. */
  shown(length: number, now: number): void {
    const savedHere = this.reply?.messageId === this.saved.messageId ? this.saved.length : 0;
    if (length > savedHere && length > (this.marks.at(-1)?.end ?? 0)) {
      this.marks.push({ end: length, at: now });
    }
  }

  /** Whether more text may be shown now without outrunning the last save by the interval. */
  mayShow(now: number): boolean {
    const oldest = this.marks[0];
    return oldest === undefined || now - oldest.at < this.intervalMs;
  }

  /**
   * When the next save must start, `leadMs` (how long a save takes) before the oldest unsaved
   * text shown turns the interval old; undefined when nothing waits to be saved.
   */
  dueAt(now: number, leadMs: number): number | undefined {
    if (!this.grown) return undefined;
    const oldest = this.marks[0];
    const from = oldest?.at ?? now;
    return from + this.intervalMs - Math.min(leadMs, this.intervalMs / 2);
  }

  /** A save of `reply` was committed. */
  committed(reply: ReplySoFar): void {
    this.saved = { messageId: reply.messageId, length: reply.text.length };
    // Marks of a newer reply (another message id) are not covered by this save.
    if (this.reply?.messageId !== reply.messageId) return;
    this.marks = this.marks.filter((mark) => mark.end > reply.text.length);
  }
}
