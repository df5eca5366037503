import {
  classifyReferrer,
  engagementEventBodySchema,
  shareEventBodySchema,
  viewEventBodySchema,
} from "@a2a-chat/contracts";
import { Hono } from "hono";
import { ipKey, isBotVisit, siteHost, storedAgent } from "../../analytics/visitor.js";
import { SiteEventsRepository } from "../../db/repositories/site-events.js";
import type { AppEnv } from "../../http/env.js";
import { readBody } from "../../http/read-body.js";
import type { Services } from "../../http/services.js";
import { clientIp } from "../../rate-limit/client-ip.js";
import { rateLimit } from "../../rate-limit/rate-limit.js";

/**
 * /api/v1/blog/events: the website's page views, engagements and shares (tools spec §7). Open to
 * anyone, limited per IP; no cookie is set and no IP address is stored.
 */
export function blogEventsRoutes(services: Services): Hono<AppEnv> {
  const { config } = services;
  const events = new SiteEventsRepository(services.db.kysely);
  const routes = new Hono<AppEnv>();
  routes.use(
    "*",
    rateLimit({
      store: services.rateLimits,
      limit: config.rateLimit.analyticsEventsPerIp,
      windowSeconds: config.rateLimit.windowSeconds,
      keyOf: (c) => `ip:${ipKey(clientIp(c, config.server.trustProxyHops))}:site-events`,
    }),
  );

  routes.post("/view", async (c) => {
    const body = readBody(c, viewEventBodySchema);
    const header = c.req.header("user-agent");
    await events.record({
      event_type: "view",
      content_id: body.content_id,
      session_id: body.session_id,
      user_id: body.user_id,
      referrer_url: body.referrer_url,
      referrer_source: body.referrer_source,
      referrer_class: classifyReferrer(body.referrer_url, siteHost(c, config.server.publicUrl)),
      user_agent: storedAgent(header, body.user_agent),
      is_bot: isBotVisit(header, body.user_agent) ? 1 : 0,
    });
    return c.body(null, 204);
  });

  routes.post("/engagement", async (c) => {
    const body = readBody(c, engagementEventBodySchema);
    await events.record({
      event_type: "engagement",
      content_id: body.content_id,
      session_id: body.session_id,
      time_on_page_seconds: body.time_on_page_seconds,
      scroll_depth_percent: body.scroll_depth_percent,
      is_bot: isBotVisit(c.req.header("user-agent"), null) ? 1 : 0,
    });
    return c.body(null, 204);
  });

  routes.post("/share", async (c) => {
    const body = readBody(c, shareEventBodySchema);
    await events.record({
      event_type: "share",
      content_id: body.content_id,
      session_id: body.session_id,
      user_id: body.user_id,
      platform: body.platform,
      is_bot: isBotVisit(c.req.header("user-agent"), null) ? 1 : 0,
    });
    return c.body(null, 204);
  });

  return routes;
}
