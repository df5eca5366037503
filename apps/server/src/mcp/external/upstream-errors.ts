import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { SseError } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { GuardedFetchError } from "../../net/guarded-fetch.js";
import { InvalidToolListError } from "./upstream-client.js";

/** Longest piece of a server's own error text kept in a message. */
const maxDetail = 200;

function clip(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > maxDetail ? `${line.slice(0, maxDetail)}…` : line;
}

/** A zod error (the SDK rejects a result of the wrong shape with one). */
function isSchemaError(
  error: unknown,
): error is { issues: { path: unknown[]; message: string }[] } {
  return (
    typeof error === "object" &&
    error !== null &&
    /ZodError/.test((error as { name?: unknown }).name?.toString() ?? "") &&
    Array.isArray((error as { issues?: unknown }).issues)
  );
}

/** What a schema error says, in one line: the first problems and where they are. */
function schemaReason(error: { issues: { path: unknown[]; message: string }[] }): string {
  return clip(
    error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join(".") || "result"}: ${issue.message}`)
      .join("; "),
  );
}

/** The kinds of failure talking to an upstream server, for the caller's message. */
export type UpstreamFailure = "invalid_list" | "timeout" | "server_error" | "sign_in" | "other";

/**
 * Why talking to an upstream server failed, in words for the user: the guarded fetch's reason
 * (refused address, DNS, connection), the HTTP status the server answered, a timeout, or a tool
 * list of the wrong shape. Never the server's whole body.
 */
export function upstreamReason(error: unknown): { kind: UpstreamFailure; reason: string } {
  if (error instanceof UnauthorizedError)
    return { kind: "sign_in", reason: "the server asks to sign in with OAuth" };
  if (error instanceof InvalidToolListError) return { kind: "invalid_list", reason: error.message };
  if (isSchemaError(error)) return { kind: "invalid_list", reason: schemaReason(error) };
  if (error instanceof GuardedFetchError)
    return { kind: error.reason === "timeout" ? "timeout" : "other", reason: error.message };
  if (error instanceof StreamableHTTPError || error instanceof SseError) {
    const code = error.code;
    return {
      kind: "other",
      reason: clip(code && code > 0 ? `HTTP ${code}: ${error.message}` : error.message),
    };
  }
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
    return { kind: "timeout", reason: "Request timed out" };
  if (error instanceof McpError)
    return { kind: "server_error", reason: clip(error.message.replace(/^MCP error -?\d+: /, "")) };
  const cause = error instanceof Error ? (error.cause as unknown) : undefined;
  if (cause instanceof GuardedFetchError) return upstreamReason(cause);
  // The SDK's OAuth client, given a page where an OAuth reply should be, quotes the whole page.
  const notOAuth = /^(?:HTTP (\d+): )?Invalid OAuth error response: .*Raw body: /s.exec(
    error instanceof Error ? error.message : "",
  );
  if (notOAuth)
    return {
      kind: "other",
      reason: `the server answered${notOAuth[1] ? ` HTTP ${notOAuth[1]}` : ""} without an OAuth reply (does it offer OAuth sign-in?)`,
    };
  return { kind: "other", reason: clip(error instanceof Error ? error.message : String(error)) };
}
