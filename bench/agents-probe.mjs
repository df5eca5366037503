// Loaded into the built server by the agents bench only (NODE_OPTIONS=--import), never in
// production. It notes, inside the server process, when each bench token's model chunk reaches
// the server (its fetch of the fake provider) and when the server writes the SSE event carrying
// that token to the client's socket, and writes what it noted to BENCH_PROBE_FILE at exit.
// Times are performance.timeOrigin + performance.now(), so the bench can set them against its own.
import { writeFileSync } from "node:fs";
import http from "node:http";

const file = process.env.BENCH_PROBE_FILE;
const now = () => performance.timeOrigin + performance.now();

/** tag -> { in: {token index: time}, out: {token index: time} } */
const streams = {};
/** The stream the fake provider is serving: the bench runs one timed stream at a time. */
let current;

function note(times, text, pattern, at) {
  for (const match of text.matchAll(pattern)) times[match[1]] ??= at;
}

if (file) {
  const fetchOriginal = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const response = await fetchOriginal(input, init);
    const body = typeof init?.body === "string" ? init.body : "";
    const tag = /tag:([^\s"\\]+)/.exec(body)?.[1];
    if (!url.endsWith("/chat/completions") || !tag || !response.body) return response;
    const stream = { in: {}, out: {} };
    streams[tag] = stream;
    current = stream;
    const decoder = new TextDecoder();
    const noted = response.body.pipeThrough(
      new TransformStream({
        transform(chunk, controller) {
          const at = now();
          note(stream.in, decoder.decode(chunk, { stream: true }), /"t(\d+) "/g, at);
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(noted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };

  const writeOriginal = http.ServerResponse.prototype.write;
  http.ServerResponse.prototype.write = function write(chunk, ...rest) {
    const written = writeOriginal.call(this, chunk, ...rest);
    if (current) {
      const at = now();
      const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      if (text.includes('"statusUpdate"')) note(current.out, text, /t(\d+) /g, at);
    }
    return written;
  };

  process.on("exit", () => writeFileSync(file, JSON.stringify(streams)));
}
