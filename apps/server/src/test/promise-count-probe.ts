import { createServer, type IncomingMessage, request } from "node:http";
import { Session } from "node:inspector/promises";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import type { AppEnv } from "../http/env.js";
import { streamReply } from "../http/stream-reply.js";

/**
 * Run as a process of its own by http/stream-reply.test.ts (through tsx): serves one streamed
 * reply written by streamReply (`/ours`) and one written by @hono/node-server's own writer
 * (`/adapter`), writes `chunks` events on each while the response stays open, and prints one
 * JSON line per path with the live promises the writes added. The inspector's object query
 * collects garbage and walks the whole heap: in the test worker, whose heap holds every module
 * the server files imported, each query took seconds (58 s for the file under load); here the
 * heap is a few megabytes.
 */

const chunks = Number(process.argv[2] ?? 500);
let enqueue: ((text: string) => void) | undefined;
let close: (() => void) | undefined;

function body(): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      enqueue = (text) => controller.enqueue(encoder.encode(text));
      close = () => controller.close();
    },
  });
}

const headers = { "content-type": "text/event-stream" };
const app = new Hono<AppEnv>()
  .get("/ours", (c) => streamReply(c, body(), headers))
  .get("/adapter", () => new Response(body(), { headers }));
const server = createServer(getRequestListener(app.fetch));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

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
  const response = await new Promise<IncomingMessage>((resolve) =>
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

for (const path of ["/ours", "/adapter"]) {
  const counted = await promisesLeft(path);
  process.stdout.write(`${JSON.stringify({ path, ...counted })}\n`);
}
server.closeAllConnections();
server.close();
