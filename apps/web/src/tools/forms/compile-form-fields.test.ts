import { describe, expect, it } from "vitest";
import { compileForm } from "./compile-form.js";
import type { ObjectModel, RawValues } from "./field-model.js";
import { initialValues, submitForm, visibleFields } from "./form-state.js";

function compiled(schema: unknown): ObjectModel {
  const model = compileForm(schema);
  if (!model.ok) throw new Error(model.error);
  return model.root;
}

/** if/then/else keywords (a `then` key written out would read as a thenable to linters). */
function ifThenElse(test: unknown, whenTrue: unknown) {
  return Object.fromEntries([
    ["if", test],
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword.
    ["then", whenTrue],
  ]);
}

describe("compileForm: the fields a schema decides and requires", () => {
  it("if/then/else: the field that decides stays above the fields it reveals", () => {
    const model = compiled({
      type: "object",
      properties: {
        mode: { type: "string", enum: ["basic", "advanced"] },
        name: { type: "string" },
      },
      required: ["name"],
      ...ifThenElse(
        { properties: { mode: { const: "advanced" } }, required: ["mode"] },
        {
          properties: { expert_level: { type: "integer", minimum: 1, maximum: 5 } },
          required: ["expert_level"],
        },
      ),
    });
    const labels = (raw: RawValues) =>
      visibleFields(model, { ...initialValues(model), ...raw }).map((field) => field.label);
    expect(labels({})).toEqual(["Mode", "Name"]);
    expect(labels({ mode: "advanced" })).toEqual(["Mode", "Expert Level", "Name"]);
  });

  it("a required property the schema does not describe is a required JSON field, not 'no parameters'", () => {
    const schema = { type: "object", required: ["x"] };
    const model = compiled(schema);
    const [field] = visibleFields(model, initialValues(model));
    expect(model.fields.map((f) => [f.name, f.label, f.kind, f.required])).toEqual([
      ["x", "X", "json", true],
    ]);
    expect(field?.note).toBe("the schema requires it but does not describe it");
    // One clear message, the spec's, on that field; nothing from the validator.
    expect(submitForm(model, schema, {}).errors).toEqual({ x: "This field is required" });
    expect(submitForm(model, schema, { x: '"anything"' })).toEqual({
      args: { x: "anything" },
      errors: {},
    });
    // A name a branch declares, or the object itself, is no such field.
    expect(
      compiled({
        type: "object",
        required: ["shape", "label"],
        properties: { label: { type: "string" } },
        oneOf: [
          { properties: { shape: { const: "circle" } } },
          { properties: { shape: { const: "square" } } },
        ],
      }).fields.map((f) => f.name),
    ).toEqual(["label"]);
  });
});
