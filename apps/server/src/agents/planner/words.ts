/**
 * Linear-time reading of user text for the planner. Messages are split once into words by a
 * plain character loop, and every rule then looks at words, never runs a regular expression over
 * the text: nothing a user types can make the event loop backtrack.
 */

/** A word of a message: lower-cased letters and digits, and where it sits in the message. */
export interface Word {
  text: string;
  start: number;
  end: number;
}

/** The words the planner reads in one message; text beyond them is ignored. */
export const maxWords = 400;

/** The characters the planner reads in one message: far more than `maxWords` words need. */
export const maxScan = 16_384;

/** The start of a message the planner reads; the rest cannot change what it understands. */
export function readablePart(text: string): string {
  return text.length > maxScan ? text.slice(0, maxScan) : text;
}

function isWordChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || // 0-9
    (code >= 65 && code <= 90) || // A-Z
    (code >= 97 && code <= 122) || // a-z
    code === 39 || // ' (don't)
    code > 127 // letters of other alphabets (and, harmlessly, other symbols)
  );
}

/** Splits text into words, at most `limit` of them; one pass over the text at most. */
export function splitWords(text: string, limit = maxWords): Word[] {
  const words: Word[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const inWord = i < text.length && isWordChar(text.charCodeAt(i));
    if (inWord && start < 0) start = i;
    if (!inWord && start >= 0) {
      words.push({ text: text.slice(start, i).toLowerCase(), start, end: i });
      start = -1;
      if (words.length >= limit) break;
    }
  }
  return words;
}

/** Index of the first word at or after `from` that is one of `choices`, or -1. */
export function indexOfWord(words: readonly Word[], choices: readonly string[], from = 0): number {
  for (let i = from; i < words.length; i++) {
    if (choices.includes(words[i]?.text ?? "")) return i;
  }
  return -1;
}

/** Whether any word is one of `choices`. */
export function hasWord(words: readonly Word[], ...choices: string[]): boolean {
  return indexOfWord(words, choices) >= 0;
}

/**
 * Index of the first place where the words follow `phrase` (each step one of its choices), or -1.
 * Phrases are a few words long, so this is linear in the number of words.
 */
export function indexOfPhrase(
  words: readonly Word[],
  phrase: readonly (readonly string[])[],
  from = 0,
): number {
  for (let i = from; i + phrase.length <= words.length; i++) {
    if (phrase.every((choices, k) => choices.includes(words[i + k]?.text ?? ""))) return i;
  }
  return -1;
}

/** Text with trailing `.`, `?` and `!` removed (a loop, not a backtracking pattern). */
export function withoutEndPunctuation(text: string): string {
  let end = text.length;
  while (end > 0) {
    const c = text[end - 1];
    if (c !== "." && c !== "?" && c !== "!") break;
    end--;
  }
  return text.slice(0, end);
}

/** The longest part of a message the planner repeats back (a topic, a service name). */
export const maxEcho = 100;

/**
 * The message from `start` to the end of its line, trimmed, without end punctuation, and cut
 * to `maxEcho` characters at a word boundary when longer.
 */
export function restOfLine(text: string, start: number): string {
  const newline = text.indexOf("\n", start);
  const line = text.slice(start, newline < 0 ? text.length : newline);
  let rest = withoutEndPunctuation(line.trim()).trim();
  if (rest.length > maxEcho) {
    const cut = rest.lastIndexOf(" ", maxEcho);
    rest = rest.slice(0, cut > 0 ? cut : maxEcho);
  }
  return rest;
}

/** How many runs of non-space characters a text has (the planner's token count); no allocation. */
export function countWords(text: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const space = code === 32 || (code >= 9 && code <= 13);
    if (!space && !inWord) count++;
    inWord = !space;
  }
  return count;
}
