import type { RequestListener, ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { loopbackServers } from "../test/loopback-servers.js";
import { guardedStreamFetch, type StreamPolicy } from "./guarded-stream-fetch.js";

const timers: NodeJS.Timeout[] = [];
afterEach(() => {
  for (const timer of timers.splice(0)) clearInterval(timer);
});

const serveOrigin = loopbackServers();
const serve = async (listener: RequestListener) => `${await serveOrigin(listener)}/`;

const policy = (idleMs: number): StreamPolicy => ({
  allowHosts: ["127.0.0.1"],
  timeoutMs: 5000,
  maxBytes: 1024,
  maxRedirects: 0,
  idleMs,
});

function eventStream(res: ServerResponse): void {
  res.writeHead(200, { "content-type": "text/event-stream" });
  res.flushHeaders();
}

describe("guardedStreamFetch", () => {
  it("delivers every chunk of an event stream in order, whatever its length in time", async () => {
    const count = 40;
    const url = await serve((_req, res) => {
      eventStream(res);
      let sent = 0;
      // Chunks 20 ms apart for longer than the idle limit in all: only silence cuts a stream.
      const timer = setInterval(() => {
        res.write(`data: ${sent}\n\n`);
        sent += 1;
        if (sent === count) {
          clearInterval(timer);
          res.end();
        }
      }, 20);
      timers.push(timer);
    });
    const response = await guardedStreamFetch(policy(500))(url);
    const text = await response.text();
    expect(text).toBe(Array.from({ length: count }, (_, i) => `data: ${i}\n\n`).join(""));
  });

  it("cuts an event stream that stops sending for the idle limit", async () => {
    const url = await serve((_req, res) => {
      eventStream(res);
      res.write("data: first\n\n");
    });
    const response = await guardedStreamFetch(policy(100))(url);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("data: first\n\n");
    await expect(reader.read()).rejects.toThrow("The stream stopped sending");
  });

  it("cuts a body that is not a stream past the size limit", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(`"${"x".repeat(2000)}"`);
    });
    const response = await guardedStreamFetch(policy(1000))(url);
    await expect(response.text()).rejects.toThrow("Response exceeds the size limit");
  });
});
