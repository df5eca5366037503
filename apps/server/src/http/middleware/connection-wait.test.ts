import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { connectionWaitNow, withConnectionWait } from "../../db/connection-wait.js";
import { connectionWaits } from "./connection-wait.js";

function app() {
  const hono = new Hono();
  hono.use("*", connectionWaits(120_000, 1_800_000));
  hono.on(["GET", "POST"], ["/wait", "/api/v1/agents/assistant"], (c) => {
    const wait = connectionWaitNow();
    return c.json({ waitMs: wait?.waitMs, same: wait?.signal?.() === c.req.raw.signal });
  });
  return hono;
}

describe("connectionWaits", () => {
  it("bounds a request's waits by the configured time and by the request's own signal", async () => {
    const response = await app().request("/wait");
    expect(await response.json()).toEqual({ waitMs: 120_000, same: true });
  });

  it("lets a message to an agent wait as long as the turn it starts", async () => {
    const sent = await app().request("/api/v1/agents/assistant", { method: "POST" });
    expect(await sent.json()).toEqual({ waitMs: 1_800_000, same: true });
    const read = await app().request("/api/v1/agents/assistant");
    expect(await read.json()).toEqual({ waitMs: 120_000, same: true });
  });

  it("forgets the client once the handler has returned, for the work it set going", async () => {
    const hono = new Hono();
    hono.use("*", connectionWaits(120_000, 1_800_000));
    let later: ReturnType<typeof connectionWaitNow>;
    let during: AbortSignal | undefined;
    hono.get("/stream", (c) => {
      during = connectionWaitNow()?.signal?.();
      later = connectionWaitNow();
      return c.text("ok");
    });
    await hono.request("/stream");
    expect(during).toBeInstanceOf(AbortSignal);
    expect(later?.waitMs).toBe(120_000);
    expect(later?.signal?.()).toBeUndefined();
  });

  it("keeps the longer bound of a turn that calls its own server in process", async () => {
    const response = await withConnectionWait({ waitMs: 1_800_000 }, () => app().request("/wait"));
    expect(await response.json()).toEqual({ waitMs: 1_800_000, same: true });
  });
});
