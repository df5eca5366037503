import { createServer, request, type Server } from "node:http";
import { Session } from "node:inspector/promises";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "./env.js";
import { streamReply } from "./stream-reply.js";

/**
 * A live stream stays open for hours and writes an event at a time. @hono/node-server 1.x chains
 * a promise onto the previous one for every chunk it writes (`return reader.read().then(flow)`
 * inside `flow`), all of them kept until the response ends: the one-hour soak's live heap grew by
 * ~25,000 promises in 15 minutes with 16 streams held open (issue 41). These hold a response open
 * under the real Node adapter, write many chunks, and count live promises (the inspector's
 * queryObjects collects garbage first): with streamReply nothing piles up; the adapter's own
 * writer is measured beside it, so the test shows what it guards against.
 */

const chunks = 500;
let server: Server;
let enqueue: ((text: string) => void) | undefined;
let close: (() => void) | undefined;

beforeAll(async () => {
  const body = () => {
    const encoder = new TextEncoder();
    return new ReadableStream<Uint8Array>({
      start(controller) {
        enqueue = (text) => controller.enqueue(encoder.encode(text));
        close = () => controller.close();
      },
    });
  };
  const headers = { "content-type": "text/event-stream" };
  const app = new Hono<AppEnv>()
    .get("/ours", (c) => streamReply(c, body(), headers))
    .get("/adapter", () => new Response(body(), { headers }));
  server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function livePromises(session: Session): Promise<number> {
  const { result: prototype } = await session.post("Runtime.evaluate", {
    expression: "Promise.prototype",
  });
  const { objects } = await session.post("Runtime.queryObjects", {
    prototypeObjectId: prototype.objectId as string,
  });
  const { result } = await session.post("Runtime.callFunctionOn", {
    objectId: objects.objectId as string,
    functionDeclaration: "function () { return this.length; }",
    returnByValue: true,
  });
  await session.post("Runtime.releaseObjectGroup", { objectGroup: "" }).catch(() => undefined);
  return result.value as number;
}

/** Live promises added by writing `chunks` events, one at a time, on one open response. */
async function promisesLeft(path: string): Promise<{ added: number; received: number }> {
  const { port } = server.address() as AddressInfo;
  let received = 0;
  let pending = "";
  let onData: (() => void) | undefined;
  const response = await new Promise<import("node:http").IncomingMessage>((resolve) =>
    request({ host: "127.0.0.1", port, path }, resolve).end(),
  );
  response.on("data", (data: Buffer) => {
    // A frame's closing blank line may be split between two chunks: count whole frames only.
    const frames = (pending + data.toString()).split("\n\n");
    pending = frames.pop() ?? "";
    received += frames.length;
    onData?.();
  });
  // One small event per turn of the event loop, as a live stream writes them: the socket takes
  // each at once (500 events are far under its 16 KB mark), so the adapter never waits for
  // 'drain', which would break its chain; then everything is read by the client.
  const write = async (count: number) => {
    const target = received + count;
    for (let i = 0; i < count; i++) {
      enqueue?.(`data: ${i}\n\n`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await new Promise<void>((resolve) => {
      onData = () => received >= target && resolve();
      onData();
    });
  };

  const session = new Session();
  session.connect();
  try {
    await write(100); // the stream and the adapter's first reads are in place
    const before = await livePromises(session);
    await write(chunks);
    const after = await livePromises(session);
    return { added: after - before, received };
  } finally {
    session.disconnect();
    response.destroy();
    close?.();
  }
}

describe("a long streamed reply", () => {
  // The inspector's collections are slow in a loaded worker's large heap: a bound for a stuck
  // test, not a speed target.
  it("keeps nothing per chunk written by streamReply while it stays open", {
    timeout: 60_000,
  }, async () => {
    const { added, received } = await promisesLeft("/ours");
    expect(received).toBe(100 + chunks);
    // A few may be in flight at any moment; nothing per chunk.
    expect(added).toBeLessThan(chunks / 10);
  });

  it("(the adapter's own writer keeps a promise per chunk: what streamReply avoids)", {
    timeout: 60_000,
  }, async () => {
    const { added, received } = await promisesLeft("/adapter");
    expect(received).toBe(100 + chunks);
    // If this fails, @hono/node-server no longer chains (version 2 does not): streamReply can go.
    expect(added).toBeGreaterThanOrEqual(chunks);
  });
});
