import { createServer, request, type Server } from "node:http";
import { Session } from "node:inspector/promises";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";

/**
 * A live stream stays open for hours and writes an event at a time. @hono/node-server 1.x chained
 * a promise onto the previous one for every chunk it wrote (`return reader.read().then(flow)`
 * inside `flow`), all of them kept until the response ended: the one-hour soak's live heap grew by
 * ~25,000 promises in 15 minutes with 16 streams held open (issue 41). This holds a response open,
 * writes many chunks through the real Node adapter, and counts live promises (the inspector's
 * queryObjects collects garbage first): what a chunk leaves behind must not pile up.
 */

const chunks = 2000;
let server: Server;
let enqueue: ((text: string) => void) | undefined;
let close: (() => void) | undefined;

beforeAll(async () => {
  const app = new Hono().get("/stream", () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        enqueue = (text) => controller.enqueue(encoder.encode(text));
        close = () => controller.close();
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  });
  server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  close?.();
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

it("keeps nothing per chunk written while a long response stays open", async () => {
  const { port } = server.address() as AddressInfo;
  let received = 0;
  let onData: (() => void) | undefined;
  const response = await new Promise<import("node:http").IncomingMessage>((resolve) =>
    request({ host: "127.0.0.1", port, path: "/stream" }, resolve).end(),
  );
  response.on("data", (data: Buffer) => {
    received += data.toString().split("\n\n").length - 1;
    onData?.();
  });
  // One event at a time, each read by the client before the next, as a live stream writes
  // them: the socket never backs up (a full socket made 1.x wait for 'drain', which broke the
  // chain, so a burst did not show it).
  const write = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const target = received + 1;
      enqueue?.(`data: ${i}\n\n`);
      await new Promise<void>((resolve) => {
        onData = () => received >= target && resolve();
      });
    }
  };

  const session = new Session();
  session.connect();
  try {
    await write(100); // the stream and the adapter's first reads are in place
    const before = await livePromises(session);
    await write(chunks);
    const after = await livePromises(session);
    expect(received).toBe(100 + chunks);
    // 1.x left one promise per chunk (2,000 here); a few may be in flight at any moment.
    expect(after - before).toBeLessThan(chunks / 10);
  } finally {
    session.disconnect();
    response.destroy();
  }
});
