import { contextRecordSchema, snapshotDataSchema } from "@a2a-chat/contracts";
import { expect, it, vi } from "vitest";
import type { ConfigInput } from "../config/schema.js";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { SseReader } from "../test/sse.js";
import { anonymousSession, bearer } from "../test/tokens.js";
import { StreamConnection } from "./stream-connection.js";
import { heartbeatSlice } from "./stream-hub.js";

describeEachDialect("GET /api/v1/stream/contexts", (get) => {
  async function user(config?: ConfigInput) {
    const app = createTestApp(get(), { config });
    const session = await anonymousSession(app);
    const auth = bearer(session.access_token);
    const open = async (lastEventId?: string) => {
      const headers: Record<string, string> = { ...auth };
      if (lastEventId !== undefined) headers["last-event-id"] = lastEventId;
      const res = await app.request("/api/v1/stream/contexts", { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/event-stream");
      return new SseReader(res);
    };
    const json = { ...auth, "content-type": "application/json" };
    const create = async (name: string) => {
      const res = await app.request("/api/v1/core/contexts", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ name }),
      });
      return contextRecordSchema.parse(await res.json());
    };
    const rename = (id: string, name: string) =>
      app.request(`/api/v1/core/contexts/${id}`, {
        method: "PUT",
        headers: json,
        body: JSON.stringify({ name }),
      });
    const remove = (id: string) =>
      app.request(`/api/v1/core/contexts/${id}`, { method: "DELETE", headers: auth });
    return { app, session, auth, open, create, rename, remove };
  }

  it("starts with a snapshot of every conversation, then streams changes live", async () => {
    const u = await user();
    const existing = await u.create("Existing");
    const stream = await u.open();
    const snapshot = await stream.next();
    expect(snapshot.event).toBe("snapshot");
    expect(snapshot.id).toBe("1");
    expect(snapshot.envelope.user_id).toBe(u.session.user_id);
    expect(snapshotDataSchema.parse(snapshot.envelope.data).contexts).toEqual([existing]);

    const created = await u.create("Live");
    const event = await stream.next();
    expect(event).toMatchObject({ id: "2", event: "context_created" });
    expect(event.envelope).toMatchObject({
      event_type: "context_created",
      context_id: created.context_id,
      user_id: u.session.user_id,
      data: created,
    });
    expect(Date.parse(event.envelope.timestamp)).not.toBeNaN();
    await stream.close();
  });

  it("replays exactly the missed events, in order, after Last-Event-ID", async () => {
    const u = await user();
    const keep = await u.create("Keep");
    const first = await u.open();
    const snapshot = await first.next();
    await first.close();

    const extra = await u.create("Extra");
    await u.rename(keep.context_id, "Kept");
    await u.remove(extra.context_id);

    const resumed = await u.open(snapshot.id);
    const events = await resumed.take(3);
    expect(events.map((e) => e.event)).toEqual([
      "context_created",
      "context_updated",
      "context_deleted",
    ]);
    const start = Number(snapshot.id);
    expect(events.map((e) => e.id)).toEqual([start + 1, start + 2, start + 3].map(String));
    expect(events[2]?.envelope.data).toEqual({ context_id: extra.context_id });
    expect(await resumed.quietFor(300)).toBe(true);
    await resumed.close();
  });

  it("sends a fresh snapshot when Last-Event-ID is older than the retained log", async () => {
    const u = await user();
    await u.create("A");
    await u.create("B");
    await u.app.services.hub.prune(Date.now() + 48 * 3_600_000);
    const stream = await u.open("0");
    const event = await stream.next();
    expect(event.event).toBe("snapshot");
    expect(event.id).toBe("2");
    expect(snapshotDataSchema.parse(event.envelope.data).contexts).toHaveLength(2);
    await stream.close();
  });

  it("sends a snapshot for an unknown or malformed Last-Event-ID", async () => {
    const u = await user();
    for (const id of ["999", "abc"]) {
      const stream = await u.open(id);
      expect((await stream.next()).event).toBe("snapshot");
      await stream.close();
    }
  });

  it("never shows a user another user's events", async () => {
    const alice = await user();
    const bob = await user();
    const bobStream = await bob.open();
    expect((await bobStream.next()).event).toBe("snapshot");
    await alice.create("Alice only");
    await alice.create("Alice again");
    const own = await bob.create("Bob's");
    const next = await bobStream.next();
    expect(next.envelope.context_id).toBe(own.context_id);
    expect(next.envelope.user_id).toBe(bob.session.user_id);
    expect(next.id).toBe("1");
    await bobStream.close();
  });

  it("allows ten streams per user and answers the eleventh with 429", async () => {
    const u = await user();
    const streams: SseReader[] = [];
    for (let i = 0; i < 10; i++) streams.push(await u.open());
    const res = await u.app.request("/api/v1/stream/contexts", { headers: u.auth });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toMatchObject({ error: "rate_limited" });
    await streams[0]?.close();
    // The slot frees once the server has seen the stream end (not at a fixed moment after).
    await vi.waitFor(() => expect(u.app.services.hub.size).toBe(9), { timeout: 10_000 });
    streams[0] = await u.open();
    for (const stream of streams) await stream.close();
  });

  it("disconnects a client that stops reading, without slowing others", async () => {
    const slow = await user({ stream: { maxBufferBytes: 4096, stallTimeoutSeconds: 0.3 } });
    const stalled = await slow.app.request("/api/v1/stream/contexts", { headers: slow.auth });
    expect(stalled.status).toBe(200);
    const watcher = await slow.open();
    expect((await watcher.next()).event).toBe("snapshot");
    expect(slow.app.services.hub.size).toBe(2);
    // Nobody reads `stalled`: its buffer fills, it waits, then it is dropped. The watcher keeps up.
    for (let i = 0; i < 40; i++)
      await slow.create(`Conversation with a long name ${"x".repeat(150)} ${i}`);
    const seen = await watcher.take(40);
    expect(seen.map((e) => Number(e.id))).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (let waited = 0; slow.app.services.hub.size > 1 && waited < 3000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    expect(slow.app.services.hub.size).toBe(1);
    await watcher.close();
    await stalled.body?.cancel();
  });

  it("sends heartbeats without an id", async () => {
    const u = await user({ stream: { heartbeatSeconds: 1 } });
    const stream = await u.open();
    await stream.next();
    const beat = await stream.next(2500);
    expect(beat.event).toBe("heartbeat");
    expect(beat.id).toBeUndefined();
    expect(beat.envelope).toMatchObject({ event_type: "heartbeat", context_id: null });
    await stream.close();
  });

  it("gives every connection a heartbeat when they are more than one turn's slice", async () => {
    const u = await user({ stream: { heartbeatSeconds: 300, maxConnectionsPerUser: 1000 } });
    const streams: SseReader[] = [];
    for (let i = 0; i < heartbeatSlice + 5; i += 1) streams.push(await u.open());
    for (const stream of streams) expect((await stream.next()).event).toBe("snapshot");
    const sent = vi.spyOn(StreamConnection.prototype, "sendTransient");
    u.app.services.hub.heartbeat();
    // One slice now, the rest in the next turns of the loop.
    expect(sent).toHaveBeenCalledTimes(heartbeatSlice);
    for (const stream of streams) expect((await stream.next(2500)).event).toBe("heartbeat");
    expect(sent).toHaveBeenCalledTimes(heartbeatSlice + 5);
    sent.mockRestore();
    for (const stream of streams) await stream.close();
  });

  it("needs a valid token", async () => {
    const res = await createTestApp(get()).request("/api/v1/stream/contexts");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: "unauthorized",
      message: "Invalid or expired JWT token",
    });
  });
});
