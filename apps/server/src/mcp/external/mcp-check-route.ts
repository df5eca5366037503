import { checkExternalMcpBodySchema } from "@a2a-chat/contracts";
import type { Context } from "hono";
import type { AppEnv } from "../../http/env.js";
import { AppError } from "../../http/errors.js";
import { readBody } from "../../http/read-body.js";
import { checkConnection } from "../../net/connection-check.js";
import type { OutboundPolicy } from "../../net/guarded-fetch.js";
import { credentialHeaders, reservedHeaderOf } from "../../proxy/agent-credentials.js";
import { mcpProbe } from "./mcp-probe.js";
import { checkServerUrl } from "./server-url.js";

/**
 * POST /api/v1/mcp/external/check: the connection doctor for a server not added yet, with the
 * add form's URL, transport and credentials (nothing is stored). OAuth cannot sign in before the
 * server is added, so it is checked without tokens: the auth step then says what comes next.
 */
export function mcpCheckBeforeAdding(outbound: OutboundPolicy) {
  return async (c: Context<AppEnv>) => {
    const body = readBody(c, checkExternalMcpBodySchema);
    const checked = checkServerUrl(body.url, outbound.allowHosts);
    if ("error" in checked) throw new AppError("validation_failed", checked.error);
    const credentials = body.credentials ?? { kind: "none" as const };
    const reserved = credentials.kind === "oauth" ? undefined : reservedHeaderOf(credentials);
    if (reserved) throw new AppError("validation_failed", `Header ${reserved} cannot be set`);
    const server = {
      name: body.name ?? "checked",
      url: checked.url,
      transport: body.transport,
      headers: credentials.kind === "oauth" ? {} : credentialHeaders(credentials),
      timeoutMs: body.timeout_ms,
    };
    return c.json(await checkConnection(checked.url, outbound, mcpProbe(server, outbound)));
  };
}
