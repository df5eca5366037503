import { randomBytes } from "node:crypto";
import {
  type ConnectionCheck,
  connectionCheckSchema,
  externalAgentSchema,
  externalMcpMessages,
} from "@a2a-chat/contracts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { type EverythingProcess, startEverything } from "../test/everything.js";
import { startKeyedAgent } from "../test/keyed-agent.js";
import { startMisbehavingMcp } from "../test/misbehaving-mcp.js";
import { taskUser } from "../test/tasks.js";

type App = ReturnType<typeof createTestApp>;
let everything: EverythingProcess;
let liar: Awaited<ReturnType<typeof startMisbehavingMcp>>;
let keyed: Awaited<ReturnType<typeof startKeyedAgent>>;

beforeAll(async () => {
  [everything, liar, keyed] = await Promise.all([
    startEverything(),
    startMisbehavingMcp(),
    startKeyedAgent("the-key"),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([everything?.stop(), liar?.close(), keyed?.close()]);
});

const credentialsKey = randomBytes(32).toString("base64");
const appWith = (db: Parameters<typeof createTestApp>[0], allowHosts = ["127.0.0.1"]) =>
  createTestApp(db, { config: { outbound: { allowHosts, credentialsKey } } });

async function post(app: App, headers: Record<string, string>, path: string, body?: unknown) {
  return app.request(path, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
const stepsOf = (check: ConnectionCheck) => check.steps.map((s) => [s.step, s.ok]);
const failedOf = (check: ConnectionCheck) => check.steps.find((s) => !s.ok);
const apiKey = (value: string) => ({ kind: "api_key", header: "X-API-Key", value });

describeEachDialect("the connection doctor's routes", (get) => {
  it("checks an agent before it is added, with the add form's credentials, storing nothing", async () => {
    const app = appWith(get());
    const user = await taskUser(app);
    const check = async (body: unknown) => {
      const res = await post(app, user.headers, "/api/v1/agents/external/check", body);
      expect(res.status).toBe(200);
      return connectionCheckSchema.parse(await res.json());
    };
    const right = await check({ url: keyed.url, credentials: apiKey("the-key") });
    expect(right.ok).toBe(true);
    const wrong = await check({ url: keyed.url, credentials: apiKey("nope") });
    expect(failedOf(wrong)).toMatchObject({
      step: "auth",
      detail: "The agent refused the stored credentials (HTTP 401)",
    });
    const list = await app.request("/api/v1/agents/external", { headers: user.headers });
    expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);
    const reserved = await post(app, user.headers, "/api/v1/agents/external/check", {
      url: keyed.url,
      credentials: { kind: "api_key", header: "Accept", value: "x" },
    });
    expect(reserved.status).toBe(400);
    expect(await reserved.text()).toContain("Header Accept cannot be set");
    const anonymous = await post(app, {}, "/api/v1/agents/external/check", { url: keyed.url });
    expect(anonymous.status).toBe(401);
  });

  it("a local address refused by the policy names OUTBOUND_ALLOW_HOSTS in its advice", async () => {
    const app = appWith(get(), []);
    const user = await taskUser(app);
    const res = await post(app, user.headers, "/api/v1/agents/external/check", { url: keyed.url });
    const check = connectionCheckSchema.parse(await res.json());
    expect(failedOf(check)?.step).toBe("dns");
    expect(failedOf(check)?.advice).toContain("add it to OUTBOUND_ALLOW_HOSTS");
  });

  it("checks an added agent with its stored key, from the entry's check", async () => {
    const app = appWith(get());
    const user = await taskUser(app);
    const res = await post(app, user.headers, "/api/v1/agents/external", {
      url: keyed.url,
      credentials: apiKey("the-key"),
    });
    expect(res.status).toBe(201);
    const agent = externalAgentSchema.parse(await res.json());
    const check = connectionCheckSchema.parse(
      await (await post(app, user.headers, `/api/v1/agents/external/${agent.id}/check`)).json(),
    );
    expect(stepsOf(check)).toEqual(
      ["dns", "tcp", "tls", "discovery", "version", "auth", "call"].map((s) => [s, true]),
    );
    const other = await taskUser(app);
    const theirs = await post(app, other.headers, `/api/v1/agents/external/${agent.id}/check`);
    expect(theirs.status).toBe(404);
  });

  it("checks an MCP server before it is added (the name may be empty)", async () => {
    const app = appWith(get());
    const user = await taskUser(app);
    const check = async (body: unknown) =>
      connectionCheckSchema.parse(
        await (await post(app, user.headers, "/api/v1/mcp/external/check", body)).json(),
      );
    const fine = await check({ url: everything.url });
    expect(stepsOf(fine)).toEqual(
      ["dns", "tcp", "tls", "discovery", "auth", "version", "call"].map((s) => [s, true]),
    );
    const wrong = await check({
      name: "guarded",
      url: `${liar.origin}/auth`,
      credentials: { kind: "bearer", token: "wrong" },
    });
    expect(failedOf(wrong)).toMatchObject({
      step: "auth",
      detail: "The server refused the stored credentials (HTTP 401)",
    });
    const list = await app.request("/api/v1/mcp/external", { headers: user.headers });
    expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);
    const remote = await post(app, user.headers, "/api/v1/mcp/external/check", {
      url: "http://tools.example/mcp",
    });
    expect(remote.status).toBe(400);
    expect(await remote.text()).toContain(externalMcpMessages.httpsRequired);
  });
});
