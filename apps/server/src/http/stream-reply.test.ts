import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { serverRoot } from "../test/server-process.js";

/**
 * A live stream stays open for hours and writes an event at a time. @hono/node-server 1.x chains
 * a promise onto the previous one for every chunk it writes (`return reader.read().then(flow)`
 * inside `flow`), all of them kept until the response ends: the one-hour soak's live heap grew by
 * ~25,000 promises in 15 minutes with 16 streams held open (issue 41). A process of its own
 * (test/promise-count-probe.ts, a small heap the inspector walks quickly) holds a response open
 * under the real Node adapter, writes many chunks and counts live promises: with streamReply
 * nothing piles up; the adapter's own writer is measured beside it, so the test shows what it
 * guards against.
 */

const chunks = 500;
const counts = new Map<string, { added: number; received: number }>();

beforeAll(async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "src/test/promise-count-probe.ts", String(chunks)],
    { cwd: serverRoot, timeout: 60_000 },
  );
  for (const line of stdout.trim().split("\n")) {
    const { path, added, received } = JSON.parse(line) as {
      path: string;
      added: number;
      received: number;
    };
    counts.set(path, { added, received });
  }
}, 90_000);

describe("a long streamed reply", () => {
  it("keeps nothing per chunk written by streamReply while it stays open", () => {
    const ours = counts.get("/ours");
    expect(ours?.received).toBe(100 + chunks);
    // A few may be in flight at any moment; nothing per chunk.
    expect(ours?.added).toBeLessThan(chunks / 10);
  });

  it("(the adapter's own writer keeps a promise per chunk: what streamReply avoids)", () => {
    const adapter = counts.get("/adapter");
    expect(adapter?.received).toBe(100 + chunks);
    // If this fails, @hono/node-server no longer chains (version 2 does not): streamReply can go.
    expect(adapter?.added).toBeGreaterThanOrEqual(chunks);
  });
});
