import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sleep } from "./browser.js";
import { CdpPage, type CdpPipe } from "./cdp-pipe.js";
import { median } from "./report.js";

const webDir = fileURLToPath(new URL("../apps/web", import.meta.url));

/**
 * A copy of the web app that draws a streamed reply's first piece and then nothing until the reply
 * ends (text interval of a day): the same page, requests and stream handling, without the drawing.
 * Served with WEB_DIR, it measures what receiving a reply costs on its own.
 */
export function buildNoDrawingCopy(): string {
  const outDir = mkdtempSync(join(tmpdir(), "a2a-web-nodraw-"));
  execFileSync(
    "npx",
    ["vite", "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"],
    {
      cwd: webDir,
      env: { ...process.env, VITE_STREAM_TEXT_INTERVAL_MS: String(24 * 60 * 60 * 1000) },
      stdio: "inherit",
    },
  );
  return outDir;
}

/** What this machine's browser spends on the least a streamed reply needs, per piece. */
export interface Floors {
  /** Main-thread ms to receive one ~520-byte server-sent event over fetch and decode it. */
  receiveMs: number;
  /** Main-thread ms to append words to a paragraph in a plain page and keep it scrolled down. */
  drawMs: number;
}

/** The floor's events come this far apart, like the bench's one-token-per-frame stream. */
export const floorEventGapMs = 16;
const eventCount = 400;
const drawCount = 200;
const drawGapMs = 50;

/** A page that appends words to a paragraph on each frame it is asked for and follows the end. */
const plainPage = `<!doctype html><html><body style="margin:0;background:#111;color:#eee;font:14px sans-serif">
<div id="s" style="height:800px;overflow-y:auto"><div id="c" style="padding:16px"></div></div>
<script>
window.draw = (count, gap) => new Promise((resolve) => {
  const list = document.getElementById("c");
  const scroller = document.getElementById("s");
  let paragraph = list.appendChild(document.createElement("p"));
  let done = 0;
  const next = () => requestAnimationFrame(() => {
    paragraph.textContent += " three more words";
    if (done % 15 === 14) paragraph = list.appendChild(document.createElement("p"));
    scroller.scrollTop = scroller.scrollHeight;
    if (++done < count) setTimeout(next, gap); else resolve(done);
  });
  next();
});
</script></body></html>`;

/**
 * Measures both floors in a plain page of the same browser: an event stream like an agent's (one
 * JSON-RPC-sized event every 16 ms, read through fetch and TextDecoderStream, each parsed), and a
 * paragraph growing by a few words every 50 ms with the scroller kept at the end. Median of `runs`.
 */
export async function measureFloors(browser: CdpPipe, runs: number): Promise<Floors> {
  const event = `data: ${JSON.stringify({ jsonrpc: "2.0", id: 1, result: { text: "x".repeat(470) } })}\n\n`;
  const server = createServer({ noDelay: true }, async (req, res) => {
    if (req.url === "/") {
      res.writeHead(200, { "content-type": "text/html" }).end(plainPage);
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream" });
    for (let i = 0; i < eventCount; i += 1) {
      await sleep(floorEventGapMs);
      res.write(event);
    }
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const page = await CdpPage.open(browser, url);
  try {
    const metrics = await page.metrics();
    const receive: number[] = [];
    const draw: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      await sleep(500);
      let before = await metrics.times();
      const events = await page.evaluate<number>(`(async () => {
        const response = await fetch(${JSON.stringify(`${url}/events`)}, { method: "POST", body: "{}" });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let count = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return count;
          for (const block of value.split("\\n\\n")) {
            if (!block.startsWith("data: ")) continue;
            JSON.parse(block.slice("data: ".length));
            count += 1;
          }
        }
      })()`);
      receive.push(((await metrics.times()).task - before.task) / events);
      await sleep(500);
      before = await metrics.times();
      const draws = await page.evaluate<number>(`window.draw(${drawCount}, ${drawGapMs})`);
      draw.push(((await metrics.times()).task - before.task) / draws);
    }
    await metrics.detach();
    return { receiveMs: median(receive), drawMs: median(draw) };
  } finally {
    await page.close();
    server.closeAllConnections();
    server.close();
  }
}
