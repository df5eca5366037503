import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpsServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeMcpServer } from "../mcp/external/mcp-probe.js";
import type { UpstreamServer } from "../mcp/external/upstream-client.js";
import { probeAgent } from "../proxy/agent-probe.js";
import { type EverythingProcess, startEverything } from "../test/everything.js";
import { startMisbehavingMcp } from "../test/misbehaving-mcp.js";
import { freePort } from "../test/server-process.js";
import { checkConnection, checkTexts } from "./connection-check.js";
import type { OutboundPolicy } from "./guarded-fetch.js";

let everything: EverythingProcess;
let liar: Awaited<ReturnType<typeof startMisbehavingMcp>>;
let selfSigned: Server;
let certDir: string;

beforeAll(async () => {
  [everything, liar] = await Promise.all([startEverything(), startMisbehavingMcp()]);
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
  await Promise.all([everything?.stop(), liar?.close()]);
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
  return checkConnection(url, with_, () => probeMcpServer(server, with_));
}

const failedStep = (result: Awaited<ReturnType<typeof check>>) =>
  result.steps.find((s) => !s.ok && s.detail !== checkTexts.skipped);

describe("connection check of an MCP server, step by step", () => {
  it("passes every step for server-everything and says what it found", async () => {
    const result = await check(everything.url);
    expect(result.ok).toBe(true);
    expect(result.steps.map((s) => [s.step, s.ok])).toEqual([
      ["dns", true],
      ["tcp", true],
      ["tls", true],
      ["http", true],
      ["protocol", true],
    ]);
    expect(result.steps[2]?.detail).toBe(checkTexts.plainHttp);
    expect(result.steps[4]?.detail).toMatch(/^MCP server .+ over streamable HTTP: \d+ tools?$/);
  });

  it("DNS: a name that does not resolve, and an address the policy refuses", async () => {
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
    });
    expect(noDns.steps.slice(1).every((s) => s.detail === checkTexts.skipped)).toBe(true);
    const refused = await check(everything.url, {}, { ...policy, allowHosts: [] });
    expect(failedStep(refused)?.detail).toBe(
      "Address refused: loopback; this server may connect there only if OUTBOUND_ALLOW_HOSTS lists 127.0.0.1",
    );
  });

  it("TCP: nothing listens on the port", async () => {
    const port = await freePort();
    const result = await check(`http://127.0.0.1:${port}/mcp`);
    expect(failedStep(result)).toEqual({
      step: "tcp",
      ok: false,
      detail: checkTexts.tcpFailed("127.0.0.1", port, "connection refused (nothing listens there)"),
    });
  });

  it("TLS: a self-signed certificate, and a port that does not speak TLS", async () => {
    const { port } = selfSigned.address() as AddressInfo;
    const signed = await check(`https://127.0.0.1:${port}/mcp`);
    expect(failedStep(signed)).toEqual({
      step: "tls",
      ok: false,
      detail: checkTexts.tlsFailed("the certificate is self-signed"),
    });
    const plain = await check(`https://127.0.0.1:${new URL(liar.origin).port}/mcp`);
    expect(failedStep(plain)?.step).toBe("tls");
    expect(failedStep(plain)?.detail).toBe(
      checkTexts.tlsFailed("the server does not speak TLS on this port"),
    );
  });

  it("HTTP status: credentials the server refuses, then accepts", async () => {
    const refused = await check(`${liar.origin}/auth`, { authorization: "Bearer wrong" });
    expect(failedStep(refused)).toEqual({
      step: "http",
      ok: false,
      detail: checkTexts.httpStatus(401, " (unauthorised: check the credentials)"),
    });
    const accepted = await check(`${liar.origin}/auth`, { authorization: "Bearer right" });
    expect(accepted.ok).toBe(true);
  });

  it("protocol: a web page, and a tool list of the wrong shape", async () => {
    const page = await check(`${liar.origin}/html`);
    expect(failedStep(page)?.step).toBe("protocol");
    expect(failedStep(page)?.detail).toMatch(/^Not an MCP server answer: .*content type/i);
    const list = await check(`${liar.origin}/bad-list`);
    expect(failedStep(list)?.step).toBe("protocol");
    expect(failedStep(list)?.detail).toContain("tools.0.inputSchema");
  });
});

describe("connection check of an agent: its HTTP and protocol steps", () => {
  it("names the HTTP status the endpoint answered, and an answer that is not JSON-RPC", async () => {
    const probe = (path: string) => () => probeAgent(`${liar.origin}${path}`, "1.0", {}, policy);
    const refused = await checkConnection(`${liar.origin}/auth`, policy, probe("/auth"));
    expect(failedStep(refused)).toEqual({
      step: "http",
      ok: false,
      detail: checkTexts.httpStatus(401, " (unauthorised: check the credentials)"),
    });
    const page = await checkConnection(`${liar.origin}/html`, policy, probe("/html"));
    expect(failedStep(page)).toEqual({
      step: "protocol",
      ok: false,
      detail: "Not an A2A answer: the body is not JSON",
    });
  });
});
