import { type Task, TaskState } from "@a2a-js/sdk";
import {
  ClientFactory,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
} from "@a2a-js/sdk/client";
import { LegacyJsonRpcTransport } from "@a2a-js/sdk/compat/v0_3/client";
import { expect, it } from "vitest";
import { inProcessFetch, sendParams, textMessage } from "../../test/a2a.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";

const cardPath = "/api/v1/agents/assistant/.well-known/agent-card.json";
const endpoint = "http://localhost/api/v1/agents/assistant";

describeEachDialect("agent cards by protocol version, and trailing slashes", (get) => {
  it("a 0.3 client that names no version gets the 0.3 card and talks 0.3 from it", async () => {
    const app = createTestApp(get());
    const user = await taskUser(app);
    const contextId = await user.createContext();

    const res = await app.request(cardPath);
    expect(res.status).toBe(200);
    expect(res.headers.get("vary")).toContain("A2A-Version");
    const card = (await res.json()) as Record<string, unknown>;
    expect(card).toMatchObject({
      name: "assistant",
      url: endpoint,
      protocolVersion: "0.3.0",
      preferredTransport: "JSONRPC",
    });
    // The v1.0 interfaces ride along, as on the SDK's reference server.
    expect(card.supportedInterfaces).toEqual([
      { url: endpoint, protocolBinding: "JSONRPC", tenant: "", protocolVersion: "1.0" },
      { url: endpoint, protocolBinding: "JSONRPC", tenant: "", protocolVersion: "0.3" },
    ]);

    // What a 0.3 client sends: no A2A-Version header, 0.3 method names and shapes.
    const call = await app.request(String(card.url), {
      method: "POST",
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "message/send",
        params: {
          message: {
            kind: "message",
            messageId: "legacy-1",
            contextId,
            role: "user",
            parts: [{ kind: "text", text: "hello" }],
          },
        },
      }),
    });
    const reply = (await call.json()) as {
      result?: { kind?: string; status?: { state?: string } };
    };
    expect(reply.result).toMatchObject({ kind: "task", status: { state: "completed" } });

    const asked = await app.request(cardPath, { headers: { "A2A-Version": "1.0" } });
    const v1Card = (await asked.json()) as Record<string, unknown>;
    expect(v1Card).not.toHaveProperty("url");
    expect(v1Card).not.toHaveProperty("protocolVersion");
    expect(v1Card.supportedInterfaces).toHaveLength(2);
  });

  it("accepts base URLs and endpoints with and without a trailing slash", async () => {
    const app = createTestApp(get());
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const fetchImpl = inProcessFetch(app, user.session.access_token);
    const factory = new ClientFactory({
      transports: [new JsonRpcTransportFactory({ fetchImpl })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
    });
    for (const base of [endpoint, `${endpoint}/`]) {
      const client = await factory.createFromUrl(base);
      expect((await client.getAgentCard()).name).toBe("assistant");
      const sent = (await client.sendMessage(sendParams(textMessage(contextId, "hello")))) as Task;
      expect(sent.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    }
    for (const url of [endpoint, `${endpoint}/`]) {
      const card = await new DefaultAgentCardResolver({ fetchImpl }).resolve(`${endpoint}/`);
      const interfaces = card.supportedInterfaces.map((i) => ({ ...i, url }));
      const v1 = await factory.createFromAgentCard({ ...card, supportedInterfaces: interfaces });
      const sent = (await v1.sendMessage(sendParams(textMessage(contextId, "hello")))) as Task;
      expect(sent.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
      const v03 = new LegacyJsonRpcTransport({ endpoint: url, fetchImpl });
      const legacy = (await v03.sendMessage(sendParams(textMessage(contextId, "hi")))) as Task;
      expect(legacy.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    }
    const unknown = await app.request("/api/v1/agents/nobody/", {
      method: "POST",
      headers: { ...user.headers, "content-type": "application/json" },
      body: "{}",
    });
    expect(unknown.status).toBe(404);
  });
});
