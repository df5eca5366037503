import { createHash } from "node:crypto";
import type { Context } from "hono";
import { isbot } from "isbot";

// Real user agents are a few hundred characters; the bound keeps the pattern's cost fixed.
const longestAgent = 1024;

/** Whether the request's User-Agent header or the agent the page reported is a crawler or bot. */
export function isBotVisit(headerAgent: string | undefined, reportedAgent: string | null): boolean {
  return [headerAgent, reportedAgent].some(
    (agent) => typeof agent === "string" && isbot(agent.slice(0, longestAgent)),
  );
}

/** The agent to store: the one the page reported, else the request's header, bounded. */
export function storedAgent(headerAgent: string | undefined, reportedAgent: string | null) {
  const agent = reportedAgent ?? headerAgent?.slice(0, longestAgent) ?? "";
  return agent === "" ? null : agent;
}

/**
 * A rate-limit key for an IP that does not spell the address out: the limiter's windows live in
 * the database on PostgreSQL, and analytics stores no raw IP anywhere.
 */
export function ipKey(ip: string): string {
  return createHash("sha256").update(`site-events:${ip}`).digest("base64url").slice(0, 22);
}

/** This site's host (with port): the public URL's, else the one the request was sent to. */
export function siteHost(c: Context, publicUrl: string | undefined): string {
  return new URL(publicUrl ?? c.req.url).host;
}
