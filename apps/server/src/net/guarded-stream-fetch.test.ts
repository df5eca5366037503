import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { FloodingAgent } from "../test/flooding-agent.js";
import { loopbackServers } from "../test/loopback-servers.js";
import {
  guardedStreamFetch,
  maxUnreadBodyBytes,
  type StreamPolicy,
} from "./guarded-stream-fetch.js";

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

  describe("redirects", () => {
    const redirecting = (over: Partial<StreamPolicy> = {}): StreamPolicy => ({
      ...policy(1000),
      maxRedirects: 3,
      ...over,
    });
    const sentHeaders = (req: IncomingMessage) =>
      Object.keys(req.headers)
        .filter((name) => !["host", "connection", "content-length"].includes(name))
        .sort();

    it("carries only headers that describe the request to another origin", async () => {
      const target = await serve((req, res) => res.end(JSON.stringify(sentHeaders(req))));
      const base = await serve((_req, res) => res.writeHead(307, { location: target }).end());
      const response = await guardedStreamFetch(redirecting())(base, {
        method: "POST",
        body: "{}",
        headers: {
          "content-type": "application/json",
          "a2a-version": "1.0",
          authorization: "Bearer stored",
          "x-api-key": "k",
          "x-secret": "s",
          "mcp-session-id": "abc",
        },
      });
      expect(await response.json()).toEqual(["a2a-version", "content-type"]);
    });

    it("refuses a redirect to a private address, and to a name that resolves to loopback", async () => {
      const base = await serveOrigin((req, res) => {
        const to = req.url === "/private" ? "http://10.1.2.3/x" : "http://inside.example/x";
        res.writeHead(302, { location: to }).end();
      });
      // Only the test's own server's address is allowed; the name resolves to another loopback one.
      const resolve = async () => [{ address: "127.0.0.2", family: 4 }];
      const open = guardedStreamFetch(redirecting({ resolve }));
      await expect(open(`${base}/private`)).rejects.toMatchObject({
        reason: "refused_address",
        message:
          "Address refused: private; this server may connect there only if OUTBOUND_ALLOW_HOSTS lists 10.1.2.3",
      });
      await expect(open(`${base}/name`)).rejects.toMatchObject({
        reason: "refused_address",
        message:
          "Address refused: loopback; this server may connect there only if OUTBOUND_ALLOW_HOSTS lists inside.example",
      });
    });
  });

  describe("an event stream sent faster than it is read", () => {
    // 8 MiB of 1 KiB events, far more than may wait in our process.
    const count = 8 * 1024;
    // Beyond the bound: the chunk that passed it, Node's own buffer of the response, the headers.
    const slack = 256 * 1024;
    const sent = Array.from({ length: count }, (_, i) => FloodingAgent.event(i)).join("");

    /**
     * Reads the body to its end into `got.text`: after the first chunk it waits for `pause`, then
     * lets the socket be read every few chunks; `held` sees the bytes taken after each chunk.
     */
    async function readSlowly(
      body: ReadableStream<Uint8Array>,
      got: { text: string },
      pause: () => Promise<unknown>,
      held: (bytes: number) => void = () => undefined,
    ): Promise<void> {
      const reader = body.getReader();
      const decoder = new TextDecoder();
      let bytes = 0;
      for (let chunks = 1; ; chunks += 1) {
        const read = await reader.read();
        if (read.done) break;
        bytes += read.value.byteLength;
        got.text += decoder.decode(read.value, { stream: true });
        held(bytes);
        if (chunks === 1) await pause();
        else if (chunks % 4 === 0) await new Promise((resolve) => setImmediate(resolve));
        held(bytes);
      }
      got.text += decoder.decode();
    }

    it("holds at most the bound of what the agent sent, and gives every byte in order", async () => {
      const agent = new FloodingAgent(count);
      const response = await guardedStreamFetch(policy(2000))(await serve(agent.listener));
      const socket = agent.readerSocket();
      const eventBytes = Buffer.byteLength(FloodingAgent.event(0));
      let peak = 0;
      const got = { text: "" };
      await readSlowly(
        response.body as ReadableStream<Uint8Array>,
        got,
        () => agent.heldBackOrDone(),
        (bytes) => {
          // The body's bytes taken, as they were on the wire (each event its own chunk).
          const taken =
            FloodingAgent.wireBytes(Math.floor(bytes / eventBytes)) + (bytes % eventBytes);
          peak = Math.max(peak, socket.bytesRead - taken);
        },
      );
      expect(got.text === sent).toBe(true);
      expect(peak).toBeLessThan(maxUnreadBodyBytes + slack);
    });

    it("is not cut as idle while paused for its reader, and is once the agent is silent", async () => {
      const agent = new FloodingAgent(count, false);
      const response = await guardedStreamFetch(policy(100))(await serve(agent.listener));
      const got = { text: "" };
      await expect(
        readSlowly(response.body as ReadableStream<Uint8Array>, got, async () => {
          await agent.heldBackOrDone();
          // Three idle limits: the agent had nothing to send into, it was not idle.
          await new Promise((resolve) => setTimeout(resolve, 300));
        }),
      ).rejects.toThrow("The stream stopped sending");
      expect(got.text === sent).toBe(true);
    });

    it("drops the agent's connection when the reader cancels while it is paused", async () => {
      const agent = new FloodingAgent(count, false);
      const response = await guardedStreamFetch(policy(2000))(await serve(agent.listener));
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      await agent.heldBackOrDone();
      await reader.cancel();
      await agent.closed;
    });
  });
});
