import { describe, expect, it } from "vitest";
import type { RunnerEvent, RunnerMessage } from "../model-runner.js";
import { noModelNotice, PlannerRunner, plannerQuestions } from "./planner-runner.js";

async function run(messages: RunnerMessage[], signal = new AbortController().signal) {
  const events: RunnerEvent[] = [];
  for await (const event of new PlannerRunner().run({
    systemPrompt: "",
    messages,
    tools: [],
    signal,
  })) {
    events.push(event);
  }
  const text = events.map((e) => (e.kind === "text-delta" ? e.text : "")).join("");
  const artifacts = events.flatMap((e) => (e.kind === "artifact" ? [e.artifact] : []));
  return { events, text, artifacts, last: events.at(-1) };
}
const user = (text: string): RunnerMessage => ({ role: "user", text });

describe("PlannerRunner", () => {
  it("greets, says no model is configured and how to add one, in several deltas", async () => {
    const { events, text, last } = await run([user("Hello there")]);
    expect(text).toContain("Hello");
    expect(text).toContain(noModelNotice);
    for (const key of [
      "OPENAI_API_KEY",
      "ANTHROPIC_API_KEY",
      "GOOGLE_GENERATIVE_AI_API_KEY",
      "OPENAI_COMPATIBLE_BASE_URL",
      "Ollama",
    ]) {
      expect(text).toContain(key);
    }
    expect(events.filter((e) => e.kind === "text-delta").length).toBeGreaterThan(5);
    expect(last).toMatchObject({ kind: "finish", reason: "stop", model: "planner" });
  });

  it("answers help with what it can do", async () => {
    const { text } = await run([user("help")]);
    expect(text).toContain("table of");
    expect(text).toContain("dashboard");
  });

  it("maps clear requests to artifacts", async () => {
    const table = await run([user("Show me a table of planets")]);
    expect(table.artifacts[0]).toMatchObject({ artifactType: "table" });
    const rows = table.artifacts[0]?.data as { items: { name: string }[] } | undefined;
    expect(rows?.items[0]?.name).toBe("Mercury");

    const chart = await run([user("line chart of sales")]);
    expect(chart.artifacts[0]).toMatchObject({
      artifactType: "chart",
      renderingHints: { chart_type: "line" },
      data: {
        labels: expect.any(Array),
        datasets: [{ label: "Sales", color: expect.any(String) }],
      },
    });

    const dashboard = await run([user("build a dashboard")]);
    const board = dashboard.artifacts[0]?.data as
      | { sections: { section_type: string }[] }
      | undefined;
    expect(board?.sections.map((s) => s.section_type)).toEqual([
      "metrics_cards",
      "chart",
      "table",
      "list",
      "status",
    ]);

    const form = await run([user("a form please")]);
    expect(form.artifacts[0]?.renderingHints?.fields).toEqual(expect.any(Array));

    const code = await run([user("code in python")]);
    expect(code.artifacts[0]).toMatchObject({ artifactType: "code", data: { language: "python" } });

    const tree = await run([user("tree")]);
    expect(tree.artifacts[0]).toMatchObject({ artifactType: "tree", data: { name: "a2a-chat" } });
  });

  it("is reproducible", async () => {
    const a = await run([user("chart of widgets")]);
    const b = await run([user("chart of widgets")]);
    expect(a.events).toEqual(b.events);
  });

  it("asks back for an ambiguous request and continues with the answer", async () => {
    const first = await run([user("make a table")]);
    expect(first.last).toEqual({ kind: "input-required", question: plannerQuestions.table });
    const second = await run([
      user("make a table"),
      { role: "assistant", text: first.text },
      user("fruits"),
    ]);
    expect(second.artifacts[0]).toMatchObject({ artifactType: "table", name: "Table of fruits" });
    expect(second.last).toMatchObject({ kind: "finish" });

    const ask = await run([user("ask me something")]);
    expect(ask.last).toEqual({ kind: "input-required", question: plannerQuestions.askMe });
  });

  it("stops when aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const { events } = await run([user("help")], controller.signal);
    expect(events).toEqual([]);
  });
});
