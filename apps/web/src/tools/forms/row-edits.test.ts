import { describe, expect, it } from "vitest";
import { compileForm } from "./compile-form.js";
import type { FieldModel, ObjectModel, RawValues } from "./field-model.js";
import { initialValues, readForm, submitForm, visibleFields } from "./form-state.js";
import { addRow, removeRow } from "./row-edits.js";
import { createEntitiesSchema as createEntities } from "./schema-fixtures.js";

function compiled(schema: unknown): ObjectModel {
  const model = compileForm(schema);
  if (!model.ok) throw new Error(model.error);
  return model.root;
}

describe("an array of objects as rows", () => {
  const model = compiled(createEntities);
  const entities = model.fields[0] as FieldModel;
  const rowFields = (raw: RawValues, index: number) =>
    visibleFields(entities.rows?.(`entities.${index}`) as ObjectModel, raw).map((f) => [
      f.name,
      f.label,
      f.kind,
      f.required,
    ]);

  it("is a rows field whose rows are forms from the item schema, one row to start when required", () => {
    expect([entities.kind, entities.required]).toEqual(["rows", true]);
    const raw = initialValues(model);
    expect(raw).toEqual({ entities: "1" });
    expect(rowFields(raw, 0)).toEqual([
      ["entities.0.entityType", "Entity Type", "text", true],
      ["entities.0.name", "Name", "text", true],
      ["entities.0.observations", "Observations", "list", true],
    ]);
    // The same row name gives the same form (memoised rendering relies on it).
    expect(entities.rows?.("entities.0")).toBe(entities.rows?.("entities.0"));
  });

  it("submits each row's object, with the spec's messages at the row's fields", () => {
    let raw: RawValues = initialValues(model);
    raw = addRow(entities)(raw);
    raw = {
      ...raw,
      "entities.0.name": "Ada",
      "entities.0.entityType": "person",
      "entities.0.observations": "wrote the first program\nliked poetry",
      "entities.1.name": "Analytical Engine",
    };
    expect(readForm(model, raw).errors).toEqual({
      "entities.1.entityType": "This field is required",
      "entities.1.observations": "This field is required",
    });
    raw = { ...raw, "entities.1.entityType": "machine", "entities.1.observations": "never built" };
    expect(submitForm(model, createEntities, raw)).toEqual({
      args: {
        entities: [
          {
            entityType: "person",
            name: "Ada",
            observations: ["wrote the first program", "liked poetry"],
          },
          { entityType: "machine", name: "Analytical Engine", observations: ["never built"] },
        ],
      },
      errors: {},
    });
  });

  it("removes a row and moves the later rows up with their values", () => {
    let raw: RawValues = initialValues(model);
    raw = addRow(entities)(addRow(entities)(raw));
    raw = { ...raw, "entities.0.name": "a", "entities.1.name": "b", "entities.2.name": "c" };
    raw = removeRow(entities, 0)(raw);
    expect(raw).toEqual({ entities: "2", "entities.0.name": "b", "entities.1.name": "c" });
    // A row added again starts empty, not with what a removed row left.
    raw = addRow(entities)({ ...raw, "entities.2.name": "stale" });
    expect(raw["entities.2.name"]).toBeUndefined();
    expect(raw.entities).toBe("3");
  });

  it("no rows of a required array is 'This field is required'; limits use the array messages", () => {
    const none = removeRow(entities, 0)(initialValues(model));
    expect(readForm(model, none).errors).toEqual({ entities: "This field is required" });
    const limited = compiled({
      type: "object",
      properties: {
        points: {
          type: "array",
          minItems: 2,
          maxItems: 2,
          items: { type: "object", properties: { x: { type: "number", default: 0 } } },
        },
      },
    });
    const points = limited.fields[0] as FieldModel;
    const start = initialValues(limited);
    expect(start).toEqual({ points: "2", "points.0.x": "0", "points.1.x": "0" });
    expect(readForm(limited, start).args).toEqual({ points: [{ x: 0 }, { x: 0 }] });
    expect(readForm(limited, removeRow(points, 1)(start)).errors).toEqual({
      points: "Must have at least 2 items",
    });
    expect(readForm(limited, addRow(points)(start)).errors).toEqual({
      points: "Must have at most 2 items",
    });
  });

  it("keeps the JSON editor for items no row form fits, and for a given default", () => {
    const kinds = (items: unknown, extra: Record<string, unknown> = {}) =>
      compiled({ type: "object", properties: { list: { type: "array", items, ...extra } } })
        .fields[0]?.kind;
    expect(kinds({ type: "object", additionalProperties: { type: "string" } })).toBe("json");
    expect(kinds({ type: "array", items: { type: "number" } })).toBe("json");
    expect(
      kinds({ type: "object", properties: { a: { type: "string" } } }, { default: [{ a: "x" }] }),
    ).toBe("json");
  });
});
