import { randomBytes } from "node:crypto";
import { externalAgentMessages, externalAgentSchema, taskSchema } from "@a2a-chat/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { credentialsRequiredCode } from "../agents/json-rpc-handler.js";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../test/a2a.js";
import { startTestAgent, type TestAgentOptions } from "../test/a2a-test-agent.js";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { taskUser } from "../test/tasks.js";
import { missingCredentialsMessage, remoteSecurity } from "./remote-security.js";

type App = ReturnType<typeof createTestApp>;
const agents: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
});

async function agent(options: TestAgentOptions) {
  const started = await startTestAgent(options);
  agents.push(started);
  return started;
}

const credentialsKey = randomBytes(32).toString("base64");
const appWith = (db: Parameters<typeof createTestApp>[0]) =>
  createTestApp(db, { config: { outbound: { allowHosts: ["127.0.0.1"], credentialsKey } } });

/** The card: a bearer scheme the agent requires with its own scope "admin". */
const secured = {
  "0.3": (card: Record<string, unknown>) => ({
    ...card,
    securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
    security: [{ bearer: ["admin"] }],
  }),
  "1.0": (card: Record<string, unknown>) => ({
    ...card,
    securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: "bearer" } } },
    securityRequirements: [{ schemes: { bearer: { list: ["admin"] } } }],
  }),
} as const;

const expectedSecurity = {
  securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: "bearer" } } },
  securityRequirements: [{ schemes: { bearer: { list: ["admin"] } } }],
};

const request = (app: App, token: string, path: string, init: RequestInit = {}) =>
  app.request(`/api/v1/agents/external${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  });

describeEachDialect("an added agent's own sign-in", (get) => {
  for (const protocol of ["1.0", "0.3"] as const) {
    it(`keeps a secured ${protocol} card's security and refuses messages until its credentials are stored`, async () => {
      const app = appWith(get());
      const remote = await agent({ protocol, editCard: secured[protocol] });
      const user = await taskUser(app);
      const token = user.session.access_token;
      const res = await request(app, token, "", {
        method: "POST",
        body: JSON.stringify({ url: remote.url }),
      });
      expect(res.status).toBe(201);
      const added = externalAgentSchema.parse(await res.json());
      expect(added.protocol).toBe(protocol);
      expect(added.credentials_kind).toBe("none");
      expect(added.card).toMatchObject(expectedSecurity);
      // The card the browser's A2A client reads says the same.
      const card = await request(app, token, `/${added.id}/.well-known/agent-card.json`);
      expect(await card.json()).toMatchObject(expectedSecurity);

      // An API client's message is refused with a clear reason and never reaches the agent.
      const contextId = await user.createContext();
      const client = await a2aClient(inProcessFetch(app, token), `external/${added.id}`);
      const message = externalAgentMessages.credentialsRequired("Echo agent", ["bearer"]);
      await expect(client.sendMessage(sendParams(textMessage(contextId, "hi")))).rejects.toThrow(
        message,
      );
      const raw = await request(app, token, `/${added.id}`, {
        method: "POST",
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 7,
          method: protocol === "0.3" ? "message/send" : "SendMessage",
          params: {
            message: {
              messageId: "m-raw",
              role: protocol === "0.3" ? "user" : "ROLE_USER",
              contextId,
              parts: protocol === "0.3" ? [{ kind: "text", text: "hi" }] : [{ text: "hi" }],
            },
          },
        }),
      });
      expect(await raw.json()).toEqual({
        jsonrpc: "2.0",
        id: 7,
        error: { code: credentialsRequiredCode, message },
      });
      expect(remote.received.filter((r) => r.method === "POST")).toEqual([]);
      const none = await user.get(`/contexts/${contextId}/tasks`);
      expect(taskSchema.array().parse(await none.json())).toEqual([]);

      // With a token stored the message goes out, carrying it.
      const put = await request(app, token, `/${added.id}/credentials`, {
        method: "PUT",
        body: JSON.stringify({ credentials: { kind: "bearer", token: "agent-secret" } }),
      });
      expect(put.status).toBe(200);
      const again = await a2aClient(inProcessFetch(app, token), `external/${added.id}`);
      await again.sendMessage(sendParams(textMessage(contextId, "hi")));
      const posts = remote.received.filter((r) => r.method === "POST");
      expect(posts.length).toBeGreaterThan(0);
      expect(posts.every((r) => r.headers.authorization === "Bearer agent-secret")).toBe(true);
      const tasks = taskSchema
        .array()
        .parse(await (await user.get(`/contexts/${contextId}/tasks`)).json());
      expect(tasks.map((t) => t.status.state)).toEqual(["completed"]);
    });
  }
});

