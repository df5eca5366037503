import {
  emptySearchMessage,
  type SearchHit,
  searchHitSchema,
  searchTooLongMessage,
} from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { transactWithEvents } from "../../stream/transact.js";
import { addArtifact } from "../../tasks/artifact-commands.js";
import { appendMessage, insertMessage, replaceMessage } from "../../tasks/message-commands.js";
import { createTask } from "../../tasks/task-commands.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { tableArtifact, taskUser, textMessage } from "../../test/tasks.js";

const plain = (hit: SearchHit) =>
  hit.snippet.map((s) => (s.match ? `[${s.text}]` : s.text)).join("");

describeEachDialect("GET /api/v1/core/search", (get) => {
  const setup = async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const search = async (q: string, user = u) => {
      const res = await user.get(`/search?q=${encodeURIComponent(q)}`);
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const hits = async (q: string, user = u) =>
      searchHitSchema.array().parse((await search(q, user)).body);
    return { app, u, search, hits };
  };

  it("finds message text with highlighted words, best match first, and the place to open", async () => {
    const { app, u, hits } = await setup();
    const ctx = await u.createContext("Zoo trip");
    const task = await u.task(
      ctx,
      "m-1",
      "We saw a zebra near the gate, then lunch and a long walk home",
    );
    await appendMessage(app.services, u.owner, {
      contextId: ctx,
      taskId: task.id,
      message: textMessage("m-2", "Zebra zebra zebras everywhere", "agent"),
    });
    await u.task(ctx, "m-3", "nothing to see here");
    const found = await hits("zebra");
    expect(found.map((h) => h.message_id)).toEqual(["m-2", "m-1"]);
    expect(found[0]).toMatchObject({
      kind: "message",
      context_id: ctx,
      context_name: "Zoo trip",
      task_id: task.id,
    });
    expect(plain(found[1] as SearchHit)).toContain("[zebra]");
    // The last word is also a prefix, so results come while typing.
    expect((await hits("zeb")).length).toBe(2);
    expect((await hits("lunch zeb")).map((h) => h.message_id)).toEqual(["m-1"]);
  });

  it("finds artifact titles and tool names, opening at their task's first message", async () => {
    const { app, u, hits } = await setup();
    const ctx = await u.createContext();
    const task = await u.task(ctx, "first", "show me data");
    await addArtifact(app.services, u.owner, {
      taskId: task.id,
      artifact: { ...tableArtifact("art-1", ctx), name: "Quarterly revenue" },
    });
    await createTask(app.services, u.owner, {
      contextId: ctx,
      agentName: "assistant",
      taskType: "agent_message",
      initialMessage: textMessage("second", "weather please"),
      metadata: {
        tool_calls: [
          { id: "c1", name: "get_forecast", arguments: {}, timestamp: new Date().toISOString() },
        ],
      },
    });
    const artifact = await hits("quarterly");
    expect(artifact).toHaveLength(1);
    expect(artifact[0]).toMatchObject({
      kind: "artifact",
      artifact_id: "art-1",
      task_id: task.id,
      message_id: "first",
    });
    expect(plain(artifact[0] as SearchHit)).toBe("[Quarterly] revenue");
    const tool = await hits("forecast");
    expect(tool).toHaveLength(1);
    expect(tool[0]).toMatchObject({ kind: "tool", message_id: "second" });
  });

  it("follows edits and deletes in the same transaction as the write", async () => {
    const { app, u, hits } = await setup();
    const ctx = await u.createContext();
    const keep = await u.createContext();
    const task = await u.task(ctx, "m-1", "an aardvark");
    expect((await hits("aardvark")).length).toBe(1);
    await transactWithEvents(app.services, (trx, emit) =>
      replaceMessage(app.services, trx, emit, u.owner, {
        contextId: ctx,
        taskId: task.id,
        message: textMessage("m-1", "a platypus"),
      }),
    );
    // A write that rolls back leaves the index as it was.
    await expect(
      transactWithEvents(app.services, async (trx, emit) => {
        await insertMessage(app.services, trx, emit, u.owner, {
          contextId: ctx,
          taskId: task.id,
          message: textMessage("m-2", "a wombat", "agent"),
        });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await hits("wombat")).toEqual([]);
    expect(await hits("aardvark")).toEqual([]);
    expect((await hits("platypus")).length).toBe(1);
    await u.deleteContext(ctx);
    expect(await hits("platypus")).toEqual([]);
    expect(keep).not.toBe(ctx);
  });

  it("never shows another user's conversations, and needs a session", async () => {
    const { app, u, hits, search } = await setup();
    const ctx = await u.createContext();
    await u.task(ctx, "m-1", "secret okapi plans");
    const other = await taskUser(app);
    const otherCtx = await other.createContext();
    await other.task(otherCtx, "m-1", "my own okapi");
    expect((await hits("okapi")).map((h) => h.context_id)).toEqual([ctx]);
    expect((await hits("okapi", other)).map((h) => h.context_id)).toEqual([otherCtx]);
    expect(await hits("secret", other)).toEqual([]);
    const anonymous = await app.request("/api/v1/core/search?q=okapi");
    expect(anonymous.status).toBe(401);
    expect(await search("okapi")).toMatchObject({ status: 200 });
  });

  it("refuses an empty or too long search with its message", async () => {
    const { search } = await setup();
    expect(await search("  ?! ")).toEqual({
      status: 400,
      body: { error: "validation_failed", message: emptySearchMessage },
    });
    expect(await search("a".repeat(201))).toEqual({
      status: 400,
      body: { error: "validation_failed", message: searchTooLongMessage },
    });
  });
});
