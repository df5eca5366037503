import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  CreateMessageResultSchema,
  ElicitResultSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type ServerNotification,
  type ServerRequest,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { ServerLog } from "../../server-features.js";
import { redPixelPng, silentWav } from "./fixture-media.js";

/** How long a fixture tool waits for the client's answer to its sampling or elicitation request. */
export const fixtureAskTimeoutMs = 5_000;

const noArguments = { type: "object" as const, properties: {} };

const tools: Tool[] = [
  { name: "test_simple_text", description: "Returns a simple text", inputSchema: noArguments },
  { name: "test_image_content", description: "Returns a 1×1 PNG image", inputSchema: noArguments },
  { name: "test_audio_content", description: "Returns a short WAV clip", inputSchema: noArguments },
  {
    name: "test_embedded_resource",
    description: "Returns an embedded text resource",
    inputSchema: noArguments,
  },
  {
    name: "test_multiple_content_types",
    description: "Returns text, an image and an embedded resource",
    inputSchema: noArguments,
  },
  {
    name: "test_tool_with_logging",
    description: "Sends three log messages while it runs",
    inputSchema: noArguments,
  },
  {
    name: "test_error_handling",
    description: "Always answers with an error result",
    inputSchema: noArguments,
  },
  {
    name: "test_tool_with_progress",
    description: "Reports progress three times",
    inputSchema: noArguments,
  },
  {
    name: "test_reconnection",
    description: "Answers at once (this stateless server keeps no stream to resume)",
    inputSchema: noArguments,
  },
  {
    name: "test_sampling",
    description: "Asks the client for a sampling completion",
    inputSchema: {
      type: "object",
      properties: { prompt: { type: "string" } },
      required: ["prompt"],
    },
  },
  {
    name: "test_elicitation",
    description: "Asks the user for a username and email",
    inputSchema: {
      type: "object",
      properties: { message: { type: "string" } },
      required: ["message"],
    },
  },
  {
    name: "test_elicitation_sep1034_defaults",
    description: "Asks the user with a form whose fields have defaults",
    inputSchema: noArguments,
  },
  {
    name: "test_elicitation_sep1330_enums",
    description: "Asks the user with every enum form field",
    inputSchema: noArguments,
  },
  {
    name: "json_schema_2020_12_tool",
    description: "Tool with JSON Schema 2020-12 features",
    inputSchema: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      $defs: {
        address: {
          type: "object",
          properties: { street: { type: "string" }, city: { type: "string" } },
        },
      },
      properties: { name: { type: "string" }, address: { $ref: "#/$defs/address" } },
      additionalProperties: false,
    },
  },
];

const defaultsSchema = {
  type: "object" as const,
  properties: {
    name: { type: "string" as const, default: "John Doe" },
    age: { type: "integer" as const, default: 30 },
    score: { type: "number" as const, default: 95.5 },
    status: { type: "string" as const, enum: ["active", "inactive", "pending"], default: "active" },
    verified: { type: "boolean" as const, default: true },
  },
};

const enumsSchema = {
  type: "object" as const,
  properties: {
    untitledSingle: { type: "string", enum: ["option1", "option2", "option3"] },
    titledSingle: {
      type: "string",
      oneOf: [
        { const: "value1", title: "First Option" },
        { const: "value2", title: "Second Option" },
        { const: "value3", title: "Third Option" },
      ],
    },
    legacyEnum: {
      type: "string",
      enum: ["opt1", "opt2", "opt3"],
      enumNames: ["Option One", "Option Two", "Option Three"],
    },
    untitledMulti: {
      type: "array",
      items: { type: "string", enum: ["option1", "option2", "option3"] },
    },
    titledMulti: {
      type: "array",
      items: {
        anyOf: [
          { const: "value1", title: "First Choice" },
          { const: "value2", title: "Second Choice" },
          { const: "value3", title: "Third Choice" },
        ],
      },
    },
  },
};

const text = (value: string): CallToolResult => ({ content: [{ type: "text", text: value }] });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Extra {
  signal: AbortSignal;
  _meta?: { progressToken?: string | number };
  sendNotification(notification: ServerNotification): Promise<void>;
  sendRequest: (...args: never[]) => Promise<unknown>;
}

type Ask = (request: ServerRequest, kind: "sampling" | "elicitation") => Promise<CallToolResult>;

