import type { Tool } from "@modelcontextprotocol/sdk/types.js";

/** Most lists kept: one per built-in server and distinct set of scopes seen. */
const defaultMaxEntries = 64;
/** Longest a list is kept; a bound for safety, as a built-in server's list changes only with a release. */
const defaultTtlMs = 10 * 60_000;

/**
 * The tool lists of this process's built-in MCP servers, per server and set of caller scopes.
 * A built-in server's tools are fixed by its code, the configuration and the caller's scopes
 * (an admin sees more), so a list read once serves every later turn of a caller with the same
 * scopes: a turn then opens no MCP session unless the model calls a tool. Only lists read
 * through the protocol endpoint are stored (a caller the endpoint refuses stores nothing), at
 * most `maxEntries`, least recently used out, each for `ttlMs`.
 */
export class ToolListCache {
  private readonly entries = new Map<string, { tools: Tool[]; until: number }>();

  constructor(
    private readonly maxEntries = defaultMaxEntries,
    private readonly ttlMs = defaultTtlMs,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key of a server's list for a caller with these scopes (their order does not matter). */
  static key(server: string, scopes: readonly string[]): string {
    return `${server}\n${[...new Set(scopes)].sort().join(" ")}`;
  }

  get(key: string): Tool[] | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.until <= this.now()) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry.tools;
  }

  set(key: string, tools: Tool[]): void {
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { tools, until: this.now() + this.ttlMs });
  }

  get size(): number {
    return this.entries.size;
  }
}
