/**
 * A 50-property tool schema with nested objects and conditionals: 30 top-level properties of
 * every widget type, two nested objects (10 and 6 properties, one with its own if/then), a
 * const-discriminated oneOf adding 2 more, a $ref'd definition and an if/then/else.
 */
export function benchSchema(): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const kinds = [
    { type: "string", minLength: 1, maxLength: 80 },
    { type: "integer", minimum: 0, maximum: 1000 },
    { type: "number", minimum: 0 },
    { type: "boolean" },
    { type: "string", enum: ["low", "medium", "high"] },
    { type: "string", format: "date" },
    { type: "string", maxLength: 500 },
    { type: "array", items: { type: "string", enum: ["a", "b", "c", "d"] } },
    { type: "array", items: { type: "string" }, maxItems: 5 },
    { type: "string", pattern: "^[a-z0-9-]+$" },
  ];
  for (let i = 0; i < 28; i += 1) {
    properties[`field_${String(i).padStart(2, "0")}`] = {
      ...kinds[i % kinds.length],
      description: `Field ${i}`,
    };
  }
  properties.mode = { type: "string", enum: ["simple", "advanced"], default: "simple" };
  properties.address = {
    type: "object",
    required: ["city"],
    properties: Object.fromEntries(
      ["street", "city", "zip", "country", "region", "line2", "note", "lat", "lng", "verified"].map(
        (name, i) => [
          name,
          i === 7 || i === 8
            ? { type: "number" }
            : i === 9
              ? { type: "boolean" }
              : { type: "string", maxLength: 60 },
        ],
      ),
    ),
  };
  properties.owner = { $ref: "#/$defs/Person" };
  return {
    type: "object",
    required: ["field_00", "field_01", "kind"],
    $defs: {
      Person: {
        type: "object",
        properties: {
          name: { type: "string" },
          email: { type: "string", format: "email" },
          role: { type: "string", enum: ["admin", "user"] },
          age: { type: "integer", minimum: 0 },
        },
        if: { properties: { role: { const: "admin" } } },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword.
        then: { properties: { admin_since: { type: "string", format: "date" } } },
      },
    },
    properties,
    oneOf: [
      { properties: { kind: { const: "file" }, path: { type: "string" } }, required: ["path"] },
      {
        properties: { kind: { const: "url" }, url: { type: "string", format: "uri" } },
        required: ["url"],
      },
    ],
    if: { properties: { mode: { const: "advanced" } } },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword.
    then: { properties: { threads: { type: "integer", minimum: 1, maximum: 64 } } },
    else: { properties: { preset: { type: "string", enum: ["fast", "small"] } } },
  };
}