async function call(
  name: string,
  args: Record<string, unknown>,
  extra: Extra,
  log: ServerLog,
  ask: Ask,
) {
  switch (name) {
    case "test_simple_text":
      return text("This is a simple text response for testing.");
    case "test_image_content":
      return { content: [{ type: "image", data: redPixelPng, mimeType: "image/png" }] };
    case "test_audio_content":
      return { content: [{ type: "audio", data: silentWav(), mimeType: "audio/wav" }] };
    case "test_embedded_resource":
      return {
        content: [
          {
            type: "resource",
            resource: {
              uri: "test://embedded-resource",
              mimeType: "text/plain",
              text: "This is an embedded resource content.",
            },
          },
        ],
      };
    case "test_multiple_content_types":
      return {
        content: [
          { type: "text", text: "Multiple content types test:" },
          { type: "image", data: redPixelPng, mimeType: "image/png" },
          {
            type: "resource",
            resource: {
              uri: "test://mixed-content-resource",
              mimeType: "application/json",
              text: JSON.stringify({ test: "data", value: 123 }),
            },
          },
        ],
      };
    case "test_tool_with_logging":
      for (const line of [
        "Tool execution started",
        "Tool processing data",
        "Tool execution completed",
      ]) {
        await log.send(extra, "info", line);
        await pause(50);
      }
      return text("Tool with logging executed successfully");
    case "test_error_handling":
      return {
        isError: true,
        content: [{ type: "text", text: "This tool intentionally returns an error for testing" }],
      };
    case "test_tool_with_progress": {
      const token = extra._meta?.progressToken;
      for (const progress of [0, 50, 100]) {
        if (token !== undefined)
          await extra.sendNotification({
            method: "notifications/progress",
            params: { progressToken: token, progress, total: 100, message: `${progress}%` },
          });
        await pause(50);
      }
      return text("Tool with progress executed successfully");
    }
    case "test_reconnection":
      return text("Reconnection test completed");
    case "test_sampling":
      return ask(
        {
          method: "sampling/createMessage",
          params: {
            messages: [{ role: "user", content: { type: "text", text: String(args.prompt) } }],
            maxTokens: 100,
          },
        },
        "sampling",
      );
    case "test_elicitation":
      return ask(
        {
          method: "elicitation/create",
          params: {
            message: String(args.message),
            requestedSchema: {
              type: "object",
              properties: {
                username: { type: "string", description: "Your username" },
                email: { type: "string", description: "Your email address" },
              },
              required: ["username", "email"],
            },
          },
        },
        "elicitation",
      );
    case "test_elicitation_sep1034_defaults":
      return ask(
        {
          method: "elicitation/create",
          params: {
            message: "Please review and update the form fields with defaults",
            requestedSchema: defaultsSchema,
          },
        },
        "elicitation",
      );
    case "test_elicitation_sep1330_enums":
      return ask(
        {
          method: "elicitation/create",
          params: {
            message: "Please select options from the enum fields",
            requestedSchema: enumsSchema as never,
          },
        },
        "elicitation",
      );
    case "json_schema_2020_12_tool":
      return text(`Received: ${JSON.stringify(args)}`);
    default:
      return undefined;
  }
}

/**
 * The suite's fixture tools. Sampling and elicitation are asked on the call's own response
 * stream; the answer comes back as a new POST, which a stateless server (a fresh one per
 * request, as all of ours are) cannot match to the waiting call, so those calls end after
 * fixtureAskTimeoutMs with an error result saying so.
 */
export function registerFixtureTools(server: Server, log: ServerLog): void {
  server.registerCapabilities({ tools: {} });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const ask: Ask = async (asked, kind) => {
      const schema = kind === "sampling" ? CreateMessageResultSchema : ElicitResultSchema;
      try {
        const answer = await extra.sendRequest(asked as never, schema, {
          timeout: fixtureAskTimeoutMs,
        });
        if (kind === "sampling") return text(`LLM response: ${JSON.stringify(answer)}`);
        const { action, content } = answer as { action: string; content?: unknown };
        return text(
          `Elicitation completed: action=${action}, content=${JSON.stringify(content ?? {})}`,
        );
      } catch (error) {
        return {
          isError: true,
          content: [
            {
              type: "text",
              text: `The ${kind} request got no answer: ${(error as Error).message}`,
            },
          ],
        };
      }
    };
    const result = await call(
      request.params.name,
      request.params.arguments ?? {},
      extra as never,
      log,
      ask,
    );
    if (result) return result as CallToolResult;
    throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
  });
}
