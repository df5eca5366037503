import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The caller's IP. With trustedHops > 0 it is read from X-Forwarded-For, counting that many
 * proxies from the right (the entries a client cannot forge); otherwise the socket address.
 */
export function clientIp(c: Context, trustedHops: number): string {
  if (trustedHops > 0) {
    const forwarded = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part.length > 0);
    const entry = forwarded[Math.max(0, forwarded.length - trustedHops)];
    if (entry) return entry;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // In-process requests (tests) have no socket.
    return "unknown";
  }
}
