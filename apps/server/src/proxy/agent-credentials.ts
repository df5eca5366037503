import { type AgentCredentials, agentCredentialsSchema } from "@a2a-chat/contracts";
import type { SecretBox } from "./secret-box.js";

/** Header names credentials may not set: they belong to the HTTP exchange itself. */
const reservedHeaders = new Set([
  "host",
  "content-length",
  "content-type",
  "transfer-encoding",
  "connection",
  "a2a-version",
  "accept",
  "mcp-session-id",
  "mcp-protocol-version",
  "last-event-id",
]);

/** The reserved header a credential tries to set, if any. */
export function reservedHeaderOf(credentials: AgentCredentials): string | undefined {
  const names =
    credentials.kind === "api_key"
      ? [credentials.header]
      : credentials.kind === "headers"
        ? Object.keys(credentials.headers)
        : [];
  return names.find((name) => reservedHeaders.has(name.toLowerCase()));
}

/** The headers the server sends the agent for its credentials. */
export function credentialHeaders(credentials: AgentCredentials): Record<string, string> {
  switch (credentials.kind) {
    case "none":
      return {};
    case "bearer":
      return { authorization: `Bearer ${credentials.token}` };
    case "api_key":
      return { [credentials.header.toLowerCase()]: credentials.value };
    case "headers":
      return Object.fromEntries(
        Object.entries(credentials.headers).map(([name, value]) => [name.toLowerCase(), value]),
      );
  }
}

/** The stored credentials of an agent row, decrypted; none when the row has none. */
export function openCredentials(
  sealed: string | null,
  boundTo: string,
  box: SecretBox | undefined,
): AgentCredentials {
  if (sealed === null) return { kind: "none" };
  if (!box) throw new Error("agent credentials are stored but OUTBOUND_CREDENTIALS_KEY is not set");
  return agentCredentialsSchema.parse(JSON.parse(box.open(sealed, boundTo)));
}
