import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { neutraliseUrls } from "../mcp/artifacts/neutralise-urls.js";
import { resultFiles } from "../mcp/artifacts/tool-result-body.js";
import { executionIdMetaKey } from "../mcp/record-calls.js";
import type { FilePart, RunnerToolResult } from "./model-runner.js";

/**
 * The runner's view of a tool result: joined text, structured content, the execution id and its
 * files, named after the tool when they have no name of their own.
 */
export function toRunnerResult(result: CallToolResult, toolName?: string): RunnerToolResult {
  const text = (result.content ?? [])
    .flatMap((part) => (part.type === "text" ? [part.text] : []))
    .join("\n");
  const executionId = result._meta?.[executionIdMetaKey];
  // A third party's addresses (resource links) pass the same check as reported results'.
  const files = neutraliseUrls(resultFiles(result, toolName)).filter(
    (part): part is FilePart => part.kind === "file",
  );
  return {
    isError: result.isError === true,
    text: text || (result.structuredContent ? JSON.stringify(result.structuredContent) : ""),
    ...(result.structuredContent !== undefined ? { data: result.structuredContent } : {}),
    ...(typeof executionId === "string" ? { executionId } : {}),
    ...(files.length > 0 ? { files } : {}),
  };
}
