import { describe, expect, it } from "vitest";
import type { RunnerEvent, RunnerMessage, RunnerTool } from "../model-runner.js";
import { plannerIntent } from "./planner-intent.js";
import {
  noModelNotice,
  PlannerRunner,
  plannerAuthConfirmation,
  plannerAuthMessage,
  plannerCallId,
  plannerQuestions,
  plannerWordsPerDelta,
  textDeltas,
} from "./planner-runner.js";

async function run(
  messages: RunnerMessage[],
  signal = new AbortController().signal,
  tools: RunnerTool[] = [],
) {
  const events: RunnerEvent[] = [];
  for await (const event of new PlannerRunner().run({
    systemPrompt: "",
    messages,
    tools,
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

  it("streams a few words per delta, every word counted as an output token", async () => {
    const { events, text, last } = await run([user("hello")]);
    const words = textDeltas(text);
    const deltas = events.flatMap((e) => (e.kind === "text-delta" ? [e.text] : []));
    expect(deltas).toHaveLength(Math.ceil(words.length / plannerWordsPerDelta));
    for (const delta of deltas) {
      expect(textDeltas(delta).length).toBeLessThanOrEqual(plannerWordsPerDelta);
    }
    expect(deltas.join("")).toBe(text);
    expect(last).toMatchObject({ kind: "finish", outputTokens: words.length });
  });

  it("answers help with what it can do", async () => {
    const { text } = await run([user("help")]);
    expect(text).toContain("table of");
    expect(text).toContain("dashboard");
  });

  it("without tools, maps clear requests to sample artifacts", async () => {
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

  it("calls the agent's tool for a clear request: text, call, result, closing text", async () => {
    const calls: { args: Record<string, unknown>; signal: AbortSignal }[] = [];
    const tool: RunnerTool = {
      name: "query_orders",
      description: "orders",
      inputSchema: {},
      execute: async (args, signal) => {
        calls.push({ args, signal });
        return { isError: false, text: "3 orders", executionId: "exec-1" };
      },
    };
    const controller = new AbortController();
    const { events, text, artifacts, last } = await run(
      [user("orders in europe")],
      controller.signal,
      [tool],
    );
    expect(calls).toEqual([{ args: { region: "europe" }, signal: controller.signal }]);
    expect(artifacts).toEqual([]);
    const kinds = events.map((e) => e.kind);
    const call = kinds.indexOf("tool-call");
    expect(kinds.slice(0, call).every((k) => k === "text-delta")).toBe(true);
    expect(call).toBeGreaterThan(0);
    expect(events[call]).toEqual({
      kind: "tool-call",
      id: plannerCallId,
      name: "query_orders",
      args: { region: "europe" },
    });
    expect(events[call + 1]).toEqual({
      kind: "tool-result",
      id: plannerCallId,
      name: "query_orders",
      result: { isError: false, text: "3 orders", executionId: "exec-1" },
    });
    expect(events[call + 2]?.kind).toBe("text-delta");
    expect(text).toContain("query_orders");
    expect(text).toContain("Europe");
    expect(last).toMatchObject({ kind: "finish", reason: "stop" });
  });

  it("says plainly when the tool fails or lacks a tool it has no sample for", async () => {
    const failing = (error: boolean): RunnerTool => ({
      name: "release_notes",
      description: "",
      inputSchema: {},
      execute: async () => {
        if (!error) throw new Error("server gone");
        return { isError: true, text: "boom" };
      },
    });
    const errored = await run([user("release notes")], undefined, [failing(true)]);
    expect(errored.events.some((e) => e.kind === "tool-result")).toBe(true);
    expect(errored.text).toContain("The `release_notes` tool failed: boom");
    expect(errored.last).toMatchObject({ kind: "finish" });

    const thrown = await run([user("release notes")], undefined, [failing(false)]);
    expect(thrown.events.some((e) => e.kind === "tool-result")).toBe(false);
    expect(thrown.text).toContain("could not be called: server gone");
    expect(thrown.last).toMatchObject({ kind: "finish" });

    const missing = await run([user("release notes")]);
    expect(missing.events.some((e) => e.kind === "tool-call")).toBe(false);
    expect(missing.text).toContain("does not have the `release_notes` tool");
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

  it("understands the welcome card's 'Chart revenue by month' and other charts asked with the verb", () => {
    expect(plannerIntent("Chart revenue by month")).toEqual({
      kind: "sales-chart",
      topic: "revenue by month",
      chartType: "bar",
      groupBy: "month",
      metric: "revenue",
    });
    expect(plannerIntent("plot orders by region")).toMatchObject({
      kind: "sales-chart",
      groupBy: "region",
      metric: "orders",
    });
    expect(plannerIntent("graph temperatures")).toEqual({
      kind: "chart",
      topic: "temperatures",
      chartType: "bar",
    });
    // Not a verb when it does not start the message: still asks what to chart.
    expect(plannerIntent("a chart please")).toEqual({ kind: "clarify", about: "chart" });
    // The noun first, as a verb would be, but with no topic after it: still a question.
    expect(plannerIntent("chart please")).toEqual({ kind: "clarify", about: "chart" });
    expect(plannerIntent("Chart please")).toEqual({ kind: "clarify", about: "chart" });
  });

  it("says 'an area chart', not 'a area chart'", async () => {
    expect((await run([user("area chart of sales")])).text).toContain(
      "Here is an area chart of sales.",
    );
    expect((await run([user("bar chart of sales")])).text).toContain(
      "Here is a bar chart of sales.",
    );
  });

  it("acknowledges a submitted form instead of sending another form", async () => {
    const submitted =
      'Submitted form "Contact us":\n\n```json\n{"name": "Ada", "topic": "feedback", "message": "Nice form"}\n```';
    expect(plannerIntent(submitted)).toEqual({ kind: "form-submitted", title: "Contact us" });
    const { text, artifacts } = await run([user(submitted)]);
    expect(text).toBe(
      'Thank you, I received the "Contact us" form. Its answers are kept in this conversation; without a language model I do not act on them.',
    );
    expect(artifacts).toEqual([]);
  });

  it("writes help's placeholders as code, so markdown does not swallow <topic> as HTML", async () => {
    const { text } = await run([user("help")]);
    const outsideCode = text
      .split("`")
      .filter((_, i) => i % 2 === 0)
      .join("");
    expect(outsideCode).not.toContain("<");
    for (const placeholder of ["<topic>", "<language>", "<words>", "<service>"]) {
      expect(text).toContain(placeholder);
    }
  });

  it("reads sign-in requests as the authorize intent", () => {
    expect(plannerIntent("connect my account")).toEqual({
      kind: "authorize",
      service: "your account",
    });
    expect(plannerIntent("Sign in to GitHub.")).toEqual({ kind: "authorize", service: "GitHub" });
    expect(plannerIntent("log into Slack")).toEqual({ kind: "authorize", service: "Slack" });
    expect(plannerIntent("connect my Google account")).toEqual({
      kind: "authorize",
      service: "Google",
    });
    expect(plannerIntent("authorize")).toEqual({ kind: "authorize", service: "your account" });
  });

  it("asks the user to authorize and completes once they answer", async () => {
    const first = await run([user("connect my account")]);
    const message = plannerAuthMessage("your account");
    expect(message).toContain("Please sign in to continue, then reply 'done'.");
    expect(first.text).toBe(message);
    expect(first.last).toEqual({ kind: "auth-required", message });
    expect(first.events.some((e) => e.kind === "finish")).toBe(false);

    const second = await run([
      user("connect my account"),
      { role: "assistant", text: first.text },
      user("done"),
    ]);
    expect(second.text).toBe(plannerAuthConfirmation("your account"));
    expect(second.text).toBe(
      "Thanks! Your account is now authorized, and your request is complete.",
    );
    expect(second.last).toMatchObject({ kind: "finish", reason: "stop" });

    const named = await run([user("Sign in to GitHub")]);
    expect(named.last).toEqual({ kind: "auth-required", message: plannerAuthMessage("GitHub") });
    const resumed = await run([
      user("Sign in to GitHub"),
      { role: "assistant", text: named.text },
      user("authorized"),
    ]);
    expect(resumed.text).toBe(plannerAuthConfirmation("GitHub"));
    expect(resumed.text).toContain("GitHub is now authorized");

    const bare = await run([user("authorize")]);
    expect(bare.last).toEqual({
      kind: "auth-required",
      message: plannerAuthMessage("your account"),
    });
  });

  it("stops when aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const { events } = await run([user("help")], controller.signal);
    expect(events).toEqual([]);
  });
});
