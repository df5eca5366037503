import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  type GetPromptResult,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type ReadResourceResult,
} from "@modelcontextprotocol/sdk/types.js";
import { redPixelPng } from "./fixture-media.js";

const staticText = "This is the content of the static text resource.";
const templatePattern = /^test:\/\/template\/([^/]+)\/data$/;

const resources = [
  { uri: "test://static-text", name: "Static text", mimeType: "text/plain" },
  { uri: "test://static-binary", name: "Static binary", mimeType: "image/png" },
  { uri: "test://watched-resource", name: "Watched resource", mimeType: "text/plain" },
];

function read(uri: string): ReadResourceResult {
  if (uri === "test://static-text")
    return { contents: [{ uri, mimeType: "text/plain", text: staticText }] };
  if (uri === "test://static-binary")
    return { contents: [{ uri, mimeType: "image/png", blob: redPixelPng }] };
  if (uri === "test://watched-resource")
    return { contents: [{ uri, mimeType: "text/plain", text: "Watched resource content" }] };
  const id = templatePattern.exec(uri)?.[1];
  if (id !== undefined) {
    const text = JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` });
    return { contents: [{ uri, mimeType: "application/json", text }] };
  }
  throw new McpError(-32002, `Resource not found: ${uri}`);
}

const prompts = [
  { name: "test_simple_prompt", description: "A simple prompt without arguments" },
  {
    name: "test_prompt_with_arguments",
    description: "A prompt with two required arguments",
    arguments: [
      { name: "arg1", description: "First test argument", required: true },
      { name: "arg2", description: "Second test argument", required: true },
    ],
  },
  {
    name: "test_prompt_with_embedded_resource",
    description: "A prompt that embeds a resource",
    arguments: [{ name: "resourceUri", description: "URI of the resource", required: true }],
  },
  { name: "test_prompt_with_image", description: "A prompt with an image" },
];

function prompt(name: string, args: Record<string, string>): GetPromptResult {
  const required = (key: string) => {
    const value = args[key];
    if (value === undefined)
      throw new McpError(ErrorCode.InvalidParams, `Missing required argument: ${key}`);
    return value;
  };
  switch (name) {
    case "test_simple_prompt":
      return {
        messages: [{ role: "user", content: { type: "text", text: "This is a simple prompt." } }],
      };
    case "test_prompt_with_arguments":
      return {
        messages: [
          {
            role: "user",
            content: {
              type: "text",
              text: `Prompt with arguments: arg1='${required("arg1")}', arg2='${required("arg2")}'`,
            },
          },
        ],
      };
    case "test_prompt_with_embedded_resource": {
      const uri = required("resourceUri");
      return {
        messages: [
          {
            role: "user",
            content: {
              type: "resource",
              resource: { uri, mimeType: "text/plain", text: "Embedded resource content" },
            },
          },
          { role: "user", content: { type: "text", text: "Please describe this resource." } },
        ],
      };
    }
    case "test_prompt_with_image":
      return {
        messages: [
          { role: "user", content: { type: "image", data: redPixelPng, mimeType: "image/png" } },
          { role: "user", content: { type: "text", text: "Please describe this image." } },
        ],
      };
    default:
      throw new McpError(ErrorCode.InvalidParams, `Prompt ${name} not found`);
  }
}

/** What the argument completions offer: values of the prompt's arguments starting with the typed text. */
const completions: Record<string, string[]> = {
  arg1: ["paris", "park", "party"],
  arg2: ["red", "green", "blue"],
};

/** The suite's fixture resources (static text and binary, a watched one, a template) and prompts. */
export function registerFixtureContent(server: Server): void {
  server.registerCapabilities({ resources: {}, prompts: {}, completions: {} });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: "test://template/{id}/data",
        name: "Template data",
        mimeType: "application/json",
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => read(request.params.uri));
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts }));
  server.setRequestHandler(GetPromptRequestSchema, (request) =>
    prompt(request.params.name, request.params.arguments ?? {}),
  );
  server.setRequestHandler(CompleteRequestSchema, (request) => {
    const { ref, argument } = request.params;
    if (ref.type === "ref/prompt" && ref.name !== "test_prompt_with_arguments")
      throw new McpError(ErrorCode.InvalidParams, `Prompt ${ref.name} not found`);
    const values = (completions[argument.name] ?? []).filter((value) =>
      value.startsWith(argument.value.toLowerCase()),
    );
    return { completion: { values, total: values.length, hasMore: false } };
  });
}
