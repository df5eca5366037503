import type { Artifact } from "@a2a-chat/contracts";
import { firstDataPart, firstTextPart } from "../shared/artifact-data.js";

/** The markdown of an artifact: its text part, else the data's content, markdown or text. */
export function readMarkdown(artifact: Artifact): string | undefined {
  const text = firstTextPart(artifact);
  if (text !== undefined) return text;
  const data = firstDataPart(artifact);
  for (const key of ["content", "markdown", "text"]) {
    const value = data?.[key];
    if (typeof value === "string") return value;
  }
  return undefined;
}
