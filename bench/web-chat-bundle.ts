import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { sleep } from "./browser.js";

const webDist = fileURLToPath(new URL("../apps/web/dist", import.meta.url));
/** Libraries /chat must not load up front (they belong to lazy viewers). */
const heavyLibraries = /node_modules\/(shiki|@shikijs|recharts|victory-vendor)\//;

/** One script the page loaded. */
export interface LoadedScript {
  file: string;
  rawBytes: number;
  gzipBytes: number;
  /** Requested after the page's load event (a lazy chunk). */
  lazy: boolean;
  /** The script of a Web Worker: it runs off the main thread, outside the page's budget. */
  worker: boolean;
  /** Heavy libraries whose sources the chunk's source map lists. */
  heavy: string[];
}

/** What /chat loaded: every script, with sizes as gzip -9 of the built files. */
export interface BundleResult {
  scripts: LoadedScript[];
  /** The page's own scripts (not workers'), before and after the load event. */
  totalGzip: number;
  initialGzip: number;
  /** Scripts of the page's workers. */
  workerGzip: number;
}

function heavySources(file: string): string[] {
  const map = `${file}.map`;
  if (!existsSync(map)) return [];
  const sources = (JSON.parse(readFileSync(map, "utf8")) as { sources?: string[] }).sources ?? [];
  const found = new Set<string>();
  for (const source of sources) {
    const match = heavyLibraries.exec(source);
    if (match?.[1]) found.add(match[1]);
  }
  return [...found];
}

/** Chunk files a built file imports (static imports, dynamic imports, preload lists). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const names = new Set<string>();
  for (const match of text.matchAll(/["'`](?:\.\/|\/assets\/)([\w.-]+\.js)["'`]/g)) {
    if (match[1]) names.add(`/assets/${match[1]}`);
  }
  return [...names];
}

/** Every chunk reachable from the given ones, not going into the `stop` ones. */
function reachable(from: string[], stop: string[] = []): Set<string> {
  const seen = new Set<string>();
  const queue = [...from];
  while (queue.length > 0) {
    const path = queue.pop() as string;
    const file = join(webDist, path);
    if (seen.has(path) || stop.includes(path) || !existsSync(file)) continue;
    seen.add(path);
    queue.push(...importsOf(file));
  }
  return seen;
}

/**
 * The chunks only the page's workers use: reachable from a worker's script and not from the
 * app page's own (app.html's scripts and what they import). Browsers report a worker's requests
 * like the page's, so they are told apart by the build's import graph.
 */
function workerOnlyChunks(workerScripts: Iterable<string>): Set<string> {
  const html = readFileSync(join(webDist, "app.html"), "utf8");
  const entries = [...html.matchAll(/(?:src|href)="(\/assets\/[\w.-]+\.js)"/g)].flatMap((m) =>
    m[1] ? [m[1]] : [],
  );
  const workers = [...workerScripts];
  // The page names its worker's script (to start it) but does not load what the worker imports.
  const page = reachable(entries, workers);
  return new Set(
    [...reachable(workers)].filter((path) => workers.includes(path) || !page.has(path)),
  );
}

/**
 * Opens /chat as a first visitor and collects every script response until the welcome reply has
 * rendered and the network has been quiet for `quietMs`.
 */
export async function measureChatBundle(
  page: Page,
  url: string,
  quietMs = 2000,
): Promise<BundleResult> {
  const seen: { path: string; lazy: boolean }[] = [];
  const workers = new Set<string>();
  let loaded = false;
  page.on("load", () => {
    loaded = true;
  });
  page.on("worker", (worker) => {
    workers.add(new URL(worker.url()).pathname);
  });
  page.on("response", (response) => {
    const path = new URL(response.url()).pathname;
    // A worker's script may not be typed as a script; it is taken by its worker's address.
    if (response.request().resourceType() !== "script" && !/\.m?js$/.test(path)) return;
    seen.push({ path, lazy: loaded });
  });
  await page.goto(`${url}/chat`);
  // The first visit sends 'Hello A2A Chat!'; its reply renders markdown, so it may load more.
  await page
    .getByRole("article", { name: /^Message from / })
    .getByText("Hello from the fake model.")
    .waitFor({ timeout: 30_000 });
  await sleep(quietMs);

  const workerChunks = workerOnlyChunks(workers);
  const scripts = seen.map(({ path, lazy }): LoadedScript => {
    const file = join(webDist, decodeURIComponent(path));
    if (!file.startsWith(webDist) || !existsSync(file)) {
      throw new Error(`script ${path} is not a file of apps/web/dist`);
    }
    const bytes = readFileSync(file);
    return {
      file: path,
      rawBytes: bytes.length,
      gzipBytes: gzipSync(bytes, { level: 9 }).length,
      lazy,
      worker: workerChunks.has(path),
      heavy: heavySources(file),
    };
  });
  // A worker that started but whose script no response event showed is still counted.
  for (const path of workers) {
    if (scripts.some((s) => s.file === path)) continue;
    const file = join(webDist, decodeURIComponent(path));
    const bytes = readFileSync(file);
    const gzipBytes = gzipSync(bytes, { level: 9 }).length;
    const heavy = heavySources(file);
    scripts.push({
      file: path,
      rawBytes: bytes.length,
      gzipBytes,
      lazy: loaded,
      worker: true,
      heavy,
    });
  }
  const sum = (list: LoadedScript[]) => list.reduce((total, s) => total + s.gzipBytes, 0);
  const own = scripts.filter((s) => !s.worker);
  return {
    scripts,
    totalGzip: sum(own),
    initialGzip: sum(own.filter((s) => !s.lazy)),
    workerGzip: sum(scripts.filter((s) => s.worker)),
  };
}
