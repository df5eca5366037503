import type { ConnectionStep } from "@a2a-chat/contracts";
import {
  discoverOAuthProtectedResourceMetadata,
  UnauthorizedError,
} from "@modelcontextprotocol/sdk/client/auth.js";
import { SseError } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { checkAdvice, checkTexts, type ProtocolProbe } from "../../net/connection-check.js";
import { GuardedFetchError, type OutboundPolicy } from "../../net/guarded-fetch.js";
import { guardedStreamFetch } from "../../net/guarded-stream-fetch.js";
import { httpStatusHint } from "../../net/http-status-hint.js";
import {
  connectUpstream,
  listAllTools,
  type Upstream,
  type UpstreamServer,
} from "./upstream-client.js";
import { upstreamReason } from "./upstream-errors.js";

/** Texts of an MCP server's protocol steps in the connection doctor. */
export const mcpCheckTexts = {
  initialized: (name: string, over: string, metadata: string) =>
    `MCP server ${name} answered initialize over ${over}; ${metadata}`,
  asksSignIn: (status: number, metadata: string) =>
    `The server answered initialize with HTTP ${status}; ${metadata}`,
  metadata: (servers: string[]) =>
    servers.length > 0
      ? `its OAuth metadata names the authorization server ${servers.join(", ")}`
      : "it publishes no OAuth protected resource metadata",
  notFound: (status: number) =>
    `No MCP endpoint at this URL: ${checkTexts.httpStatus(status, httpStatusHint(status))}`,
  pathAdvice:
    "Check the path: MCP servers usually serve streamable HTTP at /mcp (legacy SSE at /sse).",
  failedAdvice: "The server failed: look at its logs.",
  notMcp: (reason: string) => `Not an MCP server answer: ${reason}`,
  notMcpAdvice:
    "Check that the URL is the MCP endpoint itself (often ending in /mcp), not a web page.",
  noAnswer: (reason: string) => `No usable answer: ${reason}`,
  timeoutAdvice: "The server did not answer in time: check that it runs and is not overloaded.",
  noneNeeded: "No credentials needed: the server answered without any",
  accepted: "The server accepted the stored credentials",
  refused: (status: number, stored: boolean) =>
    stored
      ? `The server refused the stored credentials (HTTP ${status})`
      : `The server asks for credentials (HTTP ${status}) and none are stored`,
  notSignedIn: "Not signed in with OAuth yet, or the sign-in has expired",
  signInAdvice: "Open the server's Connection and choose Sign in with OAuth.",
  oauthAdvice: (server: string) =>
    `Choose OAuth in the server's credentials and sign in (its authorization server is ${server}), or store a token it accepts.`,
  refusedAdvice:
    "Check the token or key (copied whole, not expired, for this server) and the header it goes in, as the server's documentation says.",
  forbidden: "The server knows the credentials but refused access (HTTP 403)",
  forbiddenAdvice:
    "The credentials lack a permission this server wants: ask its owner for access or a token with more scopes.",
  version: (chosen: string) =>
    `MCP protocol ${chosen} negotiated (this server speaks ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")})`,
  versionUnsupported: (chosen: string) =>
    `The server chose MCP protocol ${chosen}, which this server does not speak (it speaks ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")})`,
  versionAdvice: "Update the server's MCP SDK, or ask its owner to.",
  listed: (count: number) => `tools/list answered: ${count} tool${count === 1 ? "" : "s"}`,
  listFailed: (reason: string) => `tools/list failed: ${reason}`,
  listAdvice: "The server's answer does not follow MCP: ask its owner to fix its tool list.",
} as const;

const fail = (step: ConnectionStep["step"], detail: string, advice: string): ConnectionStep => ({
  step,
  ok: false,
  detail,
  advice,
});
const pass = (step: ConnectionStep["step"], detail: string): ConnectionStep => ({
  step,
  ok: true,
  detail,
});

/** The authorization servers the server's RFC 9728 metadata names (none when it has none). */
async function authorizationServers(url: string, policy: OutboundPolicy): Promise<string[]> {
  try {
    const fetchFn = guardedStreamFetch({ ...policy, idleMs: policy.timeoutMs });
    const metadata = await discoverOAuthProtectedResourceMetadata(url, {}, fetchFn);
    return (metadata?.authorization_servers ?? []).map(String).slice(0, 3);
  } catch {
    return [];
  }
}

function statusOf(error: unknown): number {
  if ((error instanceof StreamableHTTPError || error instanceof SseError) && (error.code ?? 0) > 0)
    return error.code as number;
  return 0;
}

