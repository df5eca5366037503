import { contextRecordSchema, quotaMessages, snapshotDataSchema } from "@a2a-chat/contracts";
import type { Task } from "@a2a-js/sdk";
import { sql } from "kysely";
import { expect, it } from "vitest";
import type { ConfigInput } from "../config/schema.js";
import { addArtifact } from "../tasks/artifact-commands.js";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../test/a2a.js";
import { createTestApp } from "../test/app.js";
import { nextMillisecond } from "../test/clock.js";
import { describeEachDialect, type TestDatabase } from "../test/databases.js";
import { mcpClient } from "../test/mcp.js";
import { SseReader } from "../test/sse.js";
import { tableArtifact, taskUser } from "../test/tasks.js";

async function setup(database: TestDatabase, config: ConfigInput) {
  const app = createTestApp(database, { config });
  const user = await taskUser(app);
  const client = await a2aClient(inProcessFetch(app, user.session.access_token), "assistant");
  const contexts = async () =>
    contextRecordSchema.array().parse(await (await user.get("/contexts?limit=500")).json());
  const post = (path: string, body: unknown) =>
    app.request(`/api/v1/core${path}`, {
      method: "POST",
      headers: { ...user.headers, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  return { app, user, client, contexts, post };
}

/** What the user's conversations hold, summed from the rows themselves. */
async function storedBytes(database: TestDatabase, userId: string): Promise<number> {
  const bytes = database.db.dialect === "postgres" ? "octet_length" : "length";
  const cast = (column: string) =>
    database.db.dialect === "postgres" ? sql.raw(column) : sql.raw(`cast(${column} as blob)`);
  const fn = sql.raw(bytes);
  const result = await sql<{ n: string | number | null }>`select
    coalesce((select sum(${fn}(${cast("parts")})) from messages where user_id = ${userId}), 0) +
    coalesce((select sum(${fn}(${cast("parts")}) + ${fn}(${cast("metadata")})) from artifacts
      where user_id = ${userId}), 0) as n`.execute(database.db.kysely);
  return Number(result.rows[0]?.n ?? 0);
}

async function counted(database: TestDatabase, userId: string): Promise<number> {
  const result = await sql<{ n: string | number | null }>`
    select coalesce(sum(storage_bytes), 0) as n from contexts where user_id = ${userId}`.execute(
    database.db.kysely,
  );
  return Number(result.rows[0]?.n ?? 0);
}

describeEachDialect("per-user quotas", (get) => {
  it("limits conversations, over REST and A2A, with a clear 409", async () => {
    const { user, client, contexts, post } = await setup(get(), {
      quotas: { conversationsPerUser: 2 },
    });
    const first = await user.createContext("One");
    await nextMillisecond();
    await user.createContext("Two");
    const refused = await post("/contexts", { name: "Three" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: "quota_exceeded",
      message: quotaMessages.conversations(2),
    });
    await expect(client.sendMessage(sendParams(textMessage("", "start one")))).rejects.toThrow(
      quotaMessages.conversations(2),
    );
    expect((await contexts()).map((c) => c.name)).toEqual(["Two", "One"]);
    expect((await user.deleteContext(first)).status).toBe(204);
    expect((await post("/contexts", { name: "Three" })).status).toBe(201);
  });

  it("limits message and notification size, storing nothing", async () => {
    const { user, client, contexts, post } = await setup(get(), { quotas: { messageBytes: 2000 } });
    const contextId = await user.createContext();
    const big = textMessage(contextId, "x".repeat(3000));
    const bytes = Buffer.byteLength(JSON.stringify([{ kind: "text", text: "x".repeat(3000) }]));
    await expect(client.sendMessage(sendParams(big))).rejects.toThrow(
      quotaMessages.message(bytes, 2000),
    );
    expect((await contexts())[0]?.message_count).toBe(0);
    const ok = (await client.sendMessage(sendParams(textMessage(contextId, "hello")))) as Task;
    expect(ok.id).not.toBe("");

    const notification = { statusUpdate: { taskId: ok.id, contextId, note: "y".repeat(3000) } };
    const res = await post(`/contexts/${contextId}/notifications`, notification);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: "payload_too_large",
      message: quotaMessages.notification(Buffer.byteLength(JSON.stringify(notification)), 2000),
    });
  });

  it("counts stored bytes exactly and refuses new work past the storage limit", async () => {
    const database = get();
    const limit = 8_000;
    const { app, user, client } = await setup(database, {
      quotas: { storageBytesPerUser: limit },
    });
    const contextId = await user.createContext();
    const userId = user.session.user_id;
    // A table artifact, replies, and a second table of the same fingerprint replacing the first.
    await client.sendMessage(sendParams(textMessage(contextId, "table of planets")));
    await client.sendMessage(sendParams(textMessage(contextId, "hello")));
    expect(await counted(database, userId)).toBe(await storedBytes(database, userId));
    expect(await counted(database, userId)).toBeGreaterThan(0);
    // An artifact replaced by fingerprint, and one replaced by id, free the old bytes.
    const task = await user.task(contextId, "m-quota");
    for (const [id, rows] of [
      ["a-1", 1],
      ["a-2", 3],
      ["a-2", 2],
    ] as const) {
      const artifact = tableArtifact(id, contextId, { fingerprint: "same" });
      artifact.parts = [
        { kind: "data", data: { items: Array.from({ length: rows }, (_, i) => ({ i })) } },
      ];
      await addArtifact(app.services, user.owner, { taskId: task.id, artifact });
    }
    expect(await counted(database, userId)).toBe(await storedBytes(database, userId));

    let refusal: unknown;
    for (let i = 0; i < 100 && refusal === undefined; i += 1) {
      await client
        .sendMessage(sendParams(textMessage(contextId, `note ${i} ${"z".repeat(2500)}`)))
        .catch((error: unknown) => {
          refusal = error;
        });
    }
    expect((refusal as Error).message).toBe(quotaMessages.storage(limit));

    const used = await counted(database, userId);
    expect(used).toBe(await storedBytes(database, userId));
    // Deleting a conversation frees its bytes.
    const other = await user.createContext("Other");
    expect((await user.deleteContext(contextId)).status).toBe(204);
    expect(await counted(database, userId)).toBe(0);
    await client.sendMessage(sendParams(textMessage(other, "hello again")));
  });

  it("lets a reply pass the limit once, then refuses messages and direct tool calls", async () => {
    const database = get();
    const { app, user, client } = await setup(database, { quotas: { storageBytesPerUser: 300 } });
    const contextId = await user.createContext();
    await client.sendMessage(sendParams(textMessage(contextId, "hello")));
    expect(await counted(database, user.session.user_id)).toBeGreaterThan(300);
    await expect(client.sendMessage(sendParams(textMessage(contextId, "hi")))).rejects.toThrow(
      quotaMessages.storage(300),
    );
    // The limit is the user's, all conversations together: an empty one is refused too.
    const empty = await user.createContext("Empty");
    await expect(client.sendMessage(sendParams(textMessage(empty, "hi")))).rejects.toThrow(
      quotaMessages.storage(300),
    );
    const tools = await mcpClient(app, "analytics", user.session.access_token, {
      "x-context-id": contextId,
    });
    const result = await tools.callTool({ name: "list_regions", arguments: {} });
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: "text", text: quotaMessages.storage(300) }],
    });
    await tools.close();
  });

  it("pages the conversation list and bounds the stream snapshot", async () => {
    const { app, user } = await setup(get(), { stream: { snapshotMaxConversations: 2 } });
    const ids: string[] = [];
    for (const name of ["a", "b", "c", "d", "e"]) {
      await nextMillisecond();
      ids.push(await user.createContext(name));
    }
    // The default call keeps the plain list shape.
    const all = await user.get("/contexts");
    expect(all.headers.get("link")).toBeNull();
    expect(
      contextRecordSchema
        .array()
        .parse(await all.json())
        .map((c) => c.name),
    ).toEqual(["e", "d", "c", "b", "a"]);
    const names: string[] = [];
    let path = "/api/v1/core/contexts?limit=2";
    for (let i = 0; i < 5 && path; i += 1) {
      const res = await app.request(path, { headers: user.headers });
      names.push(
        ...contextRecordSchema
          .array()
          .parse(await res.json())
          .map((c) => c.name),
      );
      path = /^<([^>]+)>; rel="next"$/.exec(res.headers.get("link") ?? "")?.[1] ?? "";
    }
    expect(names).toEqual(["e", "d", "c", "b", "a"]);
    const bad = await user.get("/contexts?cursor=nonsense");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: "validation_failed",
      message: "cursor is not one this server returned",
    });

    const stream = await app.request("/api/v1/stream/contexts", { headers: user.headers });
    const reader = new SseReader(stream);
    const snapshot = await reader.next();
    const data = snapshotDataSchema.parse(snapshot.envelope.data);
    expect(data.contexts.map((c) => c.name)).toEqual(["e", "d"]);
    expect(data.has_more).toBe(true);
    await reader.close();
  });
});
