import { type ReferrerClass, referrerClasses } from "@a2a-chat/contracts";
import { beforeEach, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";

const chrome =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const view = {
  content_id: "docs-agents",
  session_id: "3b7c2f1e-8a4d-4c6b-9e2f-1a2b3c4d5e6f",
  user_id: "user-1",
  referrer_url: "https://www.google.com/",
  referrer_source: "google",
  user_agent: chrome,
};

const engagement = {
  content_id: "docs-agents",
  session_id: view.session_id,
  time_on_page_seconds: 12,
  scroll_depth_percent: 40,
};

const share = {
  content_id: "docs-agents",
  session_id: view.session_id,
  platform: "twitter",
  user_id: "user-1",
};

const referrers: Record<ReferrerClass, string | null> = {
  direct: null,
  internal: "http://localhost/features",
  google: "https://www.google.co.uk/",
  bing: "https://www.bing.com/search?q=a2a",
  duckduckgo: "https://duckduckgo.com/",
  twitter: "https://t.co/abc",
  linkedin: "https://www.linkedin.com/feed/",
  facebook: "https://l.facebook.com/l.php",
  reddit: "https://old.reddit.com/r/selfhosted",
  external: "https://blog.example.com/post",
  unknown: "not a url",
};

describeEachDialect("POST /api/v1/blog/events", (get) => {
  let app: ReturnType<typeof createTestApp>;
  beforeEach(async () => {
    app = createTestApp(get(), {
      config: { server: { trustProxyHops: 1 }, rateLimit: { analyticsEventsPerIp: 1000 } },
    });
    await get().db.kysely.deleteFrom("site_events").execute();
    await get().db.kysely.deleteFrom("rate_limits").execute();
  });

  const post = (
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
    contentType = "application/json",
  ) =>
    app.request(`/api/v1/blog/events/${path}`, {
      method: "POST",
      headers: {
        "content-type": contentType,
        "user-agent": chrome,
        "x-forwarded-for": "203.0.113.7",
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const rows = () => get().db.kysely.selectFrom("site_events").selectAll().execute();

  it("stores a view with its fields, the raw referrer and its class, and sets no cookie", async () => {
    const res = await post("view", view);
    expect(res.status).toBe(204);
    expect(res.headers.get("set-cookie")).toBeNull();
    const [row, ...rest] = await rows();
    expect(rest).toHaveLength(0);
    expect(row).toMatchObject({
      event_type: "view",
      content_id: "docs-agents",
      session_id: view.session_id,
      user_id: "user-1",
      referrer_url: "https://www.google.com/",
      referrer_source: "google",
      referrer_class: "google",
      user_agent: chrome,
      is_bot: 0,
    });
    expect(Date.parse(row?.created_at ?? "")).toBeGreaterThan(Date.now() - 60_000);
  });

  it("keeps no IP address anywhere", async () => {
    await post("view", view);
    await post("engagement", engagement);
    const stored = JSON.stringify(await rows());
    const windows = JSON.stringify(
      await get().db.kysely.selectFrom("rate_limits").selectAll().execute(),
    );
    expect(stored).not.toContain("203.0.113.7");
    expect(windows).not.toContain("203.0.113.7");
  });

  it.each(referrerClasses.map((c) => [c, referrers[c]] as const))(
    "classifies a %s referrer and keeps the raw one",
    async (expected, referrer) => {
      const res = await post("view", { ...view, referrer_url: referrer, referrer_source: null });
      expect(res.status).toBe(204);
      const [row] = await rows();
      expect(row?.referrer_class).toBe(expected);
      expect(row?.referrer_url).toBe(referrer);
    },
  );

  it("classifies against the public URL's host when one is set", async () => {
    app = createTestApp(get(), { config: { server: { publicUrl: "https://chat.example.org" } } });
    await post("view", { ...view, referrer_url: "https://chat.example.org/docs" });
    await post("view", { ...view, referrer_url: "http://localhost/docs" });
    expect((await rows()).map((r) => r.referrer_class).sort()).toEqual(["external", "internal"]);
  });

  it("accepts a beacon's text/plain JSON on all three calls", async () => {
    const type = "text/plain;charset=UTF-8";
    expect((await post("view", JSON.stringify(view), {}, type)).status).toBe(204);
    expect((await post("engagement", JSON.stringify(engagement), {}, type)).status).toBe(204);
    expect((await post("share", JSON.stringify(share), {}, type)).status).toBe(204);
    expect((await rows()).map((r) => r.event_type).sort()).toEqual(["engagement", "share", "view"]);
  });

  it("still refuses text/plain on other API paths", async () => {
    const res = await app.request("/api/v1/core/oauth/session", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "{}",
    });
    expect(res.status).toBe(415);
  });

  it("stores an engagement with time and scroll depth floored", async () => {
    const res = await post("engagement", {
      ...engagement,
      time_on_page_seconds: 12.9,
      scroll_depth_percent: 55.7,
    });
    expect(res.status).toBe(204);
    const [row] = await rows();
    expect(row).toMatchObject({
      event_type: "engagement",
      content_id: "docs-agents",
      session_id: view.session_id,
      time_on_page_seconds: 12,
      scroll_depth_percent: 55,
      referrer_class: null,
    });
  });

  it.each([
    [-20, 0],
    [0, 0],
    [100, 100],
    [100.9, 100],
    [250, 100],
    [-0.5, 0],
  ])("clamps a scroll depth of %s to %s", async (depth, stored) => {
    expect((await post("engagement", { ...engagement, scroll_depth_percent: depth })).status).toBe(
      204,
    );
    expect((await rows())[0]?.scroll_depth_percent).toBe(stored);
  });

  it("takes a time of zero and an engagement without scroll depth", async () => {
    const { scroll_depth_percent: _, ...noDepth } = engagement;
    expect((await post("engagement", { ...noDepth, time_on_page_seconds: 0 })).status).toBe(204);
    expect((await rows())[0]).toMatchObject({
      time_on_page_seconds: 0,
      scroll_depth_percent: null,
    });
  });

  it("stores a share with its platform", async () => {
    expect((await post("share", share)).status).toBe(204);
    expect((await rows())[0]).toMatchObject({
      event_type: "share",
      content_id: "docs-agents",
      platform: "twitter",
      user_id: "user-1",
    });
  });

  it("stores optional fields left out as null, and the header's agent when the page sends none", async () => {
    expect((await post("view", { content_id: "home" })).status).toBe(204);
    expect((await rows())[0]).toMatchObject({
      session_id: null,
      user_id: null,
      referrer_url: null,
      referrer_source: null,
      referrer_class: "direct",
      user_agent: chrome,
    });
  });

  it("counts bots apart, by the request's agent or the reported one", async () => {
    await post("view", view, { "user-agent": googlebot });
    await post("view", { ...view, user_agent: googlebot });
    await post("engagement", engagement, { "user-agent": googlebot });
    await post("view", view);
    const bots = (await rows()).map((r) => [r.event_type, r.is_bot]).sort();
    expect(bots).toEqual([
      ["engagement", 1],
      ["view", 0],
      ["view", 1],
      ["view", 1],
    ]);
  });

  describe("bad input gets a clear 400 and writes nothing", () => {
    const cases: [string, unknown, string][] = [
      ["view", {}, "content_id is required"],
      ["view", { ...view, content_id: undefined }, "content_id is required"],
      ["view", { ...view, content_id: null }, "content_id is required"],
      ["view", { ...view, content_id: "" }, "content_id is required"],
      ["view", { ...view, content_id: "   " }, "content_id is required"],
      ["view", { ...view, content_id: 42 }, "content_id must be a string"],
      [
        "view",
        { ...view, content_id: "x".repeat(501) },
        "content_id must be at most 500 characters",
      ],
      ["view", { ...view, session_id: 7 }, "session_id must be a string"],
      ["view", { ...view, user_id: {} }, "user_id must be a string"],
      [
        "view",
        { ...view, referrer_url: "x".repeat(4097) },
        "referrer_url must be at most 4096 characters",
      ],
      ["view", { ...view, user_agent: ["a"] }, "user_agent must be a string"],
      ["view", [view], "Body must be a JSON object"],
      ["view", "null", "content_id is required"],
      ["engagement", { ...engagement, content_id: undefined }, "content_id is required"],
      [
        "engagement",
        { ...engagement, time_on_page_seconds: undefined },
        "time_on_page_seconds is required",
      ],
      [
        "engagement",
        { ...engagement, time_on_page_seconds: -1 },
        "time_on_page_seconds must be a non-negative number",
      ],
      [
        "engagement",
        { ...engagement, time_on_page_seconds: -0.2 },
        "time_on_page_seconds must be a non-negative number",
      ],
      [
        "engagement",
        { ...engagement, time_on_page_seconds: "12" },
        "time_on_page_seconds must be a non-negative number",
      ],
      [
        "engagement",
        { ...engagement, time_on_page_seconds: 3e9 },
        "time_on_page_seconds must be at most 2147483647",
      ],
      [
        "engagement",
        { ...engagement, scroll_depth_percent: "50" },
        "scroll_depth_percent must be a number",
      ],
      ["share", { ...share, content_id: undefined }, "content_id is required"],
      ["share", { ...share, platform: 3 }, "platform must be a string"],
      ["share", { ...share, platform: "p".repeat(51) }, "platform must be at most 50 characters"],
    ];
    it.each(cases)("%s %j → %s", async (path, body, message) => {
      const res = await post(path, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "validation_failed", message });
      expect(await rows()).toHaveLength(0);
    });

    it("an empty body", async () => {
      const res = await post("view", "");
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: "validation_failed",
        message: "content_id is required",
      });
      expect(await rows()).toHaveLength(0);
    });

    it("text that is not JSON", async () => {
      const res = await post("engagement", "{content_id:", {}, "text/plain;charset=UTF-8");
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe("invalid_json");
      expect(await rows()).toHaveLength(0);
    });

    it("another content type", async () => {
      const res = await post("view", JSON.stringify(view), {}, "application/x-www-form-urlencoded");
      expect(res.status).toBe(415);
      expect(await rows()).toHaveLength(0);
    });
  });

  it("limits events per IP, honouring the trusted proxy hops", async () => {
    app = createTestApp(get(), {
      config: {
        server: { trustProxyHops: 1 },
        // A day-long window, so the four hits cannot straddle two windows.
        rateLimit: { analyticsEventsPerIp: 3, windowSeconds: 86_400 },
      },
    });
    for (let i = 0; i < 3; i += 1) expect((await post("view", view)).status).toBe(204);
    const limited = await post("engagement", engagement);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: string }).error).toBe("rate_limited");
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    // The client's own address is the proxy's last entry; a forged earlier one changes nothing.
    expect((await post("view", view, { "x-forwarded-for": "6.6.6.6, 203.0.113.7" })).status).toBe(
      429,
    );
    expect((await post("view", view, { "x-forwarded-for": "198.51.100.2" })).status).toBe(204);
    expect(await rows()).toHaveLength(4);
  });
});
