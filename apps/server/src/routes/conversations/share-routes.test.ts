import { randomUUID } from "node:crypto";
import { sharedConversationSchema, shareMessages, shareRecordSchema } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { addArtifact } from "../../tasks/artifact-commands.js";
import { appendMessage } from "../../tasks/message-commands.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { tableArtifact, taskUser, textMessage } from "../../test/tasks.js";

describeEachDialect("share links", (get) => {
  const setup = async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const ctx = await u.createContext("Recipe ideas");
    const task = await u.task(ctx, "q1", "A soup please");
    await appendMessage(app.services, u.owner, {
      contextId: ctx,
      taskId: task.id,
      message: textMessage("r1", "Try leek and potato.", "agent"),
    });
    await addArtifact(app.services, u.owner, {
      taskId: task.id,
      artifact: {
        ...tableArtifact(`art-${randomUUID()}`, ctx),
        name: "Shopping list",
        parts: [{ kind: "data", data: { items: [{ item: "leeks" }] } }],
      },
    });
    await u.task(ctx, "q2", "And a dessert?");
    const share = async (contextId: string, body: unknown = {}, user = u) =>
      app.request(`/api/v1/core/contexts/${contextId}/shares`, {
        method: "POST",
        headers: { ...user.headers, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const open = (id: string) => app.request(`/api/v1/public/shares/${id}`);
    return { app, u, ctx, share, open };
  };

  it("shows a snapshot to anyone with the link, without a session", async () => {
    const { app, u, ctx, share, open } = await setup();
    const res = await share(ctx);
    expect(res.status).toBe(201);
    const record = shareRecordSchema.parse(await res.json());
    expect(record).toMatchObject({ context_id: ctx, name: "Recipe ideas", up_to_message_id: null });
    expect(record.path).toBe(`/shared?id=${record.id}`);
    expect(record.id.length).toBeGreaterThanOrEqual(32);
    const seen = await open(record.id);
    expect(seen.status).toBe(200);
    const body = await seen.text();
    const snapshot = sharedConversationSchema.parse(JSON.parse(body));
    expect(snapshot.name).toBe("Recipe ideas");
    expect(
      snapshot.messages.map((m) => [m.author, m.parts[0]?.kind === "text" && m.parts[0].text]),
    ).toEqual([
      ["You", "A soup please"],
      ["assistant", "Try leek and potato."],
      ["You", "And a dessert?"],
    ]);
    expect(snapshot.artifacts).toMatchObject([{ name: "Shopping list", after_message: 1 }]);
    // Nothing of the account: no user id, no conversation id, no message or task ids.
    expect(body).not.toContain(u.owner.userId);
    expect(body).not.toContain(ctx);
    expect(body).not.toContain("q1");
    // A snapshot: what is written later does not show.
    await u.task(ctx, "q3", "Later words");
    expect(await (await open(record.id)).text()).toBe(body);
    expect((await app.request(`/api/v1/public/shares/${record.id}x`)).status).toBe(404);
  });

  it("shares up to a chosen message", async () => {
    const { ctx, share, open } = await setup();
    const record = shareRecordSchema.parse(
      await (await share(ctx, { up_to_message_id: "r1" })).json(),
    );
    expect(record.up_to_message_id).toBe("r1");
    const snapshot = sharedConversationSchema.parse(await (await open(record.id)).json());
    expect(snapshot.messages).toHaveLength(2);
    const bad = await share(ctx, { up_to_message_id: "nope" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: "validation_failed",
      message: shareMessages.messageNotInConversation,
    });
  });

  it("lists the owner's shares and revokes them", async () => {
    const { app, u, ctx, share, open } = await setup();
    const first = shareRecordSchema.parse(await (await share(ctx)).json());
    const second = shareRecordSchema.parse(
      await (await share(ctx, { up_to_message_id: "q1" })).json(),
    );
    const list = shareRecordSchema.array().parse(await (await u.get("/shares")).json());
    expect(new Set(list.map((s) => s.id))).toEqual(new Set([first.id, second.id]));
    const revoke = await app.request(`/api/v1/core/shares/${first.id}`, {
      method: "DELETE",
      headers: u.headers,
    });
    expect(revoke.status).toBe(204);
    const gone = await open(first.id);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: "not_found", message: shareMessages.notFound });
    expect((await open(second.id)).status).toBe(200);
    // Deleting the conversation revokes its links.
    await u.createContext("keep");
    await u.deleteContext(ctx);
    expect((await open(second.id)).status).toBe(404);
  });

  it("lets no other user or anonymous caller share, list or revoke", async () => {
    const { app, ctx, share, open } = await setup();
    const record = shareRecordSchema.parse(await (await share(ctx)).json());
    const other = await taskUser(app);
    const stolen = await share(ctx, {}, other);
    expect(stolen.status).toBe(404);
    expect(await (await other.get("/shares")).json()).toEqual([]);
    const revoke = await app.request(`/api/v1/core/shares/${record.id}`, {
      method: "DELETE",
      headers: other.headers,
    });
    expect(revoke.status).toBe(404);
    expect((await open(record.id)).status).toBe(200);
    expect((await app.request("/api/v1/core/shares")).status).toBe(401);
    expect(
      (await app.request(`/api/v1/core/shares/${record.id}`, { method: "DELETE" })).status,
    ).toBe(401);
    expect(
      (
        await app.request(`/api/v1/core/contexts/${ctx}/shares`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        })
      ).status,
    ).toBe(401);
  });
});
