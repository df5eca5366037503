import { describe, expect, it } from "vitest";
import { compileForm } from "./compile-form.js";
import type { FieldModel, ObjectModel, RawValues } from "./field-model.js";
import { initialValues, readForm, submitForm, visibleFields } from "./form-state.js";

function compiled(schema: unknown): ObjectModel {
  const model = compileForm(schema);
  if (!model.ok) throw new Error(model.error);
  return model.root;
}

function only(schema: Record<string, unknown>): FieldModel {
  const [field] = compiled({ type: "object", properties: { value: schema } }).fields;
  if (!field) throw new Error("no field");
  return field;
}

const shown = (model: ObjectModel, raw: RawValues = {}) =>
  visibleFields(model, { ...initialValues(model), ...raw }).map((field) => field.name);

/** if/then/else keywords (a `then` key written out would read as a thenable to linters). */
function ifThenElse(test: unknown, whenTrue: unknown, whenFalse?: unknown) {
  return Object.fromEntries([
    ["if", test],
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword.
    ["then", whenTrue],
    ...(whenFalse === undefined ? [] : [["else", whenFalse]]),
  ]);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

describe("compileForm: widgets by type and keyword", () => {
  it.each([
    ["plain string", { type: "string" }, "text"],
    ["string with maxLength 100", { type: "string", maxLength: 100 }, "text"],
    ["string with maxLength > 100", { type: "string", maxLength: 101 }, "textarea"],
    ["enum", { type: "string", enum: ["a", "b"] }, "select"],
    [
      "const-only oneOf with titles",
      { oneOf: [{ const: "a", title: "A" }, { const: "b" }] },
      "select",
    ],
    ["date", { type: "string", format: "date" }, "date"],
    ["date-time", { type: "string", format: "date-time" }, "datetime"],
    ["number", { type: "number" }, "number"],
    ["integer", { type: "integer", minimum: 1 }, "number"],
    ["type list, first non-null", { type: ["null", "integer"] }, "number"],
    ["no type", {}, "text"],
    ["boolean", { type: "boolean" }, "checkbox"],
    ["object with properties", { type: "object", properties: { a: { type: "string" } } }, "object"],
    [
      "object without properties (a map)",
      { type: "object", additionalProperties: { type: "string" } },
      "json",
    ],
    ["array of enums", { type: "array", items: { enum: ["x", "y"] } }, "multiselect"],
    ["array of strings", { type: "array", items: { type: "string" } }, "list"],
    ["array of objects", { type: "array", items: { type: "object", properties: {} } }, "json"],
    ["array without items", { type: "array" }, "json"],
    ["null", { type: "null" }, "json"],
    [
      "dynamic options",
      { type: "string", "x-options-from-tool": { tool: "list_regions" } },
      "dynamic",
    ],
  ])("%s → %s", (_name, schema, kind) => {
    expect(only(schema).kind).toBe(kind);
  });

  it("labels from title, else snake_case (and camelCase) in Title Case; description is help text", () => {
    const fields = compiled({
      type: "object",
      properties: {
        min_amount: { type: "number", description: "Smallest total" },
        includeImage: { type: "boolean" },
        x: { type: "string", title: "Custom title" },
      },
    }).fields;
    expect(fields.map((f) => f.label)).toEqual(["Min Amount", "Include Image", "Custom title"]);
    expect(fields[0]?.description).toBe("Smallest total");
  });

  it("nested objects get dotted names, at any depth", () => {
    const model = compiled({
      type: "object",
      properties: {
        address: {
          type: "object",
          required: ["city"],
          properties: {
            city: { type: "string" },
            geo: { type: "object", properties: { lat: { type: "number" } } },
          },
        },
      },
    });
    const address = model.fields[0]?.object;
    expect(address?.fields.map((f) => f.name)).toEqual(["address.city", "address.geo"]);
    expect(address?.fields[1]?.object?.fields[0]?.name).toBe("address.geo.lat");
    const { args, errors } = readForm(model, { "address.geo.lat": "1.5" });
    expect(errors).toEqual({ "address.city": "This field is required" });
    expect(args).toEqual({ address: { geo: { lat: 1.5 } } });
  });

  it("orders discriminator first, then required, then alphabetical", () => {
    const model = compiled({
      type: "object",
      required: ["zeta", "beta"],
      properties: { gamma: {}, zeta: {}, alpha: {}, beta: {}, kind: {} },
      oneOf: [{ properties: { kind: { const: "a" } } }, { properties: { kind: { const: "b" } } }],
    });
    expect(shown(model)).toEqual(["kind", "beta", "zeta", "alpha", "gamma"]);
  });
});

describe("compileForm: defaults (tools spec §3)", () => {
  it("starts each widget at the derived default", () => {
    const model = compiled({
      type: "object",
      properties: {
        explicit: { type: "string", enum: ["a", "b"], default: "b" },
        first_enum: { type: "string", enum: ["x", "y"] },
        minimum: { type: "integer", minimum: 5 },
        flag: { type: "boolean" },
        flag_on: { type: "boolean", default: true },
        tags: { type: "array", items: { type: "string" } },
        tags_default: { type: "array", items: { type: "string" }, default: ["a", "b"] },
        colours: { type: "array", items: { enum: ["r", "g"] }, default: ["g"] },
        nested: {
          type: "object",
          properties: { n: { type: "number", default: 2 }, m: { type: "string" } },
        },
        when: { type: "string", format: "date", default: "2024-05-01" },
      },
    });
    expect(initialValues(model)).toEqual({
      explicit: "b",
      first_enum: "x",
      minimum: "5",
      flag_on: true,
      tags_default: "a\nb",
      colours: ["g"],
      "nested.n": "2",
      when: "2024-05-01",
    });
    expect(readForm(model, initialValues(model)).args).toEqual({
      explicit: "b",
      first_enum: "x",
      minimum: 5,
      flag_on: true,
      tags_default: ["a", "b"],
      colours: ["g"],
      nested: { n: 2 },
      when: "2024-05-01",
    });
  });
});

describe("compileForm: $ref, $defs and allOf", () => {
  it("resolves $ref into $defs and definitions, with sibling keywords merged", () => {
    const model = compiled({
      type: "object",
      $defs: { Colour: { type: "string", enum: ["red", "blue"] } },
      definitions: { Size: { type: "integer", minimum: 1 } },
      properties: {
        colour: { $ref: "#/$defs/Colour", title: "Paint" },
        size: { $ref: "#/definitions/Size" },
      },
    });
    expect(model.fields.map((f) => [f.label, f.kind])).toEqual([
      ["Paint", "select"],
      ["Size", "number"],
    ]);
    expect(readForm(model, { colour: "red", size: "0" }).errors).toEqual({
      size: "Must be at least 1",
    });
  });

  it("a recursive $ref ends in a JSON editor instead of looping", () => {
    const model = compiled({
      type: "object",
      $defs: {
        Node: {
          type: "object",
          properties: { name: { type: "string" }, child: { $ref: "#/$defs/Node" } },
        },
      },
      properties: { tree: { $ref: "#/$defs/Node" } },
    });
    const tree = model.fields[0]?.object;
    expect(tree?.fields.map((f) => [f.name, f.kind])).toEqual([
      ["tree.name", "text"],
      ["tree.child", "json"],
    ]);
  });

  it("merges allOf: properties, required, the tighter bound", () => {
    const model = compiled({
      allOf: [
        { type: "object", properties: { a: { type: "integer", maximum: 10 } }, required: ["a"] },
        { properties: { a: { maximum: 5 }, b: { type: "string" } }, required: ["b"] },
      ],
    });
    expect(shown(model)).toEqual(["a", "b"]);
    expect(readForm(model, { a: "7" }).errors).toEqual({
      a: "Must be at most 5",
      b: "This field is required",
    });
  });
});

describe("compileForm: oneOf, anyOf and if/then/else decide the fields shown", () => {
  const shapes = {
    type: "object",
    required: ["shape"],
    properties: { label: { type: "string" } },
    oneOf: [
      {
        title: "Circle",
        properties: { shape: { const: "circle" }, radius: { type: "number" } },
        required: ["radius"],
      },
      {
        title: "Square",
        properties: { shape: { const: "square" }, side: { type: "number" } },
        required: ["side"],
      },
    ],
  };

  it("a root-level const-discriminated oneOf: the discriminator is a select of the branches", () => {
    const model = compiled(shapes);
    const [chooser] = visibleFields(model, initialValues(model));
    expect(chooser?.kind).toBe("select");
    expect(chooser?.options?.map((o) => o.label)).toEqual(["Circle", "Square"]);
    expect(shown(model)).toEqual(["shape", "radius", "label"]);
    expect(shown(model, { shape: "square" })).toEqual(["shape", "side", "label"]);
    expect(readForm(model, { shape: "square", side: "2", radius: "9" }).args).toEqual({
      shape: "square",
      side: 2,
    });
    expect(readForm(model, { shape: "circle" }).errors).toEqual({
      radius: "This field is required",
    });
  });

  it("a nested anyOf without discriminator gets a variant chooser that is never submitted", () => {
    const model = compiled({
      type: "object",
      properties: {
        target: {
          type: "object",
          anyOf: [
            { title: "By id", properties: { id: { type: "integer" } }, required: ["id"] },
            { title: "By name", properties: { name: { type: "string" } }, required: ["name"] },
          ],
        },
      },
    });
    const target = model.fields[0]?.object;
    if (!target) throw new Error("no object");
    const raw = initialValues(model);
    expect(visibleFields(target, raw).map((f) => [f.label, f.kind])).toEqual([
      ["Variant", "variant"],
      ["Id", "number"],
    ]);
    const byName = { ...raw, "target.~anyOf0": "1", "target.name": "Ada" };
    expect(visibleFields(target, byName).map((f) => f.name)).toEqual([
      "target.~anyOf0",
      "target.name",
    ]);
    expect(readForm(model, byName).args).toEqual({ target: { name: "Ada" } });
  });

  it("if/then/else is evaluated again as values change", () => {
    const model = compiled({
      type: "object",
      properties: { country: { type: "string", enum: ["US", "NL"] } },
      ...ifThenElse(
        { properties: { country: { const: "US" } } },
        { properties: { zip: { type: "string", pattern: "^[0-9]{5}$" } }, required: ["zip"] },
        { properties: { postcode: { type: "string" } } },
      ),
    });
    // The field the condition reads comes first (§5: discriminator first).
    expect(shown(model)).toEqual(["country", "zip"]);
    expect(shown(model, { country: "NL" })).toEqual(["country", "postcode"]);
    expect(readForm(model, { country: "US", zip: "12a" }).errors).toEqual({
      zip: "Invalid format",
    });
    expect(readForm(model, { country: "NL", zip: "12a" }).args).toEqual({ country: "NL" });
  });

  it("a conditional branch can tighten a field the object already declares", () => {
    const model = compiled({
      type: "object",
      properties: { mode: { type: "string", enum: ["fast", "slow"] }, level: { type: "integer" } },
      ...ifThenElse(
        { properties: { mode: { const: "fast" } } },
        { properties: { level: { maximum: 3 } } },
      ),
    });
    expect(readForm(model, { mode: "fast", level: "5" }).errors).toEqual({
      level: "Must be at most 3",
    });
    expect(readForm(model, { mode: "slow", level: "5" }).errors).toEqual({});
  });
});

describe("readForm and submitForm", () => {
  const schema = {
    type: "object",
    required: ["name", "count", "agree", "tags"],
    properties: {
      name: { type: "string", minLength: 2 },
      count: { type: "integer", minimum: 1, maximum: 9 },
      ratio: { type: "number" },
      agree: { type: "boolean" },
      tags: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 2 },
      colours: { type: "array", items: { enum: ["red", "green"] } },
      extra: { type: "object", additionalProperties: true },
      email: { type: "string", format: "email" },
    },
  };
  const model = compiled(schema);

  it("shows each field's message; only declared fields are submitted", () => {
    const result = readForm(model, {
      name: "a",
      count: "1.5",
      ratio: "abc",
      tags: "a\nb\nc",
      extra: "{oops",
      undeclared: "x",
    });
    expect(result.errors).toEqual({
      name: "Must be at least 2 characters",
      count: "Must be an integer",
      ratio: "Must be a number",
      tags: "Must have at most 2 items",
      extra: expect.stringMatching(/^Invalid JSON: /),
    });
    expect(result.args).toEqual({ agree: false });
  });

  it("coerces, leaves empty optional fields out, and submits the rest", () => {
    const result = readForm(model, {
      name: "Ada",
      count: " 3 ",
      agree: true,
      tags: "x",
      ratio: "",
      extra: '{"k":1}',
    });
    expect(result).toEqual({
      errors: {},
      args: { name: "Ada", count: 3, agree: true, tags: ["x"], extra: { k: 1 } },
    });
  });

  it("submitForm adds what the whole schema says beyond §5 (formats) to the field", () => {
    const raw = { name: "Ada", count: "3", tags: "x", email: "not-an-email" };
    // A missed format reads as a missed pattern does, not as the validator's own words.
    expect(submitForm(model, schema, raw).errors).toEqual({ email: "Invalid format" });
    expect(submitForm(model, schema, { ...raw, email: "ada@example.com" }).errors).toEqual({});
  });
});

