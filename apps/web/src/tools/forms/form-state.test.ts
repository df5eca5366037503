import { describe, expect, it } from "vitest";
import { compileForm } from "./compile-form.js";
import { sameFieldProps } from "./FormField.js";
import type { ObjectModel } from "./field-model.js";
import { initialValues, readForm, submitForm, visibleFields } from "./form-state.js";

function compiled(schema: unknown): ObjectModel {
  const model = compileForm(schema);
  if (!model.ok) throw new Error(model.error);
  return model.root;
}

/** A mode that flips an if/then/else, whose `then` makes `threads` required. */
const conditional = compiled({
  type: "object",
  properties: {
    mode: { type: "string", enum: ["simple", "advanced"], default: "simple" },
    name: { type: "string" },
    threads: { type: "integer" },
  },
  ...Object.fromEntries([
    ["if", { properties: { mode: { const: "advanced" } } }],
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword.
    ["then", { required: ["threads"] }],
  ]),
});

describe("visible fields per keystroke", () => {
  it("are evaluated once per values object and again for new values", () => {
    const values = initialValues(conditional);
    const first = visibleFields(conditional, values);
    readForm(conditional, values);
    expect(visibleFields(conditional, values)).toBe(first);
    const flipped = { ...values, mode: "advanced" };
    const after = visibleFields(conditional, flipped);
    expect(after).not.toBe(first);
    expect(after.find((f) => f.key === "threads")?.required).toBe(true);
    expect(first.find((f) => f.key === "threads")?.required).toBe(false);
    expect(readForm(conditional, flipped).errors).toEqual({ threads: "This field is required" });
  });

  it("keep a field's object from one keystroke to the next, also one a branch makes required", () => {
    const before = visibleFields(conditional, { mode: "advanced", name: "a" });
    const after = visibleFields(conditional, { mode: "advanced", name: "ab" });
    expect(after).not.toBe(before);
    for (const key of ["mode", "name", "threads"]) {
      expect(after.find((f) => f.key === key)).toBe(before.find((f) => f.key === key));
    }
  });
});

describe("sameFieldProps", () => {
  const fieldOf = (key: string) => {
    const found = visibleFields(conditional, { mode: "simple" }).find((f) => f.key === key);
    if (!found) throw new Error(`no field ${key}`);
    return found;
  };
  const [name, threads] = [fieldOf("name"), fieldOf("threads")];
  const onChange = () => undefined;
  const onEdit = () => undefined;
  const loadOptions = () => Promise.resolve([]);
  const props = (values: Record<string, string>, errors: Record<string, string> = {}) => ({
    field: name,
    values,
    errors,
    onChange,
    onEdit,
    loadOptions,
  });

  it("skips a field when only other fields' values or messages changed", () => {
    expect(sameFieldProps(props({ name: "a" }), props({ name: "a", mode: "advanced" }))).toBe(true);
    expect(sameFieldProps(props({ name: "a" }), props({ name: "a" }, { threads: "x" }))).toBe(true);
  });

  it("renders a field again for its own value, message, field or callbacks", () => {
    expect(sameFieldProps(props({ name: "a" }), props({ name: "ab" }))).toBe(false);
    expect(sameFieldProps(props({}), props({}, { name: "Too long" }))).toBe(false);
    expect(sameFieldProps(props({}), { ...props({}), field: threads })).toBe(false);
    expect(sameFieldProps(props({}), { ...props({}), onChange: () => undefined })).toBe(false);
  });

  it("always renders a group again, so its own fields can decide", () => {
    const group = compiled({
      type: "object",
      properties: { address: { type: "object", properties: { city: { type: "string" } } } },
    }).fields[0];
    if (!group) throw new Error("no group");
    const same = { ...props({}), field: group };
    expect(sameFieldProps(same, same)).toBe(false);
  });
});

describe("a field that is one of several object shapes, without a type of its own", () => {
  const schema = {
    type: "object",
    properties: {
      shape: {
        oneOf: [
          {
            title: "Circle",
            properties: { kind: { const: "circle" }, radius: { type: "number" } },
            required: ["kind", "radius"],
          },
          {
            title: "Square",
            properties: { kind: { const: "square" }, side: { type: "number" } },
            required: ["kind", "side"],
          },
        ],
      },
    },
    required: ["shape"],
  };
  const model = compiled(schema);

  it("is a group whose branch is picked by its discriminator, and sends the chosen shape", () => {
    const shape = model.fields[0];
    expect(shape?.kind).toBe("object");
    const union = shape?.object?.conditionals[0];
    if (union?.kind !== "union") throw new Error("no union");
    expect(union.chooser.options?.map((option) => option.label)).toEqual(["Circle", "Square"]);

    const circle = submitForm(model, schema, { "shape.kind": "circle", "shape.radius": "2" });
    expect(circle).toEqual({ args: { shape: { kind: "circle", radius: 2 } }, errors: {} });
    const square = submitForm(model, schema, { "shape.kind": "square", "shape.side": "3" });
    expect(square).toEqual({ args: { shape: { kind: "square", side: 3 } }, errors: {} });
  });
});
