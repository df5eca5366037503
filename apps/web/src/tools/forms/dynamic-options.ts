import type { OptionsFromTool } from "@a2a-chat/contracts";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { CallToolOptions } from "../../api/mcp-tool-call.js";
import { newTraceId } from "../../lib/trace-id.js";
import type { FieldOption } from "./field-model.js";
import { isPlainObject } from "./json-schema.js";

/** Tools spec §9: how long an options tool may take. */
export const dynamicOptionsTimeoutMs = 30_000;

/** Tools spec §5, §8: the texts of a field whose options come from a tool. */
export const dynamicOptionsTexts = {
  loading: "Loading options...",
  failed: "Failed to load options",
  empty: "No options available",
} as const;

/** The `action` sent to an options tool. */
export const optionsAction = "list_options";

function parsedText(result: CallToolResult): unknown {
  for (const block of result.content ?? []) {
    if (block.type !== "text") continue;
    try {
      return JSON.parse(block.text);
    } catch {
      // Not JSON: not an options list.
    }
  }
  return undefined;
}

/**
 * The options in an options tool's result: `{options: [...]}` (structured, or as JSON text) or
 * a bare list, each item read through the field names the schema gives (value, label).
 */
export function readOptions(result: CallToolResult, source: OptionsFromTool): FieldOption[] {
  const body = result.structuredContent ?? parsedText(result);
  const list = Array.isArray(body) ? body : isPlainObject(body) ? body.options : undefined;
  if (!Array.isArray(list)) throw new Error("The options tool returned no options list");
  return list.flatMap((item): FieldOption[] => {
    if (typeof item === "string") return [{ key: item, label: item, value: item }];
    if (!isPlainObject(item)) return [];
    const value = item[source.value_field];
    if (typeof value !== "string" && typeof value !== "number") return [];
    const label = item[source.label_field];
    return [
      {
        key: String(value),
        value: String(value),
        label: typeof label === "string" ? label : String(value),
      },
    ];
  });
}

/** What loading options needs: the server's endpoint and a way to call a tool there. */
export interface OptionsRequest {
  source: OptionsFromTool;
  endpoint: string;
  token: string | null;
  filter?: string;
  callTool: (options: CallToolOptions) => Promise<CallToolResult>;
  signal?: AbortSignal;
}

/**
 * Calls a field's options tool (tools spec §7) with action, filter and a fresh uuid, within
 * 30 s. It is sent without the conversation: looking up options leaves nothing in the chat.
 */
export async function loadOptions(request: OptionsRequest): Promise<FieldOption[]> {
  const timeout = AbortSignal.timeout(dynamicOptionsTimeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const result = await request.callTool({
    endpoint: request.endpoint,
    toolName: request.source.tool,
    args: { action: optionsAction, filter: request.filter ?? "", uuid: newTraceId() },
    token: request.token,
    signal,
    timeoutMs: dynamicOptionsTimeoutMs,
  });
  return readOptions(result, request.source);
}
