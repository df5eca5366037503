import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The caller's IP from its parts: with trustedHops > 0 it is read from X-Forwarded-For, counting
 * that many proxies from the right (the entries a client cannot forge); otherwise the socket
 * address ("unknown" when there is none, as for in-process requests).
 */
export function clientIpOf(
  forwardedFor: string | undefined,
  socketAddress: string | undefined,
  trustedHops: number,
): string {
  if (trustedHops > 0) {
    const forwarded = (forwardedFor ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part.length > 0);
    const entry = forwarded[Math.max(0, forwarded.length - trustedHops)];
    if (entry) return entry;
  }
  return socketAddress ?? "unknown";
}

/** The caller's IP of a request served by Hono (see clientIpOf). */
export function clientIp(c: Context, trustedHops: number): string {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // In-process requests (tests) have no socket.
  }
  return clientIpOf(
    trustedHops > 0 ? c.req.header("x-forwarded-for") : undefined,
    socketAddress,
    trustedHops,
  );
}
