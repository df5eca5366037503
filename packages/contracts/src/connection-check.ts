import { z } from "zod";
import { addExternalAgentBodySchema } from "./external-agents.js";
import { addExternalMcpBodySchema } from "./external-mcp-servers.js";

/**
 * The steps of the connection doctor. Agents run them in this order; an MCP server checks auth
 * before the version (its protocol version is negotiated by the initialize that auth guards).
 */
export const connectionSteps = [
  "dns",
  "tcp",
  "tls",
  "discovery",
  "version",
  "auth",
  "call",
] as const;
/** The name of one step of the connection doctor. */
export type ConnectionStepName = (typeof connectionSteps)[number];

/** Names of the steps as the UI shows them. */
export const connectionStepLabels: Record<ConnectionStepName, string> = {
  dns: "DNS",
  tcp: "TCP",
  tls: "TLS",
  discovery: "Discovery",
  version: "Protocol version",
  auth: "Auth",
  call: "Test call",
};

/** One step of a connection check: whether it passed, what it found, and what to do if not. */
export const connectionStepSchema = z.object({
  step: z.enum(connectionSteps),
  ok: z.boolean(),
  detail: z.string(),
  /** A failed step's advice: what to change so that it passes. */
  advice: z.string().optional(),
});
/** One step of a connection check. */
export type ConnectionStep = z.infer<typeof connectionStepSchema>;

/** Answer of POST …/{id}/check and …/check: every step, those after a failure not tried. */
export const connectionCheckSchema = z.object({
  ok: z.boolean(),
  steps: z.array(connectionStepSchema),
});
/** Answer of a connection check. */
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>;

/** Body of POST /api/v1/agents/external/check: the add form's fields, checked before adding. */
export const checkExternalAgentBodySchema = addExternalAgentBodySchema;

/** Body of POST /api/v1/mcp/external/check: the add form's fields (the name may still be empty). */
export const checkExternalMcpBodySchema = addExternalMcpBodySchema.partial({ name: true });
/** Body of checking an MCP server before adding it. */
export type CheckExternalMcpBody = z.input<typeof checkExternalMcpBodySchema>;
