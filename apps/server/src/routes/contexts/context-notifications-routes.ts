import { notificationBodySchema } from "@a2a-chat/contracts";
import { Hono } from "hono";
import { bearerToken, requireAuth, type TokenReader } from "../../auth/require-auth.js";
import type { AppEnv } from "../../http/env.js";
import { readBody } from "../../http/read-body.js";
import type { Services } from "../../http/services.js";
import { checkNotificationSize } from "../../quotas/quota-checks.js";
import { storePushNotification } from "../../tasks/push-notification-commands.js";

/** Header the @a2a-js/sdk push sender puts a push config's token in. */
export const notificationTokenHeader = "x-a2a-notification-token";

/**
 * A push config's token is one of our access tokens: agents send it in X-A2A-Notification-Token
 * (config.token) or as `Authorization: Bearer …` (config.authentication); either is verified
 * exactly like any bearer token.
 */
export const notificationToken: TokenReader = (c) =>
  bearerToken(c.req.header("authorization")) ?? c.req.header(notificationTokenHeader)?.trim();

/**
 * POST /api/v1/core/contexts/{id}/notifications: where agents push task updates of one of the
 * caller's conversations (core §7). Mounted before the contexts routes, whose guard reads the
 * Authorization header only.
 */
export function contextNotificationsRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const perUserLimit = services.protect[1];
  if (!perUserLimit) throw new Error("services.protect must hold auth and rate limit");
  routes.post(
    "/:id/notifications",
    requireAuth(services.tokens, services.sessions, notificationToken),
    perUserLimit,
    async (c) => {
      const body = readBody(c, notificationBodySchema);
      checkNotificationSize(body, services.config.quotas);
      const stored = await storePushNotification(services, c.var.auth, c.req.param("id"), body);
      return c.json({ received: true, task_id: stored.task_id, kind: stored.kind }, 202);
    },
  );
  return routes;
}
