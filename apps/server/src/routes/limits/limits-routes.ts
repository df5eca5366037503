import { attachmentBytesLimit, type LimitsResponse } from "@a2a-chat/contracts";
import { Hono } from "hono";
import type { Config } from "../../config/schema.js";
import type { AppEnv } from "../../http/env.js";

/** GET /api/v1/core/limits: the size limits a client should tell its user before sending. */
export function limitsRoutes(config: Config): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const body: LimitsResponse = {
    message_bytes: config.quotas.messageBytes,
    request_body_bytes: config.server.bodyLimitBytes,
    attachment_bytes: attachmentBytesLimit(
      config.quotas.messageBytes,
      config.server.bodyLimitBytes,
    ),
    file_bytes: config.quotas.fileBytes,
  };
  routes.get("/", (c) => c.json(body));
  return routes;
}
