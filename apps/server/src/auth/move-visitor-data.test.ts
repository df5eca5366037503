import { randomUUID } from "node:crypto";
import { contextFilesPath, quotaMessages, uploadedFileSchema } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { ToolExecutionsRepository } from "../db/repositories/tool-executions.js";
import { addArtifact } from "../tasks/artifact-commands.js";
import { accountClient, passkeyLimitsOff } from "../test/accounts.js";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { SseReader } from "../test/sse.js";
import { tableArtifact, taskUser } from "../test/tasks.js";
import { bearer } from "../test/tokens.js";
import { moveVisitorData } from "./move-visitor-data.js";

const tables = ["contexts", "tasks", "messages", "artifacts", "tool_executions", "events"] as const;

describeEachDialect("moving a visitor's data to their account", (get) => {
  const app = () => createTestApp(get(), { config: passkeyLimitsOff });
  const db = () => get().db.kysely;

  /** Rows each table holds for a user. */
  const countsOf = async (userId: string) => {
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const row = await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    return counts;
  };

  /** A visitor with two conversations, tasks, messages, an artifact and a tool execution record. */
  const busyVisitor = async (a: ReturnType<typeof app>, tag: string) => {
    const visitor = await taskUser(a);
    const contextIds = [
      await visitor.createContext(`${tag} one`),
      await visitor.createContext(`${tag} two`),
    ];
    for (const [i, contextId] of contextIds.entries()) {
      const task = await visitor.task(contextId, `${tag}-m${i}`, `hello ${i}`);
      await addArtifact(a.services, visitor.owner, {
        taskId: task.id,
        artifact: tableArtifact(`${tag}-a${i}`, contextId),
      });
    }
    await new ToolExecutionsRepository(db()).insert({
      id: randomUUID(),
      user_id: visitor.owner.userId,
      context_id: contextIds[0] ?? null,
      task_id: null,
      server_name: "analytics",
      server_endpoint: "/api/v1/mcp/analytics/mcp",
      tool_name: "list_events",
      input: "{}",
      output: null,
      status: "completed",
      error: null,
      render_behavior: null,
      started_at: new Date().toISOString(),
      completed_at: new Date().toISOString(),
      execution_time_ms: 5,
      trace_id: null,
      artifact_id: null,
    });
    return { visitor, contextIds };
  };

  it("gives a registering visitor's data to the new account, once, and nobody else sees it", async () => {
    const a = app();
    const { visitor, contextIds } = await busyVisitor(a, "reg");
    const stranger = await taskUser(a);
    const strangerContext = await stranger.createContext("stranger's");
    const before = await countsOf(visitor.owner.userId);
    expect(before).toMatchObject({ contexts: 2, tasks: 2, artifacts: 2, tool_executions: 1 });
    expect(before.messages).toBeGreaterThanOrEqual(2);
    expect(before.events).toBeGreaterThanOrEqual(6);
    const strangerBefore = await countsOf(stranger.owner.userId);

    const client = accountClient(a);
    const account = await client.signUp(
      { username: `mover_${Date.now().toString(36)}`, email: `mover.${Date.now()}@example.com` },
      visitor.session.access_token,
    );

    expect(await countsOf(visitor.owner.userId)).toEqual(
      Object.fromEntries(tables.map((t) => [t, 0])),
    );
    expect(await countsOf(account.user_id)).toEqual(before);
    expect(await countsOf(stranger.owner.userId)).toEqual(strangerBefore);

    const headers = bearer(account.access_token);
    const list = (await (await a.request("/api/v1/core/contexts", { headers })).json()) as {
      context_id: string;
    }[];
    expect(list.map((c) => c.context_id).sort()).toEqual([...contextIds].sort());
    const tasks = await a.request(`/api/v1/core/contexts/${contextIds[0]}/tasks`, { headers });
    expect(tasks.status).toBe(200);
    expect(((await tasks.json()) as unknown[]).length).toBe(1);
    const artifacts = await a.request(`/api/v1/core/contexts/${contextIds[1]}/artifacts`, {
      headers,
    });
    expect(((await artifacts.json()) as unknown[]).length).toBe(1);

    // The visitor token is spent; the stranger sees none of it and the account none of theirs.
    expect((await a.request("/api/v1/core/me", { headers: visitor.headers })).status).toBe(401);
    const strangerView = await a.request(`/api/v1/core/contexts/${contextIds[0]}`, {
      headers: stranger.headers,
    });
    expect(strangerView.status).toBe(404);
    const strangerList = (await (
      await a.request("/api/v1/core/contexts", { headers: stranger.headers })
    ).json()) as {
      context_id: string;
    }[];
    expect(strangerList.map((c) => c.context_id)).toEqual([strangerContext]);
    expect((await a.request(`/api/v1/core/contexts/${strangerContext}`, { headers })).status).toBe(
      404,
    );

    // The new session's live stream shows the conversations, and its log replays the moved events.
    const stream = await a.request("/api/v1/stream/contexts", {
      headers: { ...headers, "last-event-id": "0" },
    });
    const reader = new SseReader(stream);
    const replayed = await reader.take(before.events ?? 0);
    expect(replayed.map((e) => Number(e.id))).toEqual(
      Array.from({ length: before.events ?? 0 }, (_, i) => i + 1),
    );
    expect(replayed.every((e) => e.envelope.user_id === account.user_id)).toBe(true);
    expect(replayed.filter((e) => e.event === "context_created")).toHaveLength(2);
    await reader.close();

    // Running the move again (a retried request) finds nothing left to move.
    const again = await db()
      .transaction()
      .execute((trx) => moveVisitorData(trx, get().db, visitor.owner.userId, account.user_id));
    expect(again).toEqual({
      contexts: 0,
      tasks: 0,
      messages: 0,
      artifacts: 0,
      toolExecutions: 0,
      files: 0,
      events: 0,
      agents: 0,
      mcpServers: 0,
      duplicates: 0,
      emptyContextsDropped: 0,
    });
    expect(await countsOf(account.user_id)).toEqual(before);
  });

  it("gives the account the files uploaded into the visitor's conversations", async () => {
    const a = app();
    const visitor = await taskUser(a);
    const contextId = await visitor.createContext("with a file");
    const bytes = Buffer.from("notes the visitor attached");
    const uploaded = await a.request(contextFilesPath(contextId), {
      method: "POST",
      headers: {
        ...visitor.headers,
        "content-type": "text/plain",
        "x-file-name": "notes.txt",
        "content-length": String(bytes.byteLength),
      },
      body: bytes,
    });
    expect(uploaded.status).toBe(201);
    const file = uploadedFileSchema.parse(await uploaded.json());

    const account = await accountClient(a).signUp(
      { username: `files_${Date.now().toString(36)}`, email: `files.${Date.now()}@example.com` },
      visitor.session.access_token,
    );
    const read = await a.request(file.uri, { headers: bearer(account.access_token) });
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).toString()).toBe("notes the visitor attached");
    const left = await db()
      .selectFrom("files")
      .select("id")
      .where("user_id", "=", visitor.owner.userId)
      .execute();
    expect(left).toEqual([]);
  });

  it("adds a signing-in visitor's data to an existing account after its own events", async () => {
    const a = app();
    const client = accountClient(a);
    const who = {
      username: `back_${Date.now().toString(36)}`,
      email: `back.${Date.now()}@example.com`,
    };
    const first = await busyVisitor(a, "first");
    const account = await client.signUp(who, first.visitor.session.access_token);
    const owned = await countsOf(account.user_id);

    // Later, on another device, a new visitor chats (reusing a message id the account holds), then signs in.
    const second = await taskUser(a);
    const contextId = await second.createContext("second device");
    await second.task(contextId, "first-m0", "same id as before");
    const added = await countsOf(second.owner.userId);
    const signedIn = await client.signIn(who.email, second.session.access_token);
    expect(signedIn.user_id).toBe(account.user_id);

    const after = await countsOf(account.user_id);
    for (const table of tables)
      expect(after[table]).toBe((owned[table] ?? 0) + (added[table] ?? 0));
    const seqs = await db()
      .selectFrom("events")
      .select("seq")
      .where("user_id", "=", account.user_id)
      .orderBy("seq")
      .execute();
    expect(seqs.map((r) => Number(r.seq))).toEqual(
      Array.from({ length: after.events ?? 0 }, (_, i) => i + 1),
    );
    const texts = await db()
      .selectFrom("messages")
      .select("parts")
      .where("user_id", "=", account.user_id)
      .execute();
    expect(texts.some((m) => m.parts.includes("same id as before"))).toBe(true);
  });

  it("drops a signing-in visitor's empty conversations when the account has some, and moves the rest", async () => {
    const a = app();
    const client = accountClient(a);
    const who = {
      username: `cycle_${Date.now().toString(36)}`,
      email: `cycle.${Date.now()}@example.com`,
    };
    // Registering keeps the visitor's conversation, empty as it is: the account starts with it.
    const first = await taskUser(a);
    await first.createContext("Default Conversation");
    const account = await client.signUp(who, first.session.access_token);
    const contextsOf = async (userId: string) =>
      (
        await db()
          .selectFrom("contexts")
          .select("name")
          .where("user_id", "=", userId)
          .orderBy("name")
          .execute()
      ).map((row) => row.name);
    expect(await contextsOf(account.user_id)).toEqual(["Default Conversation"]);

    // Signed out and back in, twice: each new visitor's chat made an empty default conversation.
    for (const round of [1, 2]) {
      const visitor = await taskUser(a);
      const contextId = await visitor.createContext("Default Conversation");
      const signedIn = await client.signIn(who.email, visitor.session.access_token);
      expect(signedIn.user_id, `round ${round}`).toBe(account.user_id);
      expect(await contextsOf(account.user_id)).toEqual(["Default Conversation"]);
      // Gone with its events: an open live stream of the account is never told of it.
      const events = await db()
        .selectFrom("events")
        .select("event_type")
        .where("context_id", "=", contextId)
        .execute();
      expect(events).toEqual([]);
    }

    // A visitor who wrote something keeps it: that conversation moves, the empty one does not.
    const writer = await taskUser(a);
    const empty = await writer.createContext("Default Conversation");
    const used = await writer.createContext("Notes");
    await writer.task(used, "cycle-m1", "keep me");
    await client.signIn(who.email, writer.session.access_token);
    expect(await contextsOf(account.user_id)).toEqual(["Default Conversation", "Notes"]);
    const left = await db().selectFrom("contexts").select("id").where("id", "=", empty).execute();
    expect(left).toEqual([]);
  });

  it("moves every conversation even past the account's limit, then starts no new one until under it", async () => {
    const a = createTestApp(get(), {
      config: { ...passkeyLimitsOff, quotas: { conversationsPerUser: 3 } },
    });
    const client = accountClient(a);
    const who = { username: `full_${Date.now().toString(36)}`, email: `full.${Date.now()}@x.io` };
    const first = await busyVisitor(a, "full-first");
    const account = await client.signUp(who, first.visitor.session.access_token);
    const headers = { ...bearer(account.access_token), "content-type": "application/json" };
    const create = () =>
      a.request("/api/v1/core/contexts", {
        method: "POST",
        headers,
        body: JSON.stringify({ name: "One more" }),
      });
    expect((await create()).status).toBe(201); // 3 of 3

    // A visitor on another device with two conversations signs in to the full account.
    const second = await busyVisitor(a, "full-second");
    const bringing = await countsOf(second.visitor.owner.userId);
    const owned = await countsOf(account.user_id);
    const signedIn = await client.signIn(who.email, second.visitor.session.access_token);
    const after = await countsOf(account.user_id);
    for (const table of tables)
      expect(after[table]).toBe((owned[table] ?? 0) + (bringing[table] ?? 0));
    expect(after.contexts).toBe(5);

    const now = { ...headers, ...bearer(signedIn.access_token) };
    const refused = await a.request("/api/v1/core/contexts", {
      method: "POST",
      headers: now,
      body: JSON.stringify({ name: "Too many" }),
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: "quota_exceeded",
      message: quotaMessages.conversationsOver(5, 3),
    });
    expect(quotaMessages.conversationsOver(5, 3)).toBe(
      "Conversation limit reached: you have 5 conversations and can keep at most 3. Delete 3 to start another.",
    );
    // The moved conversations are the account's to use: read, rename, delete.
    const [moved] = second.contextIds;
    const renamed = await a.request(`/api/v1/core/contexts/${moved}`, {
      method: "PUT",
      headers: now,
      body: JSON.stringify({ name: "Brought along" }),
    });
    expect(renamed.status).toBe(200);
    for (const id of [...first.contextIds]) {
      const res = await a.request(`/api/v1/core/contexts/${id}`, {
        method: "DELETE",
        headers: now,
      });
      expect(res.status).toBe(204);
    }
    const atLimit = await a.request("/api/v1/core/contexts", {
      method: "POST",
      headers: now,
      body: JSON.stringify({ name: "Still full" }),
    });
    expect(await atLimit.json()).toEqual({
      error: "quota_exceeded",
      message: quotaMessages.conversations(3),
    });
    const [last] = second.contextIds.slice(1);
    await a.request(`/api/v1/core/contexts/${last}`, { method: "DELETE", headers: now });
    expect(
      (
        await a.request("/api/v1/core/contexts", {
          method: "POST",
          headers: now,
          body: JSON.stringify({ name: "Room again" }),
        })
      ).status,
    ).toBe(201);
  });

  it("moves nothing without a visitor token, or for a token that does not verify", async () => {
    const a = app();
    const { visitor } = await busyVisitor(a, "kept");
    const before = await countsOf(visitor.owner.userId);
    const client = accountClient(a);
    const account = await client.signUp(
      { username: `plain_${Date.now().toString(36)}`, email: `plain.${Date.now()}@example.com` },
      `${visitor.session.access_token.slice(0, -4)}AAAA`,
    );
    expect(await countsOf(visitor.owner.userId)).toEqual(before);
    expect((await countsOf(account.user_id)).contexts).toBe(0);
    expect((await a.request("/api/v1/core/me", { headers: visitor.headers })).status).toBe(200);
  });
});
