import { randomBytes } from "node:crypto";
import {
  agentUserServersPath,
  agentUserServersSchema,
  externalMcpServerSchema,
} from "@a2a-chat/contracts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { startMisbehavingMcp } from "../../test/misbehaving-mcp.js";
import { taskUser } from "../../test/tasks.js";

/**
 * An agent's details list the caller's own MCP servers lent to it, answered to that caller only:
 * another user sees their own (or none), and the public card and registry never name them.
 */

type App = ReturnType<typeof createTestApp>;
type User = Awaited<ReturnType<typeof taskUser>>;

let mcp: Awaited<ReturnType<typeof startMisbehavingMcp>>;
beforeAll(async () => {
  mcp = await startMisbehavingMcp();
});
afterAll(async () => {
  await mcp?.close();
});

const agent = (name: string) => ({
  name,
  description: `The ${name}`,
  systemPrompt: "Answer.",
  model: "planner",
  mcpServers: [],
});

describeEachDialect("the caller's MCP servers an agent may use", (get) => {
  const makeApp = () =>
    createTestApp(get(), {
      config: {
        outbound: { allowHosts: ["127.0.0.1"], credentialsKey: randomBytes(32).toString("base64") },
        agents: [{ ...agent("assistant"), default: true }, agent("helper")],
      },
    });

  async function lend(app: App, user: User, name: string, agents: "all" | string[]) {
    const added = await app.request("/api/v1/mcp/external", {
      method: "POST",
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify({ name, url: `${mcp.origin}/echo` }),
    });
    const server = externalMcpServerSchema.parse(await added.json());
    const lent = await app.request(`/api/v1/mcp/external/${server.id}/agent-use`, {
      method: "PUT",
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify({ agents }),
    });
    expect(lent.status).toBe(200);
    return server;
  }

  const serversOf = async (app: App, user: User, agentName: string) => {
    const res = await app.request(agentUserServersPath(agentName), { headers: user.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    return agentUserServersSchema.parse(await res.json()).data;
  };

  it("lists the caller's servers lent to the agent, to that caller only, never on the public card", async () => {
    const app = makeApp();
    const user = await taskUser(app);
    const other = await taskUser(app);
    const helperOnly = await lend(app, user, "Private tools", ["helper"]);
    const everyone = await lend(app, user, "Shared tools", "all");
    await lend(app, user, "Kept back", []);
    const theirs = await lend(app, other, "Their tools", ["helper"]);

    expect(await serversOf(app, user, "helper")).toEqual([
      { id: helperOnly.id, name: "Private tools", endpoint: helperOnly.endpoint },
      { id: everyone.id, name: "Shared tools", endpoint: everyone.endpoint },
    ]);
    expect((await serversOf(app, user, "assistant")).map((s) => s.name)).toEqual(["Shared tools"]);
    expect(await serversOf(app, other, "helper")).toEqual([
      { id: theirs.id, name: "Their tools", endpoint: theirs.endpoint },
    ]);
    expect(await serversOf(app, other, "assistant")).toEqual([]);

    // The card and the registry are the same for everyone, with or without a session.
    for (const headers of [{}, user.headers, other.headers]) {
      for (const path of [
        "/api/v1/agents/helper/.well-known/agent-card.json",
        "/api/v1/agents/registry",
      ]) {
        const text = await (await app.request(path, { headers })).text();
        for (const secret of ["Private tools", "Shared tools", "Their tools", helperOnly.id])
          expect(text).not.toContain(secret);
      }
    }
  });

  it("asks for a session and a known agent", async () => {
    const app = makeApp();
    const user = await taskUser(app);
    const anonymous = await app.request(agentUserServersPath("helper"));
    expect(anonymous.status).toBe(401);
    const unknown = await app.request(agentUserServersPath("nobody"), { headers: user.headers });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message?: string }).message).toBe("No agent named nobody");
  });
});
