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
  /** Heavy libraries whose sources the chunk's source map lists. */
  heavy: string[];
}

/** What /chat loaded: every script, with sizes as gzip -9 of the built files. */
export interface BundleResult {
  scripts: LoadedScript[];
  totalGzip: number;
  initialGzip: number;
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
  let loaded = false;
  page.on("load", () => {
    loaded = true;
  });
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    seen.push({ path: new URL(response.url()).pathname, lazy: loaded });
  });
  await page.goto(`${url}/chat`);
  // The first visit sends 'Hello A2A Chat!'; its reply renders markdown, so it may load more.
  await page
    .getByRole("article", { name: /^Message from / })
    .getByText("Hello from the fake model.")
    .waitFor({ timeout: 30_000 });
  await sleep(quietMs);

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
      heavy: heavySources(file),
    };
  });
  const sum = (list: LoadedScript[]) => list.reduce((total, s) => total + s.gzipBytes, 0);
  return {
    scripts,
    totalGzip: sum(scripts),
    initialGzip: sum(scripts.filter((s) => !s.lazy)),
  };
}
