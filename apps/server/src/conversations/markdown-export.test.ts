import type { ConversationExport } from "@a2a-chat/contracts";
import { describe, expect, it } from "vitest";
import { conversationMarkdown } from "./markdown-export.js";

const at = "2026-01-01T00:00:00.000Z";
const doc: ConversationExport = {
  format: "a2a-chat.conversation",
  version: 1,
  exported_at: at,
  conversation: { name: "Notes # 1", created_at: at },
  tasks: [
    {
      id: "t1",
      agent_name: "helper",
      task_type: "agent_message",
      state: "completed",
      status_timestamp: at,
      status_message: null,
      metadata: {
        agent_display_name: "Helper",
        task_type: "agent_message",
        agent_name: "helper",
        created_at: at,
      },
      created_at: at,
      updated_at: at,
    },
  ],
  messages: [
    {
      id: "m1",
      task_id: "t1",
      role: "user",
      parts: [{ kind: "text", text: "a | b <script>" }],
      created_at: at,
    },
    {
      id: "m2",
      task_id: "t1",
      role: "agent",
      parts: [
        { kind: "data", data: { chart: { type: "bar" } } },
        { kind: "file", file: { name: "a.png", mimeType: "image/png", bytes: "AAAA" } },
      ],
      created_at: at,
    },
  ],
  artifacts: [
    {
      id: "a1",
      task_id: "t1",
      name: "Rows",
      description: "Two rows",
      artifact_type: "table",
      parts: [{ kind: "data", data: { rows: [{ x: "1|2", y: null }, { x: 3 }] } }],
      metadata: {},
      created_at: at,
    },
  ],
  files: [],
};

describe("conversationMarkdown", () => {
  it("writes authors, text, data as code or tables, inline files and artifacts after their task", async () => {
    const md = await conversationMarkdown(doc);
    expect(md.startsWith("# Notes # 1\n")).toBe(true);
    expect(md).toContain("### You · 2026-01-01T00:00:00.000Z\n\na | b <script>");
    expect(md).toContain("### Helper · ");
    expect(md).toContain('```json\n{\n  "chart": {\n    "type": "bar"\n  }\n}\n```');
    expect(md).toContain("📎 a.png (image/png, about 3 bytes)");
    expect(md).toContain("#### Artifact: Rows\n\nTwo rows");
    expect(md).toContain("| x    | y |\n| ---- | - |\n| 1\\|2 |   |\n| 3    |   |");
    expect(md.indexOf("Artifact: Rows")).toBeGreaterThan(md.indexOf("### Helper"));
  });
});