describe("compileForm: schemas it cannot read, and the schema left unchanged", () => {
  it.each([
    ["not an object", "string"],
    ["not an object schema", { type: "array" }],
    ["a reference to nothing", { type: "object", properties: { a: { $ref: "#/$defs/Missing" } } }],
    [
      "a remote reference",
      { type: "object", properties: { a: { $ref: "https://example.com/s.json" } } },
    ],
    ["a property that is not a schema", { type: "object", properties: { a: 5 } }],
    ["an empty oneOf", { type: "object", oneOf: [] }],
  ])("%s → Invalid Tool Schema", (_name, schema) => {
    expect(compileForm(schema).ok).toBe(false);
  });

  it("never writes into the schema (frozen input compiles, validates and submits)", () => {
    const schema = deepFreeze({
      type: "object",
      $defs: { N: { type: "integer", minimum: 1 } },
      properties: { n: { $ref: "#/$defs/N" }, when: { type: "string", format: "date" } },
      ...ifThenElse(
        { properties: { n: { const: 1 } } },
        { properties: { note: { type: "string" } } },
      ),
      allOf: [{ required: ["n"] }],
    });
    const copy = JSON.parse(JSON.stringify(schema));
    const model = compiled(schema);
    expect(shown(model, { n: "1" })).toEqual(["n", "note", "when"]);
    expect(submitForm(model, schema, { n: "1", when: "2024-01-02" }).args).toEqual({
      n: 1,
      when: "2024-01-02",
    });
    expect(schema).toEqual(copy);
  });

  it("an empty schema is a form without fields", () => {
    expect(compiled({}).fields).toEqual([]);
    expect(compiled({ type: "object" }).fields).toEqual([]);
  });
});
