import { isRecord } from "../shared/artifact-data.js";

/** Core spec §2.4: a knowledge query artifact without data. */
export const noKnowledgeMessage = "No knowledge data available";

/** One document an answer came from. */
export interface KnowledgeSource {
  title: string;
  file?: string;
}

/** A knowledge query result (core spec §2.4: content, theme, found). */
export interface KnowledgeResult {
  content: string;
  theme: string;
  found: boolean;
  sources: KnowledgeSource[];
}

/** Reads a knowledge query result; null when there is no content to show. */
export function readKnowledge(data: unknown): KnowledgeResult | null {
  if (!isRecord(data) || typeof data.content !== "string" || data.content.trim() === "") {
    return null;
  }
  const sources = (Array.isArray(data.sources) ? data.sources : []).flatMap(
    (source): KnowledgeSource[] => {
      if (!isRecord(source)) return [];
      const file = typeof source.file === "string" ? source.file : undefined;
      const title = typeof source.title === "string" ? source.title : file;
      if (!title) return [];
      return [file && file !== title ? { title, file } : { title }];
    },
  );
  return {
    content: data.content,
    theme: typeof data.theme === "string" ? data.theme : "info",
    found: data.found !== false,
    sources,
  };
}

const themes: Record<string, string> = {
  info: "border-blue-500/40 bg-blue-500/5",
  success: "border-green-500/40 bg-green-500/5",
  warning: "border-yellow-500/40 bg-yellow-500/5",
  error: "border-red-500/40 bg-red-500/5",
};

/** Border and background classes of a result's theme; plain when unknown. */
export function knowledgeThemeClasses(theme: string): string {
  return themes[theme.toLowerCase()] ?? "border-border bg-surface";
}
