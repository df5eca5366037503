import { describe, expect, it } from "vitest";
import { fromChatGpt, looksLikeChatGpt } from "./chatgpt-import.js";

const message = (role: string, text: unknown, time?: number) => ({
  author: { role },
  ...(time === undefined ? {} : { create_time: time }),
  content: { content_type: "text", parts: [text] },
});

describe("fromChatGpt", () => {
  it("takes the chosen branch's user and assistant text, a task per user message", () => {
    const [doc] = fromChatGpt(
      [
        {
          title: "  Trip  ",
          create_time: 1_700_000_000,
          current_node: "c",
          mapping: {
            a: {
              parent: null,
              children: ["b", "x"],
              message: message("user", "Hi", 1_700_000_001),
            },
            x: { parent: "a", children: [], message: message("assistant", "other branch") },
            b: {
              parent: "a",
              children: ["c"],
              message: message("assistant", "Hello", 1_700_000_002),
            },
            c: { parent: "b", children: [], message: message("user", { image: true }) },
          },
        },
      ],
      new Date("2026-01-01T00:00:00Z"),
    );
    expect(doc?.conversation).toEqual({ name: "Trip", created_at: "2023-11-14T22:13:20.000Z" });
    expect(doc?.messages.map((m) => [m.role, m.parts])).toEqual([
      ["user", [{ kind: "text", text: "Hi" }]],
      ["agent", [{ kind: "text", text: "Hello" }]],
    ]);
    expect(doc?.tasks).toHaveLength(1);
    expect(doc?.tasks[0]?.metadata).toMatchObject({
      agent_display_name: "ChatGPT",
      task_type: "agent_message",
    });
    expect(doc?.messages.every((m) => m.task_id === doc.tasks[0]?.id)).toBe(true);
  });

  it("ends a walk at a cycle, gives times that increase, and names an untitled conversation", () => {
    const [doc] = fromChatGpt([
      {
        current_node: "b",
        mapping: {
          a: { parent: "b", message: message("user", "one") },
          b: { parent: "a", message: message("assistant", "two") },
        },
      },
    ]);
    expect(doc?.conversation.name).toBe("Imported conversation 1");
    expect(doc?.messages.map((m) => m.parts[0])).toEqual([
      { kind: "text", text: "one" },
      { kind: "text", text: "two" },
    ]);
    const [first, second] = doc?.messages ?? [];
    expect((second?.created_at ?? "") > (first?.created_at ?? "")).toBe(true);
  });

  it("tells a ChatGPT export from other lists", () => {
    expect(looksLikeChatGpt([{ mapping: {} }])).toBe(true);
    expect(looksLikeChatGpt([])).toBe(false);
    expect(looksLikeChatGpt([{ title: "no mapping" }])).toBe(false);
    expect(looksLikeChatGpt({ mapping: {} })).toBe(false);
  });
});
