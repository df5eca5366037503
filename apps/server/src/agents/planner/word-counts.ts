import type { RunnerMessage } from "../model-runner.js";
import { countWords } from "./words.js";

/** Stored messages whose counts are kept; past it the oldest counted are forgotten. */
const maxKept = 10_000;

/**
 * The planner's input tokens: the words of the whole conversation, which it reports every turn.
 * A stored message never changes, so each one's words are counted once (per process) and the
 * count kept by its key: a long conversation, or one huge message, is not scanned again on every
 * later turn. Messages without a key are counted each time.
 */
export class WordCounts {
  private readonly kept = new Map<string, number>();

  total(messages: readonly RunnerMessage[]): number {
    let sum = 0;
    for (const message of messages) sum += this.of(message);
    return sum;
  }

  private of(message: RunnerMessage): number {
    const key = message.key;
    if (key === undefined) return countWords(message.text);
    const known = this.kept.get(key);
    if (known !== undefined) return known;
    const count = countWords(message.text);
    if (this.kept.size >= maxKept) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    this.kept.set(key, count);
    return count;
  }
}
