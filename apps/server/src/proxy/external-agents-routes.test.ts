import { randomBytes } from "node:crypto";
import {
  connectionCheckSchema,
  externalAgentListSchema,
  externalAgentSchema,
  taskSchema,
} from "@a2a-chat/contracts";
import { type StreamResponse, TaskState } from "@a2a-js/sdk";
import { afterAll, expect, it } from "vitest";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../test/a2a.js";
import { endlessPiece, startTestAgent, type TestAgentOptions } from "../test/a2a-test-agent.js";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { taskUser } from "../test/tasks.js";

type App = ReturnType<typeof createTestApp>;
const agents: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
});

async function agent(options: TestAgentOptions = {}) {
  const started = await startTestAgent(options);
  agents.push(started);
  return started;
}

const credentialsKey = randomBytes(32).toString("base64");
const appWith = (
  db: Parameters<typeof createTestApp>[0],
  allow = ["127.0.0.1"],
  quotas: { replyBytes?: number; replySeconds?: number } = {},
) => createTestApp(db, { config: { outbound: { allowHosts: allow, credentialsKey }, quotas } });

/** The longest start of `text`, in whole characters, of at most `limit` bytes in UTF-8. */
function startWithin(text: string, limit: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    bytes += Buffer.byteLength(char);
    if (bytes > limit) break;
    end += char.length;
  }
  return text.slice(0, end);
}

