import type { Artifact } from "@a2a-chat/contracts";
import { firstDataPart, firstTextPart, renderingHints } from "../shared/artifact-data.js";

/** Core spec §5: neither a code data part nor a text part. */
export const noCodeDataMessage = "No code data found";
/** Core spec §2.4: the code is empty. */
export const emptyCodeMessage = "No code available";

/** The code an artifact carries and how to show it. */
export interface CodeContent {
  code: string;
  language: string;
  lineNumbers: boolean;
  filename?: string;
  description?: string;
}

const aliases: Record<string, string> = {
  ts: "typescript",
  mts: "typescript",
  cts: "typescript",
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  py: "python",
  sh: "shellscript",
  shell: "shellscript",
  bash: "shellscript",
  zsh: "shellscript",
  yml: "yaml",
  md: "markdown",
  rb: "ruby",
  cs: "csharp",
  "c#": "csharp",
  kt: "kotlin",
  docker: "dockerfile",
  golang: "go",
  rs: "rust",
};

/** A language name in the highlighter's terms: lowercase, common aliases resolved. */
export function normalizeLanguage(language: string): string {
  const key = language.trim().toLowerCase();
  return aliases[key] ?? key;
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

/**
 * The code of a code artifact: a data part's `code`, else the first text part (core spec §5).
 * The language comes from the hints, then the data; line numbers show unless the hints say false.
 */
export function readCode(artifact: Artifact): CodeContent | { error: string } {
  const hints = renderingHints(artifact);
  const data = firstDataPart(artifact);
  const fromData = typeof data?.code === "string" ? data.code : undefined;
  const code = fromData ?? firstTextPart(artifact);
  if (code === undefined) return { error: noCodeDataMessage };
  const content: CodeContent = {
    code,
    language: text(hints.language) ?? text(data?.language) ?? "text",
    lineNumbers: hints.line_numbers !== false,
  };
  const filename = text(data?.filename);
  if (filename) content.filename = filename;
  const description = text(data?.description);
  if (description) content.description = description;
  return content;
}

/** The lines of code; a final newline does not make an extra empty line. */
export function codeLines(code: string): string[] {
  const lines = code.replace(/\r\n?/g, "\n").split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}
