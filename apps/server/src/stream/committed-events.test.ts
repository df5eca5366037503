import { expect, it, vi } from "vitest";
import { createTestApp } from "../test/app.js";
import { createTestDatabase, type TestDatabase } from "../test/databases.js";
import { SseReader } from "../test/sse.js";
import { anonymousSession, bearer } from "../test/tokens.js";
import type { LoggedEvent } from "./event-log.js";
import { formatLoggedSse, formatSse } from "./sse.js";

/** A user's live stream on a fresh app, past its snapshot, and a way to log events unannounced. */
async function loggedStream(database: TestDatabase) {
  const app = createTestApp(database);
  const { services } = app;
  const session = await anonymousSession(app);
  const userId = session.user_id;
  const res = await app.request("/api/v1/stream/contexts", {
    headers: bearer(session.access_token),
  });
  const stream = new SseReader(res);
  const snapshot = await stream.next();
  expect(snapshot.event).toBe("snapshot");
  /** Appends events to the log without telling anyone. */
  const write = (...names: string[]) =>
    database.db.kysely.transaction().execute((trx) =>
      services.events.append(
        trx,
        names.map((name) => ({
          userId,
          type: "context_deleted" as const,
          contextId: null,
          data: { context_id: name },
        })),
      ),
    );
  return { services, userId, stream, first: Number(snapshot.id), write };
}

/**
 * On SQLite a commit hands its events to the user's live streams, which send them without
 * reading them back from the log when they follow exactly what was sent last, and read the log
 * otherwise. Events are written here straight to the log (no commit notice) to make gaps.
 */
it("sends committed events as they are only when they follow on; otherwise reads the log", async () => {
  const database = await createTestDatabase("sqlite");
  try {
    const { services, userId, stream, first, write } = await loggedStream(database);
    const received = async (n: number) =>
      (await stream.take(n)).map((e) => [
        Number(e.id),
        (e.envelope.data as { context_id: string }).context_id,
      ]);

    // Events that follow on are sent as handed over.
    const a = await write("a");
    services.hub.wake(userId, a);
    expect(await received(1)).toEqual([[first + 1, "a"]]);

    // A gap (b and c were never handed over): the log is read, and all three go out in order.
    await write("b", "c");
    const d = await write("d");
    services.hub.wake(userId, d);
    expect(await received(3)).toEqual([
      [first + 2, "b"],
      [first + 3, "c"],
      [first + 4, "d"],
    ]);

    // Handed over again, or overlapping what was sent: nothing is repeated.
    services.hub.wake(userId, d);
    const e = await write("e");
    services.hub.wake(userId, [...d, ...e]);
    expect(await received(1)).toEqual([[first + 5, "e"]]);
    expect(await stream.quietFor(100)).toBe(true);
    await stream.close();
  } finally {
    await database.destroy();
  }
});

it("reads the log again when a read meets a lost connection, instead of closing the stream", async () => {
  const database = await createTestDatabase("sqlite");
  try {
    const { services, userId, stream, first, write } = await loggedStream(database);
    // The pool handed the read a connection PostgreSQL had ended (pg's own error text).
    const readAfter = vi
      .spyOn(services.events, "readAfter")
      .mockRejectedValueOnce(new Error("Connection terminated unexpectedly"));
    await write("x");
    services.hub.wake(userId);
    const [event] = await stream.take(1);
    expect(Number(event?.id)).toBe(first + 1);
    expect(readAfter).toHaveBeenCalledTimes(2);

    // Any other failure still closes the stream (the client resumes with Last-Event-ID).
    readAfter.mockRejectedValueOnce(new Error("a bug"));
    services.hub.wake(userId);
    await expect(stream.next(5000)).rejects.toThrow("stream ended");
  } finally {
    await database.destroy();
  }
});

it("frames a logged event exactly as its envelope would be framed", () => {
  const event: LoggedEvent = {
    seq: 7,
    type: "message_added",
    contextId: "c1",
    userId: "u1",
    data: JSON.stringify({ text: 'line\nbreak "quoted" \u2028', n: 1 }),
    timestamp: "2026-01-01T00:00:00.000Z",
  };
  const envelope = {
    event_type: event.type,
    context_id: event.contextId,
    user_id: event.userId,
    data: JSON.parse(event.data) as unknown,
    timestamp: event.timestamp,
  };
  expect(formatLoggedSse(event)).toBe(formatSse(envelope, 7));
  expect(formatLoggedSse({ ...event, contextId: null })).toBe(
    formatSse({ ...envelope, context_id: null }, 7),
  );
  // Stored text with a raw line break (never written so) is parsed and framed anew.
  const spaced = { ...event, data: '{\n"n": 1\n}' };
  expect(formatLoggedSse(spaced)).toBe(formatSse({ ...envelope, data: { n: 1 } }, 7));
});