/** The steps when initialize failed: which one failed, and what to do. */
function connectFailure(
  error: unknown,
  server: UpstreamServer,
  metadata: string,
  servers: string[],
): ConnectionStep[] {
  const stored = Object.keys(server.headers).length > 0 || !!server.authProvider;
  const status = statusOf(error);
  if (error instanceof UnauthorizedError)
    return [
      pass("discovery", mcpCheckTexts.asksSignIn(401, metadata)),
      fail("auth", mcpCheckTexts.notSignedIn, mcpCheckTexts.signInAdvice),
    ];
  if (status === 401) {
    const advice = server.authProvider
      ? mcpCheckTexts.signInAdvice
      : servers[0]
        ? mcpCheckTexts.oauthAdvice(servers[0])
        : mcpCheckTexts.refusedAdvice;
    return [
      pass("discovery", mcpCheckTexts.asksSignIn(status, metadata)),
      fail("auth", mcpCheckTexts.refused(status, stored), advice),
    ];
  }
  if (status === 403)
    return [
      pass("discovery", mcpCheckTexts.asksSignIn(status, metadata)),
      fail("auth", mcpCheckTexts.forbidden, mcpCheckTexts.forbiddenAdvice),
    ];
  if (status > 0)
    return [
      fail(
        "discovery",
        mcpCheckTexts.notFound(status),
        status >= 500 ? mcpCheckTexts.failedAdvice : mcpCheckTexts.pathAdvice,
      ),
    ];
  const unsupported = /protocol version is not supported: (.+)$/.exec(
    error instanceof Error ? error.message : "",
  );
  if (unsupported)
    return [
      pass("discovery", mcpCheckTexts.initialized("(unknown)", "MCP", metadata)),
      pass("auth", stored ? mcpCheckTexts.accepted : mcpCheckTexts.noneNeeded),
      fail(
        "version",
        mcpCheckTexts.versionUnsupported(unsupported[1] ?? ""),
        mcpCheckTexts.versionAdvice,
      ),
    ];
  if (error instanceof GuardedFetchError) {
    const advice =
      error.reason === "refused_address"
        ? checkAdvice.refused(new URL(server.url).hostname)
        : error.reason === "timeout"
          ? mcpCheckTexts.timeoutAdvice
          : checkAdvice.tcpOther;
    return [fail("discovery", mcpCheckTexts.noAnswer(error.message), advice)];
  }
  return [
    fail(
      "discovery",
      mcpCheckTexts.notMcp(upstreamReason(error).reason),
      mcpCheckTexts.notMcpAdvice,
    ),
  ];
}

/**
 * The MCP steps of the connection doctor: discovery (initialize, and the OAuth protected resource
 * metadata), auth (the stored credentials or OAuth tokens, judged by the initialize answer),
 * the negotiated protocol version, and a test call (tools/list), connecting as the proxy does.
 */
export function mcpProbe(server: UpstreamServer, policy: OutboundPolicy): ProtocolProbe {
  return {
    steps: ["discovery", "auth", "version", "call"],
    run: async () => {
      const servers = await authorizationServers(server.url, policy);
      const metadata = mcpCheckTexts.metadata(servers);
      let upstream: Upstream;
      try {
        upstream = await connectUpstream(server, policy);
      } catch (error) {
        return connectFailure(error, server, metadata, servers);
      }
      try {
        const info = upstream.client.getServerVersion();
        const name = `${info?.name ?? "(unnamed)"} ${info?.version ?? ""}`.trim();
        const over = upstream.transport === "sse" ? "legacy SSE" : "streamable HTTP";
        const stored = Object.keys(server.headers).length > 0 || !!server.authProvider;
        const steps = [
          pass("discovery", mcpCheckTexts.initialized(name, over, metadata)),
          pass("auth", stored ? mcpCheckTexts.accepted : mcpCheckTexts.noneNeeded),
          pass("version", mcpCheckTexts.version(upstream.protocolVersion ?? "(not said)")),
        ];
        try {
          const tools = await listAllTools(upstream, {
            timeout: Math.min(server.timeoutMs, 30_000),
          });
          return [...steps, pass("call", mcpCheckTexts.listed(tools.length))];
        } catch (error) {
          const reason = upstreamReason(error).reason;
          return [
            ...steps,
            fail("call", mcpCheckTexts.listFailed(reason), mcpCheckTexts.listAdvice),
          ];
        }
      } finally {
        await upstream.close();
      }
    },
  };
}
