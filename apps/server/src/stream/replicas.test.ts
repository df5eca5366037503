import { contextRecordSchema, tokenReplySchema } from "@a2a-chat/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../test/databases.js";
import { processDatabase } from "../test/process-database.js";
import { type ServerProcess, startServerProcess } from "../test/server-process.js";
import { SseReader } from "../test/sse.js";

const run = testDialects.includes("postgres") ? describe : describe.skip;

run("two replicas on one PostgreSQL database", () => {
  const database = processDatabase("rep");
  let a: ServerProcess;
  let b: ServerProcess;
  let token = "";

  beforeAll(async () => {
    a = await startServerProcess(database.env());
    b = await startServerProcess(database.env());
    const res = await fetch(`${a.url}/api/v1/core/oauth/session`, { method: "POST" });
    token = tokenReplySchema.parse(await res.json()).access_token;
  }, 60_000);

  afterAll(async () => {
    await a?.kill("SIGKILL");
    await b?.kill();
    await database.dispose();
  });

  const open = async (server: ServerProcess, lastEventId?: string) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (lastEventId) headers["last-event-id"] = lastEventId;
    const res = await fetch(`${server.url}/api/v1/stream/contexts`, { headers });
    expect(res.status).toBe(200);
    return new SseReader(res);
  };
  const create = async (server: ServerProcess, name: string) => {
    const res = await fetch(`${server.url}/api/v1/core/contexts`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });
    expect(res.status).toBe(201);
    return contextRecordSchema.parse(await res.json());
  };

  it("delivers events caused through one replica to a client of the other", async () => {
    const stream = await open(a);
    expect((await stream.next(5000)).event).toBe("snapshot");
    const created = await create(b, "Made on B");
    const event = await stream.next(5000);
    expect(event.event).toBe("context_created");
    expect(event.envelope.context_id).toBe(created.context_id);
    await stream.close();
  });

  it("loses and repeats nothing when a replica is killed during a burst", async () => {
    const first = await open(a);
    const snapshot = await first.next(5000);
    const start = Number(snapshot.id);
    const total = 60;

    const burst = (async () => {
      for (let i = 0; i < total; i++) await create(b, `Burst ${i}`);
    })();

    const received: number[] = [];
    while (received.length < 15) received.push(Number((await first.next(5000)).id));
    await a.kill("SIGKILL");
    // Whatever was already on the wire may still arrive; then the stream ends.
    for (;;) {
      try {
        received.push(Number((await first.next(1000)).id));
      } catch {
        break;
      }
    }
    expect(first.hasEnded).toBe(true);

    const resumed = await open(b, String(received.at(-1)));
    await burst;
    while (received.length < total) received.push(Number((await resumed.next(5000)).id));
    expect(await resumed.quietFor(500)).toBe(true);
    expect(received).toEqual(Array.from({ length: total }, (_, i) => start + i + 1));
    await resumed.close();
  });
});
