import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpsServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpCheckTexts, mcpProbe } from "../mcp/external/mcp-probe.js";
import type { UpstreamServer } from "../mcp/external/upstream-client.js";
import { type EverythingProcess, startEverything } from "../test/everything.js";
import { startMisbehavingMcp } from "../test/misbehaving-mcp.js";
import { startOAuthMcpServer } from "../test/oauth-mcp-server.js";
import { freePort } from "../test/server-process.js";
import { checkAdvice, checkConnection, checkTexts } from "./connection-check.js";
import type { OutboundPolicy } from "./guarded-fetch.js";

let everything: EverythingProcess;
let liar: Awaited<ReturnType<typeof startMisbehavingMcp>>;
let guarded: Awaited<ReturnType<typeof startOAuthMcpServer>>;
let selfSigned: Server;
let certDir: string;

beforeAll(async () => {
  [everything, liar, guarded] = await Promise.all([
    startEverything(),
    startMisbehavingMcp(),
    startOAuthMcpServer(),
  ]);
  certDir = mkdtempSync(join(tmpdir(), "a2a-chat-cert-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-keyout",
      join(certDir, "key.pem"),
      "-out",
      join(certDir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  selfSigned = createHttpsServer(
    { key: readFileSync(join(certDir, "key.pem")), cert: readFileSync(join(certDir, "cert.pem")) },
    (_req, res) => res.end("{}"),
  );
  await new Promise<void>((resolve) => selfSigned.listen(0, "127.0.0.1", resolve));
}, 60_000);

afterAll(async () => {
  await Promise.all([everything?.stop(), liar?.close(), guarded?.close()]);
  selfSigned?.close();
  rmSync(certDir, { recursive: true, force: true });
});

const policy: OutboundPolicy = {
  allowHosts: ["127.0.0.1"],
  timeoutMs: 3000,
  maxBytes: 1_048_576,
  maxRedirects: 3,
};

function check(url: string, credentials: Record<string, string> = {}, with_ = policy) {
  const server: UpstreamServer = {
    name: "checked",
    url,
    transport: "streamable_http",
    headers: credentials,
    timeoutMs: 3000,
  };
  return checkConnection(url, with_, mcpProbe(server, with_));
}

const failedStep = (result: Awaited<ReturnType<typeof check>>) =>
  result.steps.find((s) => !s.ok && s.detail !== checkTexts.skipped);

const mcpOrder = ["dns", "tcp", "tls", "discovery", "auth", "version", "call"];

describe("the connection doctor of an MCP server, step by step", () => {
  it("passes every step for server-everything and says what it found", async () => {
    const result = await check(everything.url);
    expect(result.ok).toBe(true);
    expect(result.steps.map((s) => [s.step, s.ok])).toEqual(mcpOrder.map((s) => [s, true]));
    const detail = Object.fromEntries(result.steps.map((s) => [s.step, s.detail]));
    expect(detail.tls).toBe(checkTexts.plainHttp);
    expect(detail.discovery).toMatch(
      /^MCP server .+ answered initialize over streamable HTTP; it publishes no OAuth protected resource metadata$/,
    );
    expect(detail.auth).toBe(mcpCheckTexts.noneNeeded);
    expect(detail.version).toMatch(
      /^MCP protocol \d{4}-\d\d-\d\d negotiated \(this server speaks /,
    );
    expect(detail.call).toMatch(/^tools\/list answered: \d+ tools?$/);
    expect(result.steps.every((s) => s.advice === undefined)).toBe(true);
  });

  it("DNS: a name that does not resolve, and an address the policy refuses, each with advice", async () => {
    const noDns = await check(
      "https://nowhere.example/mcp",
      {},
      {
        ...policy,
        resolve: async () => {
          throw new Error("ENOTFOUND");
        },
      },
    );
    expect(failedStep(noDns)).toEqual({
      step: "dns",
      ok: false,
      detail: checkTexts.dnsFailed("nowhere.example"),
      advice: checkAdvice.dnsFailed,
    });
    expect(noDns.steps.map((s) => s.step)).toEqual(mcpOrder);
    expect(noDns.steps.slice(1).every((s) => s.detail === checkTexts.skipped)).toBe(true);
    const refused = await check(everything.url, {}, { ...policy, allowHosts: [] });
    expect(failedStep(refused)?.detail).toBe(
      "Address refused: loopback; this server may connect there only if OUTBOUND_ALLOW_HOSTS lists 127.0.0.1",
    );
    expect(failedStep(refused)?.advice).toBe(
      "If you trust 127.0.0.1, ask this server's administrator to add it to OUTBOUND_ALLOW_HOSTS and restart the server; otherwise use the server's public address.",
    );
  });

  it("TCP: nothing listens on the port (a closed port)", async () => {
    const port = await freePort();
    const result = await check(`http://127.0.0.1:${port}/mcp`);
    expect(failedStep(result)).toEqual({
      step: "tcp",
      ok: false,
      detail: checkTexts.tcpFailed("127.0.0.1", port, "connection refused (nothing listens there)"),
      advice: checkAdvice.tcpRefused,
    });
  });

  it("TLS: a self-signed certificate, and a port that does not speak TLS", async () => {
    const { port } = selfSigned.address() as AddressInfo;
    const signed = await check(`https://127.0.0.1:${port}/mcp`);
    expect(failedStep(signed)).toEqual({
      step: "tls",
      ok: false,
      detail: checkTexts.tlsFailed("the certificate is self-signed"),
      advice: checkAdvice.tlsUntrusted,
    });
    const plain = await check(`https://127.0.0.1:${new URL(liar.origin).port}/mcp`);
    expect(failedStep(plain)).toEqual({
      step: "tls",
      ok: false,
      detail: checkTexts.tlsFailed("the server does not speak TLS on this port"),
      advice: checkAdvice.tlsNotTls,
    });
  });

  it("discovery: a path with no MCP endpoint, and a web page", async () => {
    const missing = await check(`${new URL(everything.url).origin}/nothing-here`);
    expect(failedStep(missing)?.step).toBe("discovery");
    expect(failedStep(missing)?.detail).toMatch(
      /^No MCP endpoint at this URL: The server answered HTTP 40\d/,
    );
    expect(failedStep(missing)?.advice).toBe(mcpCheckTexts.pathAdvice);
    const page = await check(`${liar.origin}/html`);
    expect(failedStep(page)?.step).toBe("discovery");
    expect(failedStep(page)?.detail).toMatch(/^Not an MCP server answer: .*content type/i);
    expect(failedStep(page)?.advice).toBe(mcpCheckTexts.notMcpAdvice);
  });

  it("auth: no credentials, a wrong key, then the right one", async () => {
    const none = await check(`${liar.origin}/auth`);
    expect(failedStep(none)).toMatchObject({
      step: "auth",
      detail: "The server asks for credentials (HTTP 401) and none are stored",
      advice: mcpCheckTexts.refusedAdvice,
    });
    expect(none.steps.find((s) => s.step === "discovery")?.ok).toBe(true);
    const wrong = await check(`${liar.origin}/auth`, { authorization: "Bearer wrong" });
    expect(failedStep(wrong)).toMatchObject({
      step: "auth",
      detail: "The server refused the stored credentials (HTTP 401)",
    });
    const accepted = await check(`${liar.origin}/auth`, { authorization: "Bearer right" });
    expect(accepted.ok).toBe(true);
    expect(accepted.steps.find((s) => s.step === "auth")?.detail).toBe(mcpCheckTexts.accepted);
  });

  it("auth behind OAuth: the protected resource metadata names the authorization server", async () => {
    const result = await check(guarded.url);
    const discovery = result.steps.find((s) => s.step === "discovery");
    expect(discovery?.ok).toBe(true);
    expect(discovery?.detail).toContain(
      `its OAuth metadata names the authorization server ${guarded.origin}`,
    );
    expect(failedStep(result)?.step).toBe("auth");
    expect(failedStep(result)?.advice).toMatch(
      /^Choose OAuth in the server's credentials and sign in \(its authorization server is http:\/\/127\.0\.0\.1:\d+\/?\)/,
    );
  });

  it("test call: a tool list of the wrong shape", async () => {
    const list = await check(`${liar.origin}/bad-list`);
    expect(failedStep(list)?.step).toBe("call");
    expect(failedStep(list)?.detail).toContain("tools.0.inputSchema");
    expect(failedStep(list)?.advice).toBe(mcpCheckTexts.listAdvice);
  });
});