describeEachDialect("a secret typed into an agent's URL", (get) => {
  it("is redacted in every error, as the MCP form does", async () => {
    const app = appWith(get());
    const user = await taskUser(app);
    const token = user.session.access_token;
    const remote = await agent({ protocol: "1.0" });
    const port = new URL(remote.url).port;
    const cases: [string, string][] = [
      [
        "https://admin:hunter2@agent.example/a2a?api_key=s3cret",
        "Failed to connect to agent at https://[redacted]@agent.example/a2a?api_key=[redacted]",
      ],
      [
        "ftp://agent.example/?token=s3cret",
        "Failed to connect to agent at ftp://agent.example/?token=[redacted]",
      ],
      [
        `http://127.0.0.1:${port}/missing?token=s3cret#key=s3cret`,
        `Error connecting to agent: Failed to fetch agent card from http://127.0.0.1:${port}/missing?token=[redacted]#[redacted] (HTTP status 404)`,
      ],
    ];
    for (const [url, message] of cases) {
      const res = await request(app, token, "", { method: "POST", body: JSON.stringify({ url }) });
      expect(res.status, url).toBe(400);
      const body = await res.text();
      expect(JSON.parse(body)).toEqual({ error: "bad_request", message });
      expect(body).not.toContain("s3cret");
      expect(body).not.toContain("hunter2");
    }
  });
});

describe("remoteSecurity and missingCredentialsMessage", () => {
  const v1 = { name: "Remote" };
  it("translates every v0.3 scheme kind to v1.0 JSON and keeps one it cannot read", () => {
    const security = remoteSecurity({
      ...v1,
      securitySchemes: {
        key: { type: "apiKey", in: "header", name: "X-Key" },
        oidc: { type: "openIdConnect", openIdConnectUrl: "https://id.example" },
        odd: { type: "carrier-pigeon" },
      },
      security: [{ key: [] }, { oidc: "not-a-list" }],
    });
    expect(security).toEqual({
      securitySchemes: {
        key: { apiKeySecurityScheme: { location: "header", name: "X-Key" } },
        oidc: { openIdConnectSecurityScheme: { openIdConnectUrl: "https://id.example" } },
        odd: {},
      },
      securityRequirements: [
        { schemes: { key: { list: [] } } },
        { schemes: { oidc: { list: [] } } },
      ],
    });
    expect(missingCredentialsMessage({ ...v1, ...security }, false)).toBe(
      externalAgentMessages.credentialsRequired("Remote", ["key", "oidc", "odd"]),
    );
    expect(missingCredentialsMessage({ ...v1, ...security }, true)).toBeUndefined();
  });

  it("asks for nothing without security, or when one requirement is empty", () => {
    expect(missingCredentialsMessage(v1, false)).toBeUndefined();
    const optional = {
      ...v1,
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      security: [{ bearer: [] }, {}],
    };
    expect(missingCredentialsMessage(optional, false)).toBeUndefined();
    // Schemes with no requirements: unclear security is not taken for none.
    const schemesOnly = { ...v1, securitySchemes: optional.securitySchemes };
    expect(missingCredentialsMessage(schemesOnly, false)).toBe(
      externalAgentMessages.credentialsRequired("Remote", ["bearer"]),
    );
  });
});
