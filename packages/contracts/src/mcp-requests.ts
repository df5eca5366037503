import { z } from "zod";

/** What an MCP server asks the user for while one of its tools runs. */
export const mcpRequestKinds = ["elicitation", "sampling"] as const;
/** A kind of server-to-client request. */
export type McpRequestKind = (typeof mcpRequestKinds)[number];

/** Where a request stands: waiting for the user, or over (answered, timed out, the call gone). */
export const mcpRequestStatuses = ["pending", "answered", "expired", "cancelled"] as const;
/** A state of a server-to-client request. */
export type McpRequestStatus = (typeof mcpRequestStatuses)[number];

/** Seconds a request waits for the user by default (`mcp.askTimeoutSeconds`). */
export const defaultMcpAskTimeoutSeconds = 300;

/** A server's request as the user's browser sees it (data of `mcp_request_created`). */
export const mcpRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(mcpRequestKinds),
  /** The server's name as the Tools column shows it. */
  server_name: z.string(),
  /** The conversation and the agent's task the tool call belongs to, when known. */
  context_id: z.string().nullable(),
  task_id: z.string().nullable(),
  /** The request's params as the server sent them (elicitation/create or sampling/createMessage). */
  params: z.record(z.string(), z.unknown()),
  status: z.enum(mcpRequestStatuses),
  created_at: z.string(),
  expires_at: z.string(),
});
/** A server's request to the user. */
export type McpRequest = z.infer<typeof mcpRequestSchema>;

/** data of `mcp_request_ended`: the request is no longer waiting (close its dialog). */
export const mcpRequestEndedSchema = z.object({
  id: z.string(),
  status: z.enum(mcpRequestStatuses),
});

/** GET /api/v1/mcp/requests: the caller's requests still waiting, oldest first. */
export const mcpRequestListSchema = z.object({ data: z.array(mcpRequestSchema) });

const elicitValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

/** Body of POST /api/v1/mcp/requests/{id}/answer for an elicitation. */
export const elicitationAnswerSchema = z.object({
  action: z.enum(["accept", "decline", "cancel"]),
  content: z.record(z.string(), elicitValue).optional(),
});
/** The user's answer to an elicitation. */
export type ElicitationAnswer = z.infer<typeof elicitationAnswerSchema>;

const samplingMessage = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.object({ type: z.literal("text"), text: z.string() }),
});

/** Body of POST /api/v1/mcp/requests/{id}/answer for a sampling request (approve may edit). */
export const samplingAnswerSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("approve"),
    messages: z.array(samplingMessage).min(1).max(100).optional(),
    system_prompt: z.string().max(100_000).optional(),
    max_tokens: z.number().int().min(1).max(100_000).optional(),
  }),
  z.object({ action: z.literal("deny") }),
]);
/** The user's answer to a sampling request. */
export type SamplingAnswer = z.infer<typeof samplingAnswerSchema>;

/** The texts of server-to-client requests, shown to users and sent back to servers. */
export const mcpRequestMessages = {
  notFound: "MCP request not found",
  over: "This request is no longer waiting for an answer",
  timedOut: "Nobody answered in time",
  samplingDenied: "The user denied the sampling request",
  noModel: "This site has no language model configured, so it cannot answer sampling requests",
  modelFailed: (reason: string) => `The model failed: ${reason}`,
  onlyText: "Only text messages can be sampled here",
  inputRequired: (server: string, message: string) => `${server} asks: ${message}`,
  /** A typed answer that the server's form cannot take (reason: which field and why). */
  answerDoesNotFit: (server: string, reason: string) =>
    `This answer does not fit the form of ${server}: ${reason}. Answer in the form instead.`,
  /** An agent's call to a destructive tool waits for the user's yes (a form without fields). */
  confirmTool: (server: string, tool: string) =>
    `The server ${server} says ${tool} may delete or overwrite data. Let the agent run it?`,
  /** The task's question while it waits for that yes. */
  confirmToolStatus: (agentTool: string) =>
    `Allow ${agentTool} to run? It may delete or overwrite data.`,
  /** The tool's result the model gets when the user did not say yes. */
  toolRefused: (tool: string) => `The user did not allow ${tool} to run, so it did not run.`,
  /** A typed answer to a question that asks to open a link. */
  openLinkInDialog: (server: string) =>
    `${server} asks you to open a link: open it from its dialog, or type "decline".`,
} as const;

/**
 * Part-metadata key on the text of an agent task's input-required status when a tool call
 * asks the user (the question is an MCP request): `{id, server_name, mode, requested_schema?,
 * url?}`, so an A2A client can show the form and answer with a data part `{action, content}`.
 */
export const mcpRequestMetadataKey = "a2a_chat_mcp_request";
