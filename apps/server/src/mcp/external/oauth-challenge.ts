import type { McpTransport } from "@a2a-chat/contracts";
import { extractWWWAuthenticateParams } from "@modelcontextprotocol/sdk/client/auth.js";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { version } from "../../version.js";

/** What a server's refusal of a request without a token says about signing in. */
export interface OAuthChallenge {
  /** Where its protected-resource metadata is (RFC 9728 §5.1), when it says. */
  resourceMetadataUrl?: URL;
  /** The scopes it asks for (MCP scope selection: these come first). */
  scope?: string;
}

/**
 * Asks the server, without a token, as a client's first request would (an `initialize` over
 * streamable HTTP, the event stream over SSE), and reads its WWW-Authenticate: the
 * protected-resource metadata may be only there (a custom location), and so may the scopes.
 * A server that answers, or cannot be reached, gives no challenge (discovery then goes on by
 * the well-known locations).
 */
export async function challengeOf(
  url: string,
  transport: McpTransport,
  fetchFn: typeof fetch,
): Promise<OAuthChallenge> {
  const init: RequestInit =
    transport === "sse"
      ? { method: "GET", headers: { accept: "text/event-stream" } }
      : {
          method: "POST",
          headers: {
            accept: "application/json, text/event-stream",
            "content-type": "application/json",
          },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 0,
            method: "initialize",
            params: {
              protocolVersion: LATEST_PROTOCOL_VERSION,
              capabilities: {},
              clientInfo: { name: "a2a-chat-proxy", version },
            },
          }),
        };
  let response: Response;
  try {
    response = await fetchFn(url, init);
  } catch {
    return {};
  }
  await response.body?.cancel().catch(() => undefined);
  // A server that took the request without a token opened a session: it is ended.
  const session = response.headers.get("mcp-session-id");
  if (session)
    await fetchFn(url, { method: "DELETE", headers: { "mcp-session-id": session } })
      .then((ended) => ended.body?.cancel())
      .catch(() => undefined);
  if (response.status !== 401 && response.status !== 403) return {};
  const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(response);
  return {
    ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}),
    ...(scope ? { scope } : {}),
  };
}
