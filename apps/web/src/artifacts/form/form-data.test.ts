import { describe, expect, it } from "vitest";
import {
  coerceValue,
  type FormField,
  fieldTitle,
  initialValues,
  readFields,
  submissionMessage,
  submittedValues,
  validateForm,
} from "./form-data.js";

const field = (over: Partial<FormField>): FormField => ({
  name: "f",
  label: "F",
  type: "text",
  required: false,
  options: [],
  ...over,
});

describe("readFields", () => {
  it("reads every field property", () => {
    expect(
      readFields([
        {
          name: "topic",
          label: "Topic",
          type: "select",
          required: true,
          default: "bug",
          options: ["bug", { value: "idea", label: "Idea" }, { label: "no value" }, 3],
          placeholder: "Pick",
          help_text: "Why",
        },
      ]),
    ).toEqual([
      {
        name: "topic",
        label: "Topic",
        type: "select",
        required: true,
        defaultValue: "bug",
        options: [
          { value: "bug", label: "bug" },
          { value: "idea", label: "Idea" },
          { value: "3", label: "3" },
        ],
        placeholder: "Pick",
        helpText: "Why",
      },
    ]);
  });

  it("skips nameless entries and makes unknown types text", () => {
    expect(readFields([{ label: "x" }, "y", { name: "a", type: "color" }])).toEqual([
      { name: "a", label: "", type: "text", required: false, options: [] },
    ]);
    expect(readFields(undefined)).toEqual([]);
  });
});

describe("initialValues", () => {
  it("uses defaults, else empty or unchecked", () => {
    expect(
      initialValues([
        field({ name: "n", type: "number", defaultValue: 4 }),
        field({ name: "c", type: "checkbox", defaultValue: true }),
        field({ name: "d", type: "checkbox" }),
        field({ name: "t" }),
      ]),
    ).toEqual({ n: "4", c: true, d: false, t: "" });
  });
});

describe("validateForm", () => {
  it("requires required fields, naming them by label or name", () => {
    const fields = [
      field({ name: "email", label: "Email", required: true }),
      field({ name: "code", label: "", required: true }),
      field({ name: "agree", label: "Agree", type: "checkbox", required: true }),
      field({ name: "note", required: false }),
    ];
    expect(validateForm(fields, { email: "  ", code: "", agree: false, note: "" })).toEqual({
      email: "Email is required",
      code: "code is required",
      agree: "Agree is required",
    });
    expect(validateForm(fields, { email: "a@b.c", code: "1", agree: true, note: "" })).toEqual({});
  });

  it("names a field by label, else name", () => {
    expect(fieldTitle(field({ label: "Label", name: "n" }))).toBe("Label");
    expect(fieldTitle(field({ label: "", name: "n" }))).toBe("n");
  });
});

describe("coerceValue", () => {
  it("keeps an empty number empty and makes others numeric", () => {
    const number = field({ type: "number" });
    expect(coerceValue(number, "")).toBe("");
    expect(coerceValue(number, "4.5")).toBe(4.5);
    expect(coerceValue(number, "abc")).toBe("abc");
  });

  it("makes checkboxes booleans and the rest text", () => {
    expect(coerceValue(field({ type: "checkbox" }), true)).toBe(true);
    expect(coerceValue(field({ type: "checkbox" }), undefined)).toBe(false);
    expect(coerceValue(field({ type: "date" }), "2024-01-02")).toBe("2024-01-02");
    expect(coerceValue(field({}), undefined)).toBe("");
  });

  it("coerces all values in field order", () => {
    const fields = [field({ name: "n", type: "number" }), field({ name: "t" })];
    expect(submittedValues(fields, { n: "3", t: "x" })).toEqual({ n: 3, t: "x" });
  });
});

describe("submissionMessage", () => {
  it("gives the title and the values as JSON", () => {
    expect(submissionMessage("Contact", { a: 1 })).toBe(
      'Submitted form "Contact":\n\n```json\n{\n  "a": 1\n}\n```',
    );
  });
});
