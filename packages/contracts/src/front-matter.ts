import { parse as parseYaml } from "yaml";
import { z } from "zod";

/** Fields every documentation page must carry in strict mode (tools spec §3). */
export const requiredFrontMatterFields = ["title", "description", "author", "date"] as const;

const text = z.string().trim().min(1);

/** `2024-04-04` (YAML keeps unquoted dates as text with the core schema used here). */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2024-04-04")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "is not a real date");

/** Keywords as a YAML list or one comma-separated line. */
const keywords = z
  .union([z.array(text), z.string()])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(","))
      .map((word) => word.trim())
      .filter((word) => word !== ""),
  );

/** A route below the site root: lower-case words separated by hyphens and slashes. */
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:[-/][a-z0-9]+)*$/, "must be lower-case words joined by - and /");

/** Front matter of a markdown page; title, description, author and date are required in strict mode. */
export const frontMatterSchema = z.object({
  title: text,
  description: text,
  author: text,
  date: isoDate,
  keywords: keywords.optional(),
  /** Social-card image: a path on this site or an absolute URL. */
  image: text.optional(),
  /** Route of the page; derived from the file's path when absent. */
  slug: slug.optional(),
  /** Content key (analytics content_id); derived from the slug when absent. */
  key: slug.optional(),
  icon: text.optional(),
  url: text.optional(),
  type: text.optional(),
});

/** Validated front matter of one page. */
export type FrontMatter = z.infer<typeof frontMatterSchema>;

/** A front-matter problem; the message names the file and the field. */
export class FrontMatterError extends Error {
  override name = "FrontMatterError";
}

/** The YAML text between the opening and closing `---` lines, and the markdown after them. */
export function splitFrontMatter(source: string): { yaml: string | null; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!match) return { yaml: null, body: source };
  return { yaml: match[1] ?? "", body: source.slice(match[0].length) };
}

function parseMapping(yaml: string, file: string): Record<string, unknown> {
  let value: unknown;
  try {
    // YAML 1.2 core schema: plain data only, no custom tags, nothing is evaluated.
    value = parseYaml(yaml, { schema: "core", prettyErrors: false, logLevel: "error" });
  } catch (error) {
    throw new FrontMatterError(
      `${file}: front matter is not valid YAML: ${(error as Error).message}`,
    );
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new FrontMatterError(`${file}: front matter must be a mapping of fields`);
  }
  return value as Record<string, unknown>;
}

/**
 * Reads a markdown file's front matter strictly (the website build): throws a FrontMatterError
 * naming the file and the first missing or invalid field.
 */
export function readFrontMatter(source: string, file: string): { meta: FrontMatter; body: string } {
  const { yaml, body } = splitFrontMatter(source);
  if (yaml === null) {
    throw new FrontMatterError(
      `${file}: no front matter; start the file with a --- block giving ${requiredFrontMatterFields.join(", ")}`,
    );
  }
  const fields = parseMapping(yaml, file);
  for (const field of requiredFrontMatterFields) {
    const value = fields[field];
    if (value === undefined || value === null || (typeof value === "string" && !value.trim())) {
      throw new FrontMatterError(`${file}: front matter is missing the required field "${field}"`);
    }
  }
  const parsed = frontMatterSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") || "(front matter)";
    throw new FrontMatterError(
      `${file}: front-matter field "${field}" ${issue?.message ?? "is invalid"}`,
    );
  }
  return { meta: parsed.data, body };
}

/** Lenient reading for tools that only need a title: never throws. */
export function readFrontMatterLoosely(source: string): {
  fields: Record<string, unknown>;
  body: string;
} {
  const { yaml, body } = splitFrontMatter(source);
  if (yaml === null) return { fields: {}, body };
  try {
    return { fields: parseMapping(yaml, ""), body };
  } catch {
    return { fields: {}, body };
  }
}
