import type { ServerResponse } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { Context } from "hono";
import type { AppEnv } from "./env.js";

/**
 * A long-lived streamed reply (a live event stream), written to Node's response by this loop
 * rather than by @hono/node-server. Its 1.x writer chains each chunk's read onto the previous
 * one (`flow` returns `reader.read().then(flow)`), and the whole chain stays alive until the
 * response ends: ~230 bytes per event for as long as a chat tab is open (the one-hour soak's live
 * heap grew by ~25,600 promises in 15 minutes with 16 streams; see
 * docs/benchmarks/notes/soak.md). Version 2 no longer chains; once the project moves to it this
 * can go (stream-reply.test.ts's second case says when).
 *
 * Same behaviour otherwise: the head carries the given headers (and those middleware set on
 * Node's response before the route), a write the socket cannot take yet waits for `drain`, and
 * the body is cancelled when the response closes. Outside Node (app.request() tests) the body
 * goes back as a web Response.
 */
export function streamReply(
  c: Context<AppEnv>,
  body: ReadableStream<Uint8Array>,
  headers: Record<string, string>,
): Response {
  const outgoing = c.env?.outgoing;
  if (!outgoing || outgoing.headersSent) return new Response(body, { headers });
  writeToNode(outgoing, body, headers);
  return RESPONSE_ALREADY_SENT;
}

/** Resolves once the socket takes writes again, or the response is gone. */
function roomOrClose(outgoing: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      outgoing.off("drain", done);
      outgoing.off("close", done);
      resolve();
    };
    outgoing.on("drain", done);
    outgoing.on("close", done);
  });
}

function writeToNode(
  outgoing: ServerResponse,
  body: ReadableStream<Uint8Array>,
  headers: Record<string, string>,
): void {
  const reader = body.getReader();
  const cancel = () => {
    reader.cancel().catch(() => undefined);
  };
  outgoing.once("close", cancel);
  // A failed write (the socket reset under it) must not become an unhandled 'error' event.
  outgoing.on("error", cancel);
  outgoing.writeHead(200, headers);
  // The head goes out now, as the adapter sends it, not with the first event.
  outgoing.flushHeaders();
  // One async loop: each await is a promise of its own, none kept once it settles.
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || outgoing.destroyed) break;
        if (!outgoing.write(value)) await roomOrClose(outgoing);
      }
      if (!outgoing.destroyed && !outgoing.writableEnded) outgoing.end();
    } catch {
      // The body errored: end the reply as a broken stream, as the adapter would.
      outgoing.destroy();
    } finally {
      outgoing.off("close", cancel);
      outgoing.off("error", cancel);
    }
  })();
}
