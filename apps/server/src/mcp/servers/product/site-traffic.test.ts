import { forbiddenMessage } from "@a2a-chat/contracts";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { beforeEach, expect, it } from "vitest";
import { trafficReport } from "../../../analytics/traffic-report.js";
import { SiteEventsRepository } from "../../../db/repositories/site-events.js";
import { createTestApp } from "../../../test/app.js";
import { describeEachDialect } from "../../../test/databases.js";
import { mcpClient } from "../../../test/mcp.js";
import { anonymousSession } from "../../../test/tokens.js";
import { formatDuration } from "./site-traffic.js";

interface Section {
  section_id: string;
  section_type: string;
  data: Record<string, unknown>;
}

const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/142.0.0.0 Safari/537.36";
const bot = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)";

describeEachDialect("site_traffic", (get) => {
  let app: ReturnType<typeof createTestApp>;
  beforeEach(async () => {
    app = createTestApp(get());
    await get().db.kysely.deleteFrom("site_events").execute();
  });

  const post = (path: string, body: object, agent = chrome) =>
    app.request(`/api/v1/blog/events/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": agent },
      body: JSON.stringify(body),
    });

  const call = async (as: "visitor" | "admin", args: Record<string, unknown> = {}) => {
    const session = await anonymousSession(app);
    let token = session.access_token;
    if (as === "admin") {
      const issued = await app.services.tokens.issue({
        userId: session.user_id,
        sessionId: session.session_id,
        userType: "authenticated",
        username: "owner",
        email: "owner@example.com",
        scopes: ["admin"],
      });
      token = issued.token;
    }
    const client = await mcpClient(app, "product", token);
    try {
      return (await client.callTool({ name: "site_traffic", arguments: args })) as CallToolResult;
    } finally {
      await client.close();
    }
  };

  it("is refused to anyone who is not an admin, and reads nothing for them", async () => {
    await post("view", { content_id: "home", session_id: "s1" });
    const result = await call("visitor");
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: "text", text: forbiddenMessage }]);
    expect(result.structuredContent).toBeUndefined();
  });

  it("shows an admin this week's views, visitors, engaged time, depth, pages and referrers", async () => {
    await post("view", { content_id: "home", session_id: "s1", referrer_url: "https://t.co/x" });
    await post("view", {
      content_id: "docs-agents",
      session_id: "s1",
      referrer_url: "http://localhost/",
    });
    await post("view", { content_id: "docs-agents", session_id: "s2" });
    await post("view", { content_id: "docs-agents", session_id: "s3" }, bot);
    await post("engagement", {
      content_id: "docs-agents",
      session_id: "s1",
      time_on_page_seconds: 90,
      scroll_depth_percent: 80,
    });
    await post("engagement", {
      content_id: "docs-agents",
      session_id: "s2",
      time_on_page_seconds: 30,
      scroll_depth_percent: 40,
    });
    await post("share", { content_id: "docs-agents", session_id: "s2", platform: "reddit" });

    const result = await call("admin");
    expect(result.isError).toBeFalsy();
    const dashboard = result.structuredContent as { title: string; sections: Section[] };
    expect(dashboard.title).toBe("Site traffic");
    const byId = Object.fromEntries(dashboard.sections.map((s) => [s.section_id, s.data]));
    expect(dashboard.sections.map((s) => [s.section_id, s.section_type])).toEqual([
      ["totals", "metrics_cards"],
      ["views_per_day", "chart"],
      ["referrers_per_day", "chart"],
      ["days", "table"],
      ["top_pages", "table"],
      ["referrers", "table"],
    ]);
    const cards = ((byId.totals?.cards ?? []) as { title: string; value: string }[]).map((c) => [
      c.title,
      c.value,
    ]);
    expect(cards).toEqual([
      ["Page views", "3"],
      ["Visitors", "2"],
      ["Engaged time", "2m 0s"],
      ["Scroll depth", "60%"],
      ["Shares", "1"],
      ["Bot views", "1"],
    ]);
    const views = byId.views_per_day as { labels: string[]; datasets: { data: number[] }[] };
    expect(views.labels).toHaveLength(7);
    expect(views.datasets.map((d) => d.data.reduce((a, b) => a + b, 0))).toEqual([3, 2]);
    const referrers = byId.referrers_per_day as { datasets: { label: string }[] };
    expect(referrers.datasets.map((d) => d.label)).toEqual(["direct", "internal", "twitter"]);
    expect((byId.top_pages as { rows: unknown[] }).rows).toEqual([
      {
        page: "docs-agents",
        views: 2,
        visitors: 2,
        "engaged per view": "1m 0s",
        "scroll depth": "60%",
        shares: 1,
      },
      {
        page: "home",
        views: 1,
        visitors: 1,
        "engaged per view": "0s",
        "scroll depth": "–",
        shares: 0,
      },
    ]);
  });

  it("takes the number of days, within 1 to 90", async () => {
    const result = await call("admin", { days: 30 });
    const dashboard = result.structuredContent as { sections: Section[] };
    const chart = dashboard.sections.find((s) => s.section_id === "views_per_day");
    expect(chart?.data.labels).toHaveLength(30);
    const refused = await call("admin", { days: 91 });
    expect(refused.isError).toBe(true);
  });

  it("groups by UTC day over whole days, today included, and leaves older events out", async () => {
    const events = new SiteEventsRepository(get().db.kysely);
    const view = (content_id: string, session_id: string) => ({
      event_type: "view" as const,
      content_id,
      session_id,
      referrer_class: "google",
      is_bot: 0,
    });
    await events.record(view("home", "a"), new Date("2026-03-10T23:59:59.000Z"));
    await events.record(view("home", "a"), new Date("2026-03-11T00:00:00.000Z"));
    await events.record(view("pricing", "b"), new Date("2026-03-12T08:00:00.000Z"));
    await events.record(view("home", "c"), new Date("2026-03-09T23:59:59.999Z"));
    const report = await trafficReport(
      get().db.kysely,
      3,
      10,
      new Date("2026-03-12T12:00:00.000Z"),
    );
    expect(report.days.map((d) => [d.day, d.views, d.visitors, d.referrers.google])).toEqual([
      ["2026-03-10", 1, 1, 1],
      ["2026-03-11", 1, 1, 1],
      ["2026-03-12", 1, 1, 1],
    ]);
    expect(report.totals.views).toBe(3);
    expect(report.totals.visitors).toBe(2);
    expect(report.topPages.map((p) => [p.contentId, p.views])).toEqual([
      ["home", 2],
      ["pricing", 1],
    ]);
  });
});

it("formatDuration", () => {
  expect([0, 42, 200, 3600, 3_900].map(formatDuration)).toEqual([
    "0s",
    "42s",
    "3m 20s",
    "1h 0m",
    "1h 5m",
  ]);
});
