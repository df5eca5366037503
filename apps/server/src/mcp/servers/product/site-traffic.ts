import { forbiddenMessage, referrerClasses } from "@a2a-chat/contracts";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { type TrafficReport, trafficReport } from "../../../analytics/traffic-report.js";
import type { Services } from "../../../http/services.js";
import { artifactOutput, artifactResult, errorResult } from "../../artifact-output.js";

/** Pages listed in the top-pages table. */
export const topPagesShown = 10;

const output = artifactOutput(
  z.object({
    title: z.string(),
    description: z.string(),
    sections: z.array(
      z.object({
        section_id: z.string(),
        section_type: z.enum(["metrics_cards", "chart", "table"]),
        title: z.string(),
        layout: z.object({ order: z.number().int() }),
        data: z.record(z.string(), z.unknown()),
      }),
    ),
  }),
  { type: "dashboard", behavior: "both" },
);

/** Seconds as '1h 5m', '3m 20s' or '42s'. */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  if (h > 0) return `${h}h ${m}m`;
  return m > 0 ? `${m}m ${s}s` : `${s}s`;
}

const percent = (value: number | null) => (value === null ? "–" : `${value}%`);
const perView = (seconds: number, views: number) =>
  views > 0 ? formatDuration(Math.round(seconds / views)) : "–";

function sections(report: TrafficReport) {
  const { totals, days } = report;
  const labels = days.map((d) => d.day);
  const column = (name: string, type: "string" | "number") => ({ name, type });
  const seenClasses = referrerClasses.filter((c) => totals.referrers[c] > 0);
  return [
    {
      section_id: "totals",
      section_type: "metrics_cards" as const,
      title: "Totals",
      layout: { order: 1 },
      data: {
        cards: [
          { title: "Page views", value: String(totals.views), icon: "eye", status: "healthy" },
          {
            title: "Visitors",
            value: String(totals.visitors),
            subtitle: "distinct browser sessions",
            icon: "users",
            status: "healthy",
          },
          {
            title: "Engaged time",
            value: formatDuration(totals.engagedSeconds),
            subtitle: `${perView(totals.engagedSeconds, totals.views)} per view`,
            icon: "clock",
            status: "healthy",
          },
          {
            title: "Scroll depth",
            value: percent(totals.scrollDepth),
            subtitle: "mean of engaged visits",
            icon: "activity",
            status: "healthy",
          },
          { title: "Shares", value: String(totals.shares), icon: "share", status: "healthy" },
          {
            title: "Bot views",
            value: String(totals.botViews),
            subtitle: "counted apart, in no other number",
            icon: "bot",
            status: "healthy",
          },
        ],
      },
    },
    {
      section_id: "views_per_day",
      section_type: "chart" as const,
      title: "Page views and visitors per day",
      layout: { order: 2 },
      data: {
        chart_type: "line",
        labels,
        datasets: [
          { label: "Page views", data: days.map((d) => d.views) },
          { label: "Visitors", data: days.map((d) => d.visitors) },
        ],
      },
    },
    {
      section_id: "referrers_per_day",
      section_type: "chart" as const,
      title: "Where views came from, per day",
      layout: { order: 3 },
      data: {
        chart_type: "bar",
        labels,
        datasets: (seenClasses.length > 0 ? seenClasses : (["direct"] as const)).map((name) => ({
          label: name,
          data: days.map((d) => d.referrers[name]),
        })),
      },
    },
    {
      section_id: "days",
      section_type: "table" as const,
      title: "Per day",
      layout: { order: 4 },
      data: {
        columns: [
          column("day", "string"),
          column("views", "number"),
          column("visitors", "number"),
          column("engaged time", "string"),
          column("scroll depth", "string"),
          column("shares", "number"),
        ],
        rows: days.map((d) => ({
          day: d.day,
          views: d.views,
          visitors: d.visitors,
          "engaged time": formatDuration(d.engagedSeconds),
          "scroll depth": percent(d.scrollDepth),
          shares: d.shares,
        })),
      },
    },
    {
      section_id: "top_pages",
      section_type: "table" as const,
      title: "Top pages",
      layout: { order: 5 },
      data: {
        columns: [
          column("page", "string"),
          column("views", "number"),
          column("visitors", "number"),
          column("engaged per view", "string"),
          column("scroll depth", "string"),
          column("shares", "number"),
        ],
        rows: report.topPages.map((p) => ({
          page: p.contentId,
          views: p.views,
          visitors: p.visitors,
          "engaged per view": perView(p.engagedSeconds, p.views),
          "scroll depth": percent(p.scrollDepth),
          shares: p.shares,
        })),
      },
    },
    {
      section_id: "referrers",
      section_type: "table" as const,
      title: "Referrer classes",
      layout: { order: 6 },
      data: {
        columns: [column("referrer", "string"), column("views", "number")],
        rows: referrerClasses.map((name) => ({ referrer: name, views: totals.referrers[name] })),
      },
    },
  ];
}

/**
 * site_traffic: the website's analytics for its owner — page views, visitors, engaged time,
 * scroll depth, top pages and referrer classes per day. Admins only.
 */
export function registerSiteTraffic(server: McpServer, services: Services, isAdmin: boolean) {
  server.registerTool(
    "site_traffic",
    {
      title: "Site traffic",
      description:
        "Shows the website's traffic for the last days (admins only): page views, visitors, engaged time, scroll depth, top pages and where visitors came from, per day.",
      inputSchema: {
        days: z
          .number()
          .int()
          .min(1)
          .max(90)
          .default(7)
          .describe("How many days back, today included (1–90)"),
      },
      outputSchema: output,
    },
    async ({ days }) => {
      if (!isAdmin) return errorResult(forbiddenMessage);
      const report = await trafficReport(services.db.kysely, days, topPagesShown);
      return artifactResult({
        title: "Site traffic",
        description: `The website from ${report.days[0]?.day} to ${report.days.at(-1)?.day} (UTC), bots apart`,
        sections: sections(report),
      });
    },
  );
}
