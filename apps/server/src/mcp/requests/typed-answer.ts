import type { ElicitationAnswer } from "@a2a-chat/contracts";

/** A typed answer as the server's form takes it, or why it cannot. */
export type TypedAnswer = { ok: true; answer: ElicitationAnswer } | { ok: false; reason: string };

type Value = string | number | boolean | string[];

interface Field {
  type?: string;
  title?: string;
  default?: unknown;
  enum?: unknown[];
  oneOf?: { const?: unknown; title?: string }[];
  items?: { enum?: unknown[]; anyOf?: { const?: unknown; title?: string }[] };
  minLength?: number;
  maxLength?: number;
}

interface FormSchema {
  properties?: Record<string, Field>;
  required?: string[];
}

const declineWords = new Set(["decline", "declined", "refuse", "no thanks"]);
const cancelWords = new Set(["cancel", "cancelled", "canceled"]);
const yesWords = new Set(["yes", "y", "true", "ok", "sure", "confirm"]);
const noWords = new Set(["no", "n", "false"]);

const labelOf = (name: string, field: Field) => field.title ?? name;

function isValue(value: unknown): value is Value {
  return (
    typeof value === "string" ||
    (typeof value === "number" && Number.isFinite(value)) ||
    typeof value === "boolean" ||
    (Array.isArray(value) && value.every((item) => typeof item === "string"))
  );
}

/** The choices of a single-select field (enum, or oneOf with const and title). */
function choicesOf(field: Field): { value: string; title: string }[] | undefined {
  if (field.oneOf) {
    return field.oneOf
      .filter((option) => typeof option.const === "string")
      .map((option) => ({
        value: String(option.const),
        title: option.title ?? String(option.const),
      }));
  }
  if (field.enum)
    return field.enum.map((value) => ({ value: String(value), title: String(value) }));
  return undefined;
}

function pick(choices: { value: string; title: string }[], text: string): string | undefined {
  const wanted = text.trim().toLowerCase();
  return choices.find(
    (choice) => choice.value.toLowerCase() === wanted || choice.title.toLowerCase() === wanted,
  )?.value;
}

/** The text as the field's value, or why it is not one. */
function convert(name: string, field: Field, text: string): Value | { reason: string } {
  const label = labelOf(name, field);
  const word = text.trim().toLowerCase();
  switch (field.type) {
    case "boolean":
      if (yesWords.has(word)) return true;
      if (noWords.has(word)) return false;
      return { reason: `${label} is a yes or no` };
    case "number":
    case "integer": {
      const number = Number(text.trim());
      if (text.trim() === "" || !Number.isFinite(number)) return { reason: `${label} is a number` };
      if (field.type === "integer" && !Number.isInteger(number))
        return { reason: `${label} is a whole number` };
      return number;
    }
    case "array": {
      const options = field.items?.anyOf
        ?.filter((option) => typeof option.const === "string")
        .map((option) => ({ value: String(option.const), title: option.title ?? "" }));
      const choices =
        options ?? field.items?.enum?.map((value) => ({ value: String(value), title: "" }));
      const items = text
        .split(",")
        .map((item) => item.trim())
        .filter((item) => item !== "");
      if (!choices) return items;
      const picked = items.map((item) => pick(choices, item));
      if (picked.some((item) => item === undefined))
        return { reason: `${label} takes ${choices.map((c) => c.value).join(", ")}` };
      return picked as string[];
    }
    default: {
      const choices = choicesOf(field);
      if (choices) {
        const chosen = pick(choices, text);
        if (chosen === undefined)
          return { reason: `${label} is one of ${choices.map((c) => c.title).join(", ")}` };
        return chosen;
      }
      const value = text.trim();
      if (field.minLength !== undefined && value.length < field.minLength)
        return { reason: `${label} needs at least ${field.minLength} characters` };
      if (field.maxLength !== undefined && value.length > field.maxLength)
        return { reason: `${label} takes at most ${field.maxLength} characters` };
      return value;
    }
  }
}

/**
 * The field a typed answer fills: the form's only field, else its first required field without
 * a default, else its first text field.
 */
function targetOf(schema: FormSchema): [string, Field] | undefined {
  const fields = Object.entries(schema.properties ?? {});
  if (fields.length === 1) return fields[0];
  const required = new Set(schema.required ?? []);
  return (
    fields.find(([name, field]) => required.has(name) && field.default === undefined) ??
    fields.find(([, field]) => (field.type ?? "string") === "string" && !field.enum)
  );
}

/**
 * A plain answer typed in the conversation, read as an answer to a server's form (elicitation):
 * "decline" or "cancel" say so; a JSON object gives the fields; any other text fills one field
 * (see targetOf), the other fields keeping their defaults, as the form would show them.
 */
export function answerFromText(text: string, requestedSchema: unknown): TypedAnswer {
  const schema = (requestedSchema ?? {}) as FormSchema;
  const word = text.trim().toLowerCase();
  const target = targetOf(schema);
  if (cancelWords.has(word)) return { ok: true, answer: { action: "cancel" } };
  if (declineWords.has(word) || (noWords.has(word) && target?.[1].type !== "boolean"))
    return { ok: true, answer: { action: "decline" } };
  // A form without fields (a confirmation) takes a yes.
  if (Object.keys(schema.properties ?? {}).length === 0 && yesWords.has(word))
    return { ok: true, answer: { action: "accept", content: {} } };
  const content: Record<string, Value> = {};
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    if (isValue(field.default)) content[name] = field.default;
  }
  const typed = parseObject(text);
  if (typed) {
    for (const [name, value] of Object.entries(typed)) {
      if (!isValue(value)) return { ok: false, reason: `${name} is not a value a form takes` };
      content[name] = value;
    }
  } else {
    if (!target) return { ok: false, reason: "it has no field to type into" };
    const [name, field] = target;
    const value = convert(name, field, text);
    if (typeof value === "object" && !Array.isArray(value))
      return { ok: false, reason: value.reason };
    content[name] = value;
  }
  const missing = (schema.required ?? []).filter((name) => content[name] === undefined);
  if (missing.length > 0) {
    const labels = missing.map((name) => labelOf(name, schema.properties?.[name] ?? {}));
    return { ok: false, reason: `it also needs ${labels.join(", ")}` };
  }
  return { ok: true, answer: { action: "accept", content } };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return undefined;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
