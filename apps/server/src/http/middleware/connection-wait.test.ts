import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { connectionWaitNow, withConnectionWait } from "../../db/connection-wait.js";
import { connectionWaits } from "./connection-wait.js";

function app() {
  const hono = new Hono();
  hono.use("*", connectionWaits(120_000));
  hono.get("/wait", (c) => {
    const wait = connectionWaitNow();
    return c.json({ waitMs: wait?.waitMs, same: wait?.signal === c.req.raw.signal });
  });
  return hono;
}

describe("connectionWaits", () => {
  it("bounds a request's waits by the configured time and by the request's own signal", async () => {
    const response = await app().request("/wait");
    expect(await response.json()).toEqual({ waitMs: 120_000, same: true });
  });

  it("keeps the longer bound of a turn that calls its own server in process", async () => {
    const response = await withConnectionWait({ waitMs: 1_800_000 }, () => app().request("/wait"));
    expect(await response.json()).toEqual({ waitMs: 1_800_000, same: true });
  });
});
