import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { chromiumPath } from "../e2e/harness/browser.js";

const run = promisify(execFile);

/** Lighthouse's four category scores (0–100) for one page. */
export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Largest contentful paint of Lighthouse's simulated mobile load, in milliseconds. */
  lcpMs: number;
}

/**
 * Lighthouse's command line, when one is installed. It is not a dependency (its current major needs
 * Node 22, and 12.x adds ~200 packages to every install): `npm install --no-save lighthouse@12`
 * makes the website bench run it, or LIGHTHOUSE_CLI names a cli/index.js elsewhere.
 */
export function lighthouseCli(): string | undefined {
  const candidates = [
    process.env.LIGHTHOUSE_CLI,
    join(process.cwd(), "node_modules/lighthouse/cli/index.js"),
  ];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}

/** Runs Lighthouse (default mobile settings, simulated throttling) against one address. */
export async function lighthouseScores(cli: string, url: string): Promise<LighthouseScores> {
  const dir = mkdtempSync(join(tmpdir(), "a2a-lighthouse-"));
  const output = join(dir, "report.json");
  try {
    await run(
      process.execPath,
      [
        cli,
        url,
        "--quiet",
        "--output=json",
        `--output-path=${output}`,
        "--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking",
      ],
      { env: { ...process.env, CHROME_PATH: chromiumPath }, timeout: 180_000 },
    );
    const report = JSON.parse(readFileSync(output, "utf8")) as {
      categories: Record<string, { score: number | null }>;
      audits: Record<string, { numericValue?: number }>;
    };
    const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: report.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
