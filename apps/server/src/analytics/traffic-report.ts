import { type ReferrerClass, referrerClasses } from "@a2a-chat/contracts";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";

const dayMs = 86_400_000;

/** One UTC day's numbers of people (bots apart). */
export interface TrafficDay {
  /** YYYY-MM-DD (UTC). */
  day: string;
  views: number;
  visitors: number;
  engagedSeconds: number;
  /** Mean scroll depth of the day's engagements; null without any. */
  scrollDepth: number | null;
  shares: number;
  referrers: Record<ReferrerClass, number>;
}

/** One page's numbers over the whole period. */
export interface TrafficPage {
  contentId: string;
  views: number;
  visitors: number;
  engagedSeconds: number;
  scrollDepth: number | null;
  shares: number;
}

/** The website's traffic over a period of whole UTC days, oldest day first. */
export interface TrafficReport {
  from: string;
  to: string;
  days: TrafficDay[];
  totals: Omit<TrafficDay, "day"> & { botViews: number };
  /** The most viewed pages, most first. */
  topPages: TrafficPage[];
}

const dayOf = sql<string>`substr(created_at, 1, 10)`;
const num = (value: unknown) => Number(value ?? 0);
const meanOrNull = (sum: number, count: number) => (count > 0 ? Math.round(sum / count) : null);
const noReferrers = () =>
  Object.fromEntries(referrerClasses.map((c) => [c, 0])) as Record<ReferrerClass, number>;

/**
 * Reads the traffic of the last `days` UTC days up to `now` (today included). Visitors are
 * distinct session ids; bots' events are left out of every number except `botViews`.
 */
export async function trafficReport(
  db: Kysely<Database>,
  days: number,
  topPages: number,
  now: Date = new Date(),
): Promise<TrafficReport> {
  const today = Math.floor(now.getTime() / dayMs) * dayMs;
  const labels = Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * dayMs).toISOString().slice(0, 10),
  );
  const from = `${labels[0]}T00:00:00.000Z`;
  const to = new Date(today + dayMs).toISOString();
  const inPeriod = db
    .selectFrom("site_events")
    .where("created_at", ">=", from)
    .where("created_at", "<", to);
  const people = inPeriod.where("is_bot", "=", 0);

  const [byDay, byReferrer, byPage, overall, bots] = await Promise.all([
    people
      .select((eb) => [
        dayOf.as("day"),
        "event_type",
        eb.fn.countAll().as("n"),
        eb.fn.count("session_id").distinct().as("sessions"),
        eb.fn.sum("time_on_page_seconds").as("seconds"),
        eb.fn.sum("scroll_depth_percent").as("depth"),
        eb.fn.count("scroll_depth_percent").as("depths"),
      ])
      .groupBy([dayOf, "event_type"])
      .execute(),
    people
      .where("event_type", "=", "view")
      .select((eb) => [dayOf.as("day"), "referrer_class", eb.fn.countAll().as("n")])
      .groupBy([dayOf, "referrer_class"])
      .execute(),
    people
      .select((eb) => [
        "content_id",
        "event_type",
        eb.fn.countAll().as("n"),
        eb.fn.count("session_id").distinct().as("sessions"),
        eb.fn.sum("time_on_page_seconds").as("seconds"),
        eb.fn.sum("scroll_depth_percent").as("depth"),
        eb.fn.count("scroll_depth_percent").as("depths"),
      ])
      .groupBy(["content_id", "event_type"])
      .execute(),
    people
      .where("event_type", "=", "view")
      .select((eb) => eb.fn.count("session_id").distinct().as("sessions"))
      .executeTakeFirst(),
    inPeriod
      .where("is_bot", "=", 1)
      .where("event_type", "=", "view")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst(),
  ]);

  const dayRows = new Map<string, TrafficDay>(
    labels.map((day) => [
      day,
      {
        day,
        views: 0,
        visitors: 0,
        engagedSeconds: 0,
        scrollDepth: null,
        shares: 0,
        referrers: noReferrers(),
      },
    ]),
  );
  const depthSums = { sum: 0, count: 0 };
  for (const row of byDay) {
    const day = dayRows.get(row.day);
    if (!day) continue;
    if (row.event_type === "view") {
      day.views = num(row.n);
      day.visitors = num(row.sessions);
    } else if (row.event_type === "engagement") {
      day.engagedSeconds = num(row.seconds);
      day.scrollDepth = meanOrNull(num(row.depth), num(row.depths));
      depthSums.sum += num(row.depth);
      depthSums.count += num(row.depths);
    } else if (row.event_type === "share") {
      day.shares = num(row.n);
    }
  }
  for (const row of byReferrer) {
    const day = dayRows.get(row.day);
    const name = (row.referrer_class ?? "unknown") as ReferrerClass;
    if (day && name in day.referrers) day.referrers[name] += num(row.n);
  }

  const pages = new Map<string, TrafficPage>();
  for (const row of byPage) {
    const page = pages.get(row.content_id) ?? {
      contentId: row.content_id,
      views: 0,
      visitors: 0,
      engagedSeconds: 0,
      scrollDepth: null,
      shares: 0,
    };
    if (row.event_type === "view") {
      page.views = num(row.n);
      page.visitors = num(row.sessions);
    } else if (row.event_type === "engagement") {
      page.engagedSeconds = num(row.seconds);
      page.scrollDepth = meanOrNull(num(row.depth), num(row.depths));
    } else if (row.event_type === "share") {
      page.shares = num(row.n);
    }
    pages.set(row.content_id, page);
  }

  const allDays = [...dayRows.values()];
  const sum = (pick: (d: TrafficDay) => number) => allDays.reduce((t, d) => t + pick(d), 0);
  const referrers = noReferrers();
  for (const day of allDays) {
    for (const name of referrerClasses) referrers[name] += day.referrers[name];
  }
  return {
    from,
    to,
    days: allDays,
    totals: {
      views: sum((d) => d.views),
      visitors: num(overall?.sessions),
      engagedSeconds: sum((d) => d.engagedSeconds),
      scrollDepth: meanOrNull(depthSums.sum, depthSums.count),
      shares: sum((d) => d.shares),
      referrers,
      botViews: num(bots?.n),
    },
    topPages: [...pages.values()]
      .sort((a, b) => b.views - a.views || a.contentId.localeCompare(b.contentId))
      .slice(0, topPages),
  };
}
