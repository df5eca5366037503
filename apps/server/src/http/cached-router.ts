import type { Result, Router } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";

/**
 * Most (method, path) answers kept; past this the cache starts over. An answer holds the route's
 * handlers with their parameters (a few KB), and paths carry ids (conversations, tasks), so the
 * cache fills with the traffic: 2,000 held several MB of the soak's live heap before starting
 * over. The paths in use at any moment are far fewer.
 */
export const cachedMatchLimit = 500;
/** Longer paths are matched every time: they are rare and would only fill the cache. */
const longestCachedPath = 256;

/**
 * Hono's trie router with its answers kept per method and path. Our routes cannot use Hono's
 * RegExpRouter (a named segment beside a fixed one, e.g. `/agents/:name/…` and
 * `/agents/external/…`, is beyond it), so every request walked the trie and sorted its handlers
 * again; the same few paths come back all the time. A match depends only on the method, the
 * path and the routes, which are all added before the first request; Hono reads a match and
 * never changes it, so one can serve many requests. Bounded: when full it starts over.
 */
export class CachedRouter<T> implements Router<T> {
  readonly name = "CachedRouter + TrieRouter";
  readonly #inner = new TrieRouter<T>();
  readonly #answers = new Map<string, Result<T>>();

  /** Answers kept now. */
  get size(): number {
    return this.#answers.size;
  }

  add(method: string, path: string, handler: T): void {
    this.#inner.add(method, path, handler);
    this.#answers.clear();
  }

  match(method: string, path: string): Result<T> {
    if (path.length > longestCachedPath) return this.#inner.match(method, path);
    const key = `${method} ${path}`;
    const known = this.#answers.get(key);
    if (known) return known;
    const answer = this.#inner.match(method, path);
    if (this.#answers.size >= cachedMatchLimit) this.#answers.clear();
    this.#answers.set(key, answer);
    return answer;
  }
}
