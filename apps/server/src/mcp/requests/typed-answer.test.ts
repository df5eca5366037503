import { describe, expect, it } from "vitest";
import { answerFromText } from "./typed-answer.js";

const form = {
  type: "object",
  properties: {
    name: { type: "string", title: "Name" },
    greeting: { type: "string", default: "Hello" },
    count: { type: "integer", default: 3 },
  },
  required: ["name"],
};

describe("answerFromText", () => {
  it("fills the required field without a default, keeping the other defaults", () => {
    expect(answerFromText("  Ada  ", form)).toEqual({
      ok: true,
      answer: { action: "accept", content: { name: "Ada", greeting: "Hello", count: 3 } },
    });
  });

  it("reads decline and cancel as those actions", () => {
    expect(answerFromText("Decline", form)).toEqual({ ok: true, answer: { action: "decline" } });
    expect(answerFromText("no", form)).toEqual({ ok: true, answer: { action: "decline" } });
    expect(answerFromText("cancel", form)).toEqual({ ok: true, answer: { action: "cancel" } });
  });

  it("takes a JSON object as the fields, and says what is missing", () => {
    expect(answerFromText('{"name": "Ada", "count": 5}', form)).toEqual({
      ok: true,
      answer: { action: "accept", content: { name: "Ada", greeting: "Hello", count: 5 } },
    });
    expect(answerFromText("{}", form)).toEqual({ ok: false, reason: "it also needs Name" });
    expect(answerFromText('{"name": {"a": 1}}', form)).toEqual({
      ok: false,
      reason: "name is not a value a form takes",
    });
  });

  it("converts to the only field's type and checks its choices", () => {
    const yesNo = { properties: { ok: { type: "boolean", title: "Go on" } }, required: ["ok"] };
    expect(answerFromText("yes", yesNo)).toEqual({
      ok: true,
      answer: { action: "accept", content: { ok: true } },
    });
    expect(answerFromText("no", yesNo)).toEqual({
      ok: true,
      answer: { action: "accept", content: { ok: false } },
    });
    expect(answerFromText("maybe", yesNo)).toEqual({ ok: false, reason: "Go on is a yes or no" });
    const size = { properties: { size: { type: "string", enum: ["small", "large"] } } };
    expect(answerFromText("LARGE", size)).toEqual({
      ok: true,
      answer: { action: "accept", content: { size: "large" } },
    });
    expect(answerFromText("huge", size)).toEqual({
      ok: false,
      reason: "size is one of small, large",
    });
    const age = { properties: { age: { type: "integer" } } };
    expect(answerFromText("4.5", age)).toEqual({ ok: false, reason: "age is a whole number" });
    expect(answerFromText("x", age)).toEqual({ ok: false, reason: "age is a number" });
    const tags = {
      properties: { tags: { type: "array", items: { enum: ["a", "b"] } } },
    };
    expect(answerFromText("a, b", tags)).toEqual({
      ok: true,
      answer: { action: "accept", content: { tags: ["a", "b"] } },
    });
    const short = { properties: { code: { type: "string", minLength: 4 } } };
    expect(answerFromText("ab", short)).toEqual({
      ok: false,
      reason: "code needs at least 4 characters",
    });
    expect(answerFromText("x", { properties: {} })).toEqual({
      ok: false,
      reason: "it has no field to type into",
    });
  });
});
