import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkConnection, checkTexts } from "../net/connection-check.js";
import type { OutboundPolicy } from "../net/guarded-fetch.js";
import { startTestAgent } from "../test/a2a-test-agent.js";
import { startKeyedAgent } from "../test/keyed-agent.js";
import { startMisbehavingMcp } from "../test/misbehaving-mcp.js";
import { agentCheckTexts, agentProbe } from "./agent-probe.js";

const policy: OutboundPolicy = {
  allowHosts: ["127.0.0.1"],
  timeoutMs: 3000,
  maxBytes: 1_048_576,
  maxRedirects: 3,
};
const open: { close: () => Promise<unknown> }[] = [];
let keyed: Awaited<ReturnType<typeof startKeyedAgent>>;

beforeAll(async () => {
  keyed = await startKeyedAgent("the-key");
  open.push(keyed);
});
afterAll(async () => {
  await Promise.all(open.map((o) => o.close()));
});

const doctor = (url: string, headers: Record<string, string> = {}) =>
  checkConnection(url, policy, agentProbe(url, headers, policy));
const failed = (result: Awaited<ReturnType<typeof doctor>>) =>
  result.steps.find((s) => !s.ok && s.detail !== checkTexts.skipped);
const order = ["dns", "tcp", "tls", "discovery", "version", "auth", "call"];

describe("the connection doctor of an agent, against real @a2a-js/sdk agents", () => {
  it("passes every step for a 1.0 and a 0.3 agent, naming the version and the answer", async () => {
    for (const protocol of ["1.0", "0.3"] as const) {
      const agent = await startTestAgent({ protocol });
      open.push(agent);
      const result = await doctor(agent.url);
      expect(result.steps.map((s) => [s.step, s.ok])).toEqual(order.map((s) => [s, true]));
      const detail = Object.fromEntries(result.steps.map((s) => [s.step, s.detail]));
      expect(detail.discovery).toBe(agentCheckTexts.cardFound("Echo agent", `${agent.url}/`));
      expect(detail.version).toBe(
        agentCheckTexts.version(protocol, protocol === "1.0" ? "1.0" : "0.3.0"),
      );
      expect(detail.auth).toBe(agentCheckTexts.noneNeeded);
      expect(detail.call).toMatch(
        /^A harmless call \(GetTask of an unknown task\) was answered: error -32001 /,
      );
      const last = agent.received.at(-1);
      expect(last?.body).toContain(protocol === "1.0" ? '"GetTask"' : '"tasks/get"');
    }
  });

  it("auth: the card asks for a key none is stored for; a wrong key; a forbidden one; the right one", async () => {
    const none = await doctor(keyed.url);
    expect(failed(none)).toEqual({
      step: "auth",
      ok: false,
      detail:
        "Keyed agent requires you to sign in to it (key): save its credentials first (its Connection, or PUT /api/v1/agents/external/{id}/credentials)",
      advice: agentCheckTexts.noCredentialsAdvice,
    });
    const wrong = await doctor(keyed.url, { "x-api-key": "not-it" });
    expect(failed(wrong)).toEqual({
      step: "auth",
      ok: false,
      detail: "The agent refused the stored credentials (HTTP 401)",
      advice: agentCheckTexts.refusedAdvice,
    });
    expect(wrong.steps.at(-1)).toEqual({ step: "call", ok: false, detail: checkTexts.skipped });
    const forbidden = await doctor(keyed.url, { "x-api-key": "forbidden" });
    expect(failed(forbidden)).toEqual({
      step: "auth",
      ok: false,
      detail: agentCheckTexts.forbidden,
      advice: agentCheckTexts.forbiddenAdvice,
    });
    const right = await doctor(keyed.url, { "x-api-key": "the-key" });
    expect(right.ok).toBe(true);
    expect(right.steps.find((s) => s.step === "auth")?.detail).toBe(agentCheckTexts.accepted);
  });

  it("discovery: no agent card at the URL", async () => {
    const liar = await startMisbehavingMcp();
    open.push(liar);
    const result = await doctor(`${liar.origin}/html`);
    expect(failed(result)?.step).toBe("discovery");
    expect(failed(result)?.detail).toContain("/html");
    expect(failed(result)?.advice).toBe(agentCheckTexts.cardAdvice);
    expect(result.steps.map((s) => s.step)).toEqual(order);
  });

  it("protocol version: a card of A2A 0.2.5", async () => {
    const old = await startTestAgent({
      protocol: "0.3",
      editCard: (card) => ({ ...card, protocolVersion: "0.2.5" }),
    });
    open.push(old);
    const result = await doctor(old.url);
    expect(failed(result)).toEqual({
      step: "version",
      ok: false,
      detail: "The agent speaks A2A 0.2.5; this server speaks 1.0 and 0.3",
      advice: agentCheckTexts.versionAdvice,
    });
  });

  it("test call: an endpoint that does not answer JSON-RPC", async () => {
    const liar = await startMisbehavingMcp();
    open.push(liar);
    const agent = await startTestAgent({
      editCard: (card) => ({
        ...card,
        supportedInterfaces: [
          {
            url: `${liar.origin}/html`,
            protocolBinding: "JSONRPC",
            tenant: "",
            protocolVersion: "1.0",
          },
        ],
      }),
    });
    open.push(agent);
    const result = await doctor(agent.url);
    expect(failed(result)).toEqual({
      step: "call",
      ok: false,
      detail: agentCheckTexts.notJson,
      advice: agentCheckTexts.endpointAdvice,
    });
  });
});