async function add(app: App, token: string, body: unknown) {
  return app.request("/api/v1/agents/external", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Adds the agent at `url` for the token's user; the agent as the API answers it. */
async function addedAgent(app: App, token: string, url: string) {
  return externalAgentSchema.parse(await (await add(app, token, { url })).json());
}

async function chat(app: App, token: string, id: string, contextId: string, text: string) {
  const client = await a2aClient(inProcessFetch(app, token), `external/${id}`);
  const events: StreamResponse[] = [];
  for await (const event of client.sendMessageStream(sendParams(textMessage(contextId, text))))
    events.push(event);
  return { client, events };
}

describeEachDialect("user-added agents through the proxy", (get) => {
  it("adds a 1.0 agent by URL, replaces it on re-adding, and chats through the proxy with the reply stored", async () => {
    const app = appWith(get());
    const remote = await agent();
    const user = await taskUser(app);
    const token = user.session.access_token;
    const first = externalAgentSchema.parse(
      await (await add(app, token, { url: `${remote.url}/` })).json(),
    );
    const again = await add(app, token, { url: remote.url });
    expect(again.status).toBe(201);
    expect(externalAgentSchema.parse(await again.json()).id).toBe(first.id);
    const list = externalAgentListSchema.parse(
      await (
        await app.request("/api/v1/agents/external", {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    );
    expect(list.data).toHaveLength(1);
    expect(first.protocol).toBe("1.0");
    expect(first.proxy_url).toMatch(new RegExp(`/api/v1/agents/external/${first.id}$`));
    expect(JSON.stringify(first.card)).not.toContain(remote.url);

    const contextId = await user.createContext();
    const { events } = await chat(app, token, first.id, contextId, "hello");
    const last = events.at(-1)?.payload;
    expect(last?.$case).toBe("statusUpdate");

    const tasks = taskSchema
      .array()
      .parse(await (await user.get(`/contexts/${contextId}/tasks`)).json());
    expect(tasks).toHaveLength(1);
    const task = tasks[0];
    expect(task?.status.state).toBe("completed");
    expect(task?.metadata.agent_name).toBe(`external-${first.id}`);
    const texts = task?.history.map((m) =>
      m.parts.map((p) => (p.kind === "text" ? p.text : "")).join(""),
    );
    // Each of the agent's status messages is a message of its own (A2A's rule), none joined.
    expect(texts).toEqual(["hello", "Echo: ", "hello", "Echo: hello"]);
    expect(task?.artifacts.map((a) => a.name)).toEqual(["Echoed"]);

    // The session token never reaches the agent, in any header or body.
    expect(remote.received.length).toBeGreaterThan(1);
    for (const request of remote.received) {
      expect(JSON.stringify(request.headers)).not.toContain(token);
      expect(request.body).not.toContain(token);
    }
  });

  it("speaks 0.3 to a 0.3-only agent, finds a card at the fallback location, and hides agents from other users", async () => {
    const app = appWith(get());
    const remote = await agent({ protocol: "0.3", cardAt: "fallback" });
    const user = await taskUser(app);
    const token = user.session.access_token;
    const added = await addedAgent(app, token, remote.url);
    expect(added.protocol).toBe("0.3");
    const contextId = await user.createContext();
    await chat(app, token, added.id, contextId, "old protocol");
    const tasks = taskSchema
      .array()
      .parse(await (await user.get(`/contexts/${contextId}/tasks`)).json());
    expect(tasks[0]?.status.state).toBe("completed");
    expect(
      remote.received
        .filter((r) => r.method === "POST")
        .every((r) => r.headers["a2a-version"] !== "1.0"),
    ).toBe(true);

    const other = await taskUser(app);
    const otherAuth = { authorization: `Bearer ${other.session.access_token}` };
    const list = await app.request("/api/v1/agents/external", { headers: otherAuth });
    expect(externalAgentListSchema.parse(await list.json()).data).toEqual([]);
    const card = await app.request(
      `/api/v1/agents/external/${added.id}/.well-known/agent-card.json`,
      { headers: otherAuth },
    );
    expect(card.status).toBe(404);
    const removed = await app.request(`/api/v1/agents/external/${added.id}`, {
      method: "DELETE",
      headers: otherAuth,
    });
    expect(removed.status).toBe(404);
    const mine = await app.request(`/api/v1/agents/external/${added.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mine.status).toBe(204);
  });

  it("refuses bad URLs and cards with the spec's texts", async () => {
    const app = appWith(get(), []);
    const user = await taskUser(app);
    const token = user.session.access_token;
    const loopback = await agent();
    const refused = await add(app, token, { url: loopback.url });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      `Error connecting to agent: Failed to fetch agent card from ${loopback.url} (Address refused: loopback; this server may connect there only if OUTBOUND_ALLOW_HOSTS lists 127.0.0.1)`,
    );
    for (const url of [
      "javascript:alert(1)",
      "data:text/html,x",
      "/relative",
      "//evil.example/agent",
    ]) {
      const res = await add(app, token, { url });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(
        `Failed to connect to agent at ${url}`,
      );
    }

    const allowing = appWith(get());
    const owner = await taskUser(allowing);
    const badInterfaces = await agent({
      editCard: (card) => ({
        ...card,
        supportedInterfaces: [
          { url: "javascript:alert(1)", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
          { url: "data:text/plain,x", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
          { url: "/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
          { url: "//evil.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
        ],
        iconUrl: "javascript:alert(1)",
      }),
    });
    const none = await add(allowing, owner.session.access_token, { url: badInterfaces.url });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toContain(
      "the card lists no JSON-RPC endpoint",
    );

    // Mixed: a script URL and a gRPC interface first, the real endpoint last; links are cleaned.
    const mixed = await agent({
      editCard: (card, url) => ({
        ...card,
        supportedInterfaces: [
          { url: "javascript:alert(1)", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
          { url: "https://other.example/grpc", protocolBinding: "GRPC", protocolVersion: "1.0" },
          { url, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
        ],
        iconUrl: "javascript:alert(1)",
        documentationUrl: "data:text/html,x",
      }),
    });
    const chosen = externalAgentSchema.parse(
      await (await add(allowing, owner.session.access_token, { url: mixed.url })).json(),
    );
    expect(chosen.card.iconUrl).toBeUndefined();
    expect(chosen.card.documentationUrl).toBeUndefined();
    const contextId = await owner.createContext();
    await chat(allowing, owner.session.access_token, chosen.id, contextId, "mixed");
    expect(mixed.received.some((r) => r.method === "POST" && r.path === "/")).toBe(true);
  });

  it("passes every streamed event on once and in order, and stores the whole reply", async () => {
    const app = appWith(get());
    const count = 300;
    const remote = await agent({ behaviour: "stream", stream: { events: count, gapMs: 0 } });
    const user = await taskUser(app);
    const token = user.session.access_token;
    const added = await addedAgent(app, token, remote.url);
    for (const _ of [1, 2]) {
      const contextId = await user.createContext();
      const { events } = await chat(app, token, added.id, contextId, "count");
      const texts = events.flatMap((event) => {
        const payload = event.payload;
        if (payload?.$case !== "statusUpdate") return [];
        if (payload.value.status?.state !== TaskState.TASK_STATE_WORKING) return [];
        const parts = payload.value.status?.message?.parts ?? [];
        return parts.map((part) => (part.content?.$case === "text" ? part.content.value : ""));
      });
      const numbered = Array.from({ length: count }, (_, i) => `#${i}`);
      // Each working update once, in order, then the agent's last words: the proxy relays the
      // agent's own pacing (the planner's 16 ms joining is not applied); our end repeats the last.
      expect(texts.filter((text) => text !== "")).toEqual([...numbered, "done"]);
      const tasks = taskSchema
        .array()
        .parse(await (await user.get(`/contexts/${contextId}/tasks`)).json());
      expect(tasks).toHaveLength(1);
      const task = tasks[0];
      expect(task?.status.state).toBe("completed");
      // Each a message of its own, the last the reply.
      expect(task?.history.map((m) => m.parts)).toEqual(
        ["count", ...numbered, "done"].map((text) => [{ kind: "text", text }]),
      );
      expect(task?.history.at(-1)?.role).toBe("agent");
      // The agent's task id is kept in our task only while the agent waits for an answer.
      const row = await get()
        .db.kysely.selectFrom("tasks")
        .select("metadata")
        .where("id", "=", task?.id ?? "")
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.metadata)).not.toHaveProperty("remote_task_id");
    }
    // Each of the 600 messages is a stored write of its own: on a busy machine that takes a while.
  }, 120_000);

  it("a client that drops mid-reply resubscribes at the proxy URL and gets the rest of the agent's reply", async () => {
    const app = appWith(get());
    const count = 40;
    let published = 0;
    const remote = await agent({
      behaviour: "stream",
      stream: { events: count, gapMs: 15, onPublish: (_context, index) => (published = index) },
    });
    const user = await taskUser(app);
    const token = user.session.access_token;
    const added = await addedAgent(app, token, remote.url);
    const contextId = await user.createContext();
    const client = await a2aClient(inProcessFetch(app, token), `external/${added.id}`);
    const cut = new AbortController();
    let taskId = "";
    try {
      for await (const event of client.sendMessageStream(
        sendParams(textMessage(contextId, "count")),
        { signal: cut.signal },
      )) {
        if (event.payload?.$case === "task") taskId = event.payload.value.id;
        if (event.payload?.$case === "statusUpdate" && published >= 3) cut.abort();
      }
    } catch {
      // the abort ends the first stream
    }
    expect(taskId).not.toBe("");
    // The agent is still streaming: the reply goes on without the client.
    expect(published).toBeLessThan(count - 1);
    const again: StreamResponse[] = [];
    for await (const event of client.resubscribeTask({ tenant: "", id: taskId })) again.push(event);
    expect(again[0]?.payload?.$case).toBe("task");
    const last = again.at(-1)?.payload;
    expect(last?.$case === "statusUpdate" && last.value.status?.state).toBe(
      TaskState.TASK_STATE_COMPLETED,
    );
    const numbered = Array.from({ length: count }, (_, i) => `#${i}`);
    const finalText =
      last?.$case === "statusUpdate"
        ? (last.value.status?.message?.parts ?? [])
            .map((p) => (p.content?.$case === "text" ? p.content.value : ""))
            .join("")
        : "";
    expect(finalText).toBe("done");
    // The agent was asked once: the resubscription is answered by this server's running turn.
    const calls = remote.received.flatMap((r) => (r.body ? [JSON.parse(r.body).method] : []));
    expect(calls).toEqual(["SendStreamingMessage"]);
    const stored = taskSchema.parse(await (await user.get(`/tasks/${taskId}`)).json());
    expect(stored.status.state).toBe("completed");
    expect(stored.history.map((m) => m.parts)).toEqual(
      ["count", ...numbered, "done"].map((text) => [{ kind: "text", text }]),
    );
  });

  it("ends the task as failed with the text so far when the agent drops mid-reply", async () => {
    const app = appWith(get());
    const remote = await agent({ behaviour: "drop" });
    const user = await taskUser(app);
    const token = user.session.access_token;
    const added = await addedAgent(app, token, remote.url);
    const contextId = await user.createContext();
    await chat(app, token, added.id, contextId, "bye").catch(() => undefined);
    const tasks = taskSchema
      .array()
      .parse(await (await user.get(`/contexts/${contextId}/tasks`)).json());
    expect(tasks[0]?.status.state).toBe("failed");
    const texts = tasks[0]?.history.map((m) =>
      m.parts.map((p) => (p.kind === "text" ? p.text : "")).join(""),
    );
    // What the agent said before it dropped is kept as it said it; the reason follows.
    expect(texts?.slice(0, 2)).toEqual(["bye", "Echo: "]);
    expect(texts?.[2]).toContain("Connection to the agent was lost");
  });

  it("stops an agent that streams forever at the reply limit: the task fails with the text up to it, the agent's stream is closed", async () => {
    const limit = 4096;
    const app = appWith(get(), ["127.0.0.1"], { replyBytes: limit });
    // The agent floods far faster than each update is stored: its own store must not copy its
    // ever longer task on every update (in this process, that starves the server it floods).
    const remote = await agent({ behaviour: "endless", sharedTasks: true });
    const user = await taskUser(app);
    const token = user.session.access_token;
    const added = await addedAgent(app, token, remote.url);
    const contextId = await user.createContext();
    const cut = remote.nextStreamCut();
    const { events } = await chat(app, token, added.id, contextId, "talk");
    // Our side closed the agent's stream (the agent saw it end unfinished) and asked it to cancel its task.
    await cut;
    const calls = remote.received.flatMap((r) => (r.body ? [JSON.parse(r.body).method] : []));
    expect(calls).toEqual(["SendStreamingMessage", "CancelTask"]);

    const agentText = Array.from({ length: limit }, (_, i) => endlessPiece(i)).join("");
    const kept = startWithin(agentText, limit);
    // A piece ends mid-way: the limit is passed inside one, which is cut at a whole character.
    expect(Buffer.byteLength(kept)).toBeGreaterThan(limit - 4);
    const reason = "The agent's reply was stopped: it passed the 4.00 KB limit for one reply.";
    const streamed = events.flatMap((event) => {
      const payload = event.payload;
      if (payload?.$case !== "statusUpdate") return [];
      if (payload.value.status?.state !== TaskState.TASK_STATE_WORKING) return [];
      const parts = payload.value.status?.message?.parts ?? [];
      return parts.map((part) => (part.content?.$case === "text" ? part.content.value : ""));
    });
    expect(streamed.join("")).toBe(kept);
    const last = events.at(-1)?.payload;
    expect(last?.$case === "statusUpdate" && last.value.status?.state).toBe(
      TaskState.TASK_STATE_FAILED,
    );

    const tasks = taskSchema
      .array()
      .parse(await (await user.get(`/contexts/${contextId}/tasks`)).json());
    expect(tasks).toHaveLength(1);
    const task = tasks[0];
    expect(task?.status.state).toBe("failed");
    // Each update is a message of its own, the one that passed the limit cut; the reason follows.
    const agentTexts = task?.history
      .slice(1, -1)
      .map((m) => m.parts.map((p) => (p.kind === "text" ? p.text : "")).join(""));
    expect(agentTexts?.join("")).toBe(kept);
    expect(agentTexts?.slice(0, -1)).toEqual(
      Array.from({ length: (agentTexts?.length ?? 1) - 1 }, (_, i) => endlessPiece(i)),
    );
    const parts = [{ kind: "text", text: reason }];
    expect(task?.history.at(-1)?.parts).toEqual(parts);
    expect(task?.status.message?.parts).toEqual(parts);
    // Nothing of the run is held any more: no run, no reply so far in the row.
    expect(app.services.runs.taskIds).toEqual([]);
    const row = await get()
      .db.kysely.selectFrom("tasks")
      .select(["reply_text", "runner"])
      .where("id", "=", task?.id ?? "")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ reply_text: null, runner: null });
    // Each update is a stored write: on a busy machine the agent's flood takes a while to read.
  }, 60_000);

  it("stops an agent that sends only progress updates at the reply's time limit", async () => {
    const app = appWith(get(), ["127.0.0.1"], { replySeconds: 1 });
    const remote = await agent({ behaviour: "busy" });
    const user = await taskUser(app);
    const token = user.session.access_token;
    const added = await addedAgent(app, token, remote.url);
    const contextId = await user.createContext();
    const cut = remote.nextStreamCut();
    const started = Date.now();
    const { events } = await chat(app, token, added.id, contextId, "work on it");
    await cut;
    // Never idle (an update every 20 ms) and no text to count: only the time limit ends it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const calls = remote.received.flatMap((r) => (r.body ? [JSON.parse(r.body).method] : []));
    expect(calls).toEqual(["SendStreamingMessage", "CancelTask"]);
    const last = events.at(-1)?.payload;
    expect(last?.$case === "statusUpdate" && last.value.status?.state).toBe(
      TaskState.TASK_STATE_FAILED,
    );
    const tasks = taskSchema
      .array()
      .parse(await (await user.get(`/contexts/${contextId}/tasks`)).json());
    expect(tasks[0]?.status.state).toBe("failed");
    // No text came: the reason is the whole reply.
    expect(tasks[0]?.status.message?.parts).toEqual([
      {
        kind: "text",
        text: "The agent's reply was stopped: it took longer than the 1-second limit for one reply.",
      },
    ]);
    expect(app.services.runs.taskIds).toEqual([]);
  });

  it("forwards a cancel to the agent", async () => {
    const app = appWith(get());
    const remote = await agent({ behaviour: "hang" });
    const user = await taskUser(app);
    const token = user.session.access_token;
    const added = await addedAgent(app, token, remote.url);
    const contextId = await user.createContext();
    const client = await a2aClient(inProcessFetch(app, token), `external/${added.id}`);
    const stream = client.sendMessageStream(sendParams(textMessage(contextId, "wait")));
    const head = await stream.next();
    const taskId = head.value?.payload?.$case === "task" ? head.value.payload.value.id : "";
    expect(taskId).not.toBe("");
    // The agent's first words came through: the proxy knows the agent's task; cancel ours.
    for (let next = await stream.next(); !next.done; next = await stream.next()) {
      if (next.value.payload?.$case === "statusUpdate" && next.value.payload.value.status?.message)
        break;
    }
    await client.cancelTask({ tenant: "", id: taskId, metadata: undefined });
    for await (const _ of stream) {
      // drain to the end
    }
    const task = taskSchema.parse(await (await user.get(`/tasks/${taskId}`)).json());
    expect(task.status.state).toBe("canceled");
    expect(remote.canceled).toHaveLength(1);
  });

  it("keeps credentials encrypted, sends them to the agent only, and never shows them", async () => {
    const app = appWith(get());
    const remote = await agent();
    const user = await taskUser(app);
    const token = user.session.access_token;
    const secret = "agent-secret-123";
    const res = await add(app, token, {
      url: remote.url,
      credentials: { kind: "bearer", token: secret },
    });
    const added = externalAgentSchema.parse(await res.json());
    expect(added.credentials_kind).toBe("bearer");
    expect(JSON.stringify(added)).not.toContain(secret);
    const row = await get()
      .db.kysely.selectFrom("external_agents")
      .select("credentials")
      .where("id", "=", added.id)
      .executeTakeFirstOrThrow();
    expect(row.credentials).not.toContain(secret);
    const contextId = await user.createContext();
    await chat(app, token, added.id, contextId, "with key");
    const calls = remote.received.filter((r) => r.method === "POST");
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.headers.authorization).toBe(`Bearer ${secret}`);

    // An API key header and custom headers go on every call too, and never the session token.
    for (const [credentials, expected] of [
      [{ kind: "api_key", header: "X-Api-Key", value: "key-1" }, { "x-api-key": "key-1" }],
      [
        { kind: "headers", headers: { "X-Tenant": "t-9", "X-Signature": "sig-2" } },
        { "x-tenant": "t-9", "x-signature": "sig-2" },
      ],
    ] as const) {
      const other = await agent();
      const withKey = externalAgentSchema.parse(
        await (await add(app, token, { url: other.url, credentials })).json(),
      );
      await chat(app, token, withKey.id, await user.createContext(), "with headers");
      const posts = other.received.filter((r) => r.method === "POST");
      expect(posts.length).toBeGreaterThan(0);
      for (const call of posts) {
        expect(call.headers).toMatchObject(expected);
        expect(call.headers.authorization).toBeUndefined();
        expect(JSON.stringify(call.headers) + call.body).not.toContain(token);
      }
    }
    const keyless = createTestApp(get(), { config: { outbound: { allowHosts: ["127.0.0.1"] } } });
    const other = await taskUser(keyless);
    const refused = await add(keyless, other.session.access_token, {
      url: remote.url,
      credentials: { kind: "bearer", token: secret },
    });
    expect(refused.status).toBe(400);
  });

  it("replaces credentials write-only, and the connection check passes each step for a 1.0 and a 0.3 agent", async () => {
    const app = appWith(get());
    const user = await taskUser(app);
    const token = user.session.access_token;
    for (const protocol of ["1.0", "0.3"] as const) {
      const remote = await agent({ protocol });
      const added = externalAgentSchema.parse(
        await (await add(app, token, { url: remote.url })).json(),
      );
      const put = await app.request(`/api/v1/agents/external/${added.id}/credentials`, {
        method: "PUT",
        headers: { ...user.headers, "content-type": "application/json" },
        body: JSON.stringify({ credentials: { kind: "bearer", token: "new-secret" } }),
      });
      expect(put.status).toBe(200);
      const text = await put.text();
      expect(text).not.toContain("new-secret");
      expect(externalAgentSchema.parse(JSON.parse(text)).credentials_kind).toBe("bearer");
      const check = connectionCheckSchema.parse(
        await (
          await app.request(`/api/v1/agents/external/${added.id}/check`, {
            method: "POST",
            headers: user.headers,
          })
        ).json(),
      );
      expect(check.steps.map((s) => [s.step, s.ok])).toEqual([
        ["dns", true],
        ["tcp", true],
        ["tls", true],
        ["discovery", true],
        ["version", true],
        ["auth", true],
        ["call", true],
      ]);
      expect(check.steps[4]?.detail).toMatch(new RegExp(`^A2A ${protocol} `));
      expect(check.steps[5]?.detail).toBe("The agent accepted the stored credentials");
      const last = remote.received.filter((r) => r.method === "POST").at(-1);
      expect(last?.headers.authorization).toBe("Bearer new-secret");
    }
  });

  it("an answer to the agent's question that lands on another replica continues the agent's task", async () => {
    // Two app instances on one database: two replicas, each with its own proxy hosts.
    const first = appWith(get());
    const second = appWith(get());
    const remote = await agent({ behaviour: "ask" });
    const user = await taskUser(first);
    const token = user.session.access_token;
    const added = externalAgentSchema.parse(
      await (await add(first, token, { url: remote.url })).json(),
    );
    const contextId = await user.createContext();
    const { events } = await chat(first, token, added.id, contextId, "hello");
    const asked = events.at(-1)?.payload;
    expect(asked?.$case).toBe("statusUpdate");
    const taskId = asked?.$case === "statusUpdate" ? asked.value.taskId : "";
    expect(asked?.$case === "statusUpdate" && asked.value.status?.state).toBe(
      TaskState.TASK_STATE_INPUT_REQUIRED,
    );

    const client = await a2aClient(inProcessFetch(second, token), `external/${added.id}`);
    const answer = [];
    for await (const event of client.sendMessageStream(
      sendParams(textMessage(contextId, "Ada", taskId)),
    ))
      answer.push(event);
    expect(remote.asked).toHaveLength(2);
    expect(remote.asked[1]).toEqual({ taskId: remote.asked[0]?.taskId, continued: true });
    const tasks = taskSchema
      .array()
      .parse(await (await user.get(`/contexts/${contextId}/tasks`)).json());
    expect(tasks).toHaveLength(1);
    expect(tasks[0]?.status.state).toBe("completed");
    expect(JSON.stringify(tasks[0]?.history)).toContain("Thanks, Ada");
  });
});
