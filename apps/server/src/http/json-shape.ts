/** Bounds of a JSON text's shape, checked before it is parsed. */
export interface JsonShapeLimits {
  /** Deepest nesting of arrays and objects allowed (the body itself is level 1 when a container). */
  maxDepth: number;
  /** Most values allowed: the body itself plus every array element and object member. */
  maxValues: number;
}

/** Which bound a JSON text broke, if any. */
export type JsonShapeProblem = "too_deep" | "too_many_values" | undefined;

const quote = 0x22;
const backslash = 0x5c;
const openArray = 0x5b;
const closeArray = 0x5d;
const openObject = 0x7b;
const closeObject = 0x7d;
const comma = 0x2c;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/**
 * One pass over the text, counting nesting and values outside strings, so a body that would cost
 * JSON.parse (and everything after it) far more than its size suggests is refused in linear time:
 * V8 parses a 1 MiB body of nested arrays in about 0.2 s, and one of many short keys in 0.1 s.
 * Malformed text is left for JSON.parse to refuse; only the shape is judged here.
 */
export function jsonShapeProblem(text: string, limits: JsonShapeLimits): JsonShapeProblem {
  let depth = 0;
  let values = 1;
  let inString = false;
  // Just after an opening bracket: the next significant character says if the container is empty.
  let opened = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === backslash) i += 1;
      else if (code === quote) inString = false;
      continue;
    }
    if (isSpace(code)) continue;
    if (opened) {
      opened = false;
      if (code !== closeArray && code !== closeObject) values += 1;
    }
    if (code === quote) inString = true;
    else if (code === openArray || code === openObject) {
      depth += 1;
      if (depth > limits.maxDepth) return "too_deep";
      opened = true;
    } else if (code === closeArray || code === closeObject) depth -= 1;
    else if (code === comma) values += 1;
    if (values > limits.maxValues) return "too_many_values";
  }
  return undefined;
}
