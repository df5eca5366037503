import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { clientIp } from "./client-ip.js";

function appWith(hops: number) {
  const app = new Hono();
  app.get("/", (c) => c.text(clientIp(c, hops)));
  return app;
}

describe("clientIp", () => {
  it("ignores X-Forwarded-For unless proxies are trusted", async () => {
    const res = await appWith(0).request("/", { headers: { "x-forwarded-for": "6.6.6.6" } });
    expect(await res.text()).toBe("unknown");
  });

  it("takes the entry the trusted proxy appended, not one the client forged", async () => {
    const headers = { "x-forwarded-for": "6.6.6.6, 203.0.113.5" };
    expect(await (await appWith(1).request("/", { headers })).text()).toBe("203.0.113.5");
    expect(await (await appWith(2).request("/", { headers })).text()).toBe("6.6.6.6");
    expect(await (await appWith(5).request("/", { headers })).text()).toBe("6.6.6.6");
  });
});
