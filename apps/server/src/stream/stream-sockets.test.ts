import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { contextRecordSchema, tokenReplySchema } from "@a2a-chat/contracts";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import type { ConfigInput } from "../config/schema.js";
import { type RunningServer, startServer } from "../server.js";
import { testConfig } from "../test/config.js";
import { SseReader } from "../test/sse.js";

/**
 * The live stream at the socket level, on a real HTTP server in this process: clients that leave
 * at any moment, clients that stop reading, and large events for clients that keep up.
 */

let running: RunningServer | undefined;
let dataDir: string | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await running?.close();
  running = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function start(stream: ConfigInput["stream"] = {}) {
  dataDir = mkdtempSync(join(tmpdir(), "a2a-chat-sockets-"));
  const config = testConfig({
    server: { port: 0, shutdownTimeoutMs: 1000, webDir: join(dataDir, "no-web") },
    database: { dataDir },
    rateLimit: { anonymousSessionsPerIp: 0, apiRequestsPerUser: 0 },
    stream,
  });
  running = await startServer(config, pino({ level: "silent" }));
  const base = `http://127.0.0.1:${running.port}`;
  const session = tokenReplySchema.parse(
    await (await fetch(`${base}/api/v1/core/oauth/session`, { method: "POST" })).json(),
  );
  const auth = { authorization: `Bearer ${session.access_token}` };
  const json = { ...auth, "content-type": "application/json" };
  const context = contextRecordSchema.parse(
    await (
      await fetch(`${base}/api/v1/core/contexts`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ name: "Chat" }),
      })
    ).json(),
  );
  /** Stores an event of about `bytes` bytes for the user (a push notification). */
  const bigEvent = async (bytes: number) => {
    const res = await fetch(`${base}/api/v1/core/contexts/${context.context_id}/notifications`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ message: { messageId: "m", text: "x".repeat(bytes) } }),
    });
    expect(res.status).toBe(202);
  };
  /** A raw socket that sends the stream request, as a browser would. */
  const rawStream = () => {
    const socket = connect(running?.port ?? 0, "127.0.0.1");
    sockets.push(socket);
    socket.on("error", () => {});
    socket.write(
      `GET /api/v1/stream/contexts HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${auth.authorization}\r\nAccept: text/event-stream\r\n\r\n`,
    );
    return socket;
  };
  const open = (lastEventId?: string) =>
    fetch(`${base}/api/v1/stream/contexts`, {
      headers: lastEventId ? { ...auth, "last-event-id": lastEventId } : auth,
    });
  return { server: running, hub: running.services.hub, bigEvent, rawStream, open };
}

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("live stream connections at the socket level", () => {
  it("frees the slot of a client that leaves within a few milliseconds, at any moment", async () => {
    const { hub, rawStream, open } = await start();
    // Well past the cap of ten: a leaked slot would make every later attempt a 429.
    for (let i = 0; i < 60; i += 1) {
      const socket = rawStream();
      await new Promise((r) => setTimeout(r, i % 4));
      socket.destroy();
    }
    await until(() => hub.size === 0, "every slot freed");
    const streams = await Promise.all(Array.from({ length: 10 }, () => open()));
    expect(streams.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect((await open()).status).toBe(429);
    for (const res of streams) await res.body?.cancel();
    await until(() => hub.size === 0, "slots freed after cancel");
  });

  it("resets the connection of a client that stops reading, and nobody else's", async () => {
    const { hub, bigEvent, rawStream, open } = await start({
      maxBufferBytes: 65_536,
      stallTimeoutSeconds: 0.5,
    });
    const stalled = rawStream();
    let received = 0;
    let reading = false;
    stalled.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (!reading) stalled.pause();
    });
    let closed = false;
    stalled.on("close", () => {
      closed = true;
    });
    const watcher = new SseReader(await open());
    expect((await watcher.next()).event).toBe("snapshot");
    await until(() => hub.size === 2, "both connected");

    // The stalled client reads nothing more: the kernel's buffers fill, then ours; it is dropped
    // once it has left them full for the stall timeout.
    let sent = 0;
    while (hub.size === 2 && sent < 40) {
      await bigEvent(500_000);
      sent += 1;
      expect((await watcher.next(10_000)).event).toBe("push_notification");
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(hub.size).toBe(1);
    // The server reset the socket: the client learns it as soon as it reads, without its backlog.
    reading = true;
    stalled.resume();
    await until(() => closed, "the stalled client's socket closed");
    expect(received).toBeLessThan(sent * 500_000);
    await bigEvent(10);
    expect((await watcher.next()).event).toBe("push_notification");
    await watcher.close();
  });

  it("delivers events larger than the buffer bound to a client that keeps reading", async () => {
    const { hub, bigEvent, open } = await start({ maxBufferBytes: 4096 });
    const first = new SseReader(await open());
    const snapshot = await first.next();
    await first.close();
    // Stored while the client was away, then replayed back to back on resume.
    for (let i = 0; i < 3; i += 1) await bigEvent(300_000);
    await bigEvent(20);
    const reader = new SseReader(await open(snapshot.id));
    const events = await reader.take(4, 10_000);
    expect(events.map((e) => Number(e.id))).toEqual(
      [1, 2, 3, 4].map((n) => Number(snapshot.id) + n),
    );
    expect(JSON.stringify(events[2]?.envelope.data).length).toBeGreaterThan(300_000);
    expect(hub.size).toBe(1);
    await reader.close();
  });
});
