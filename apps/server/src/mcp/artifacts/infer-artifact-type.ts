function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isArrayOfObjects(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.every(isRecord);
}

/**
 * The artifact type a tool result's value looks like, for tools that declare none. Checked most
 * specific first; anything unrecognised is json.
 */
export function inferArtifactType(value: unknown): string {
  if (typeof value === "string") return "markdown";
  if (isArrayOfObjects(value)) return "table";
  if (!isRecord(value)) return "json";
  if (isArrayOfObjects(value.items)) return "table";
  if (Array.isArray(value.labels) && Array.isArray(value.datasets)) return "chart";
  if (Array.isArray(value.fields)) return "form";
  if (typeof value.name === "string" && Array.isArray(value.children)) return "tree";
  if (
    Array.isArray(value.sections) &&
    value.sections.some((s) => isRecord(s) && "section_type" in s)
  ) {
    return "dashboard";
  }
  if (typeof value.title === "string" && Array.isArray(value.ctas)) return "presentation_card";
  if ("content" in value && typeof value.found === "boolean") return "knowledge_query";
  return "json";
}

/** The value as a data part's object: arrays become {items}, other non-objects {value}. */
export function asDataObject(value: unknown): Record<string, unknown> {
  if (Array.isArray(value)) return { items: value };
  if (isRecord(value)) return value;
  return { value };
}
