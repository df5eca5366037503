import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { SseError } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { checkTexts, type ProbeOutcome } from "../../net/connection-check.js";
import { GuardedFetchError, type OutboundPolicy } from "../../net/guarded-fetch.js";
import { httpStatusHint } from "../../net/http-status-hint.js";
import {
  connectUpstream,
  listAllTools,
  type Upstream,
  type UpstreamServer,
} from "./upstream-client.js";
import { upstreamReason } from "./upstream-errors.js";

/**
 * The HTTP and protocol steps of checking a user-added MCP server: connects as the proxy does
 * (with its stored credentials) and lists its tools.
 */
export async function probeMcpServer(
  server: UpstreamServer,
  policy: OutboundPolicy,
): Promise<ProbeOutcome> {
  let upstream: Upstream | undefined;
  try {
    upstream = await connectUpstream(server, policy);
    const tools = await listAllTools(upstream, { timeout: Math.min(server.timeoutMs, 30_000) });
    const info = upstream.client.getServerVersion();
    const over = upstream.transport === "sse" ? "legacy SSE" : "streamable HTTP";
    return {
      ok: true,
      http: "The server accepted the MCP requests",
      detail: `MCP server ${info?.name ?? "(unnamed)"} ${info?.version ?? ""} over ${over}: ${tools.length} tool${tools.length === 1 ? "" : "s"}`,
    };
  } catch (error) {
    if (
      (error instanceof StreamableHTTPError || error instanceof SseError) &&
      (error.code ?? 0) > 0
    ) {
      const status = error.code as number;
      return {
        ok: false,
        step: "http",
        detail: checkTexts.httpStatus(status, httpStatusHint(status)),
      };
    }
    if (error instanceof UnauthorizedError)
      return {
        ok: false,
        step: "http",
        detail: checkTexts.httpStatus(401, " (sign in with OAuth first)"),
      };
    if (error instanceof GuardedFetchError)
      return { ok: false, step: "http", detail: `No usable answer: ${error.message}` };
    return {
      ok: false,
      step: "protocol",
      detail: `Not an MCP server answer: ${upstreamReason(error).reason}`,
    };
  } finally {
    await upstream?.close();
  }
}
