import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "../log/logger.js";
import type { Metrics } from "./metrics.js";
import { bearerMatches, metricsText } from "./metrics-endpoint.js";

/** The metrics port's listener and how to stop it. */
export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Serves GET /metrics alone on its own port (METRICS_PORT), bound to the configured host, so it
 * can be kept off the public load balancer; a configured token is required there too.
 */
export async function startMetricsServer(
  metrics: Metrics,
  options: { host: string; port: number; token?: string },
  logger: Logger,
): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return;
    }
    if (options.token !== undefined && !bearerMatches(req.headers.authorization, options.token)) {
      res
        .writeHead(401, {
          "Content-Type": "text/plain",
          "WWW-Authenticate": 'Bearer realm="metrics"',
        })
        .end("Unauthorized");
      return;
    }
    metricsText(metrics.registry).then(
      ({ body, type }) => {
        res.writeHead(200, { "Content-Type": type, "Cache-Control": "no-store" }).end(body);
      },
      (error: unknown) => {
        logger.error({ err: error }, "metrics collection failed");
        res.writeHead(500, { "Content-Type": "text/plain" }).end("Internal server error");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ host: options.host, port: options.port }, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  logger.info({ host: options.host, port }, "metrics listening");
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
