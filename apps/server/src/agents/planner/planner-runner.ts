import type { ModelRunner, RunnerArtifact, RunnerEvent, RunnerInput } from "../model-runner.js";
import {
  chartArtifact,
  codeArtifact,
  dashboardArtifact,
  formArtifact,
  tableArtifact,
  treeArtifact,
} from "./planner-artifacts.js";
import { plannerIntent } from "./planner-intent.js";

/** The planner's model name, as agents declare it and as task metadata records it. */
export const plannerModel = "planner";

/** Said whenever the planner explains itself: no model is configured, and how to add one. */
export const noModelNotice =
  "No language model is configured, so I am the built-in planner: I understand a few clear requests and answer them with sample data. " +
  "To talk to a real model, set OPENAI_API_KEY, ANTHROPIC_API_KEY or GOOGLE_GENERATIVE_AI_API_KEY, " +
  "or OPENAI_COMPATIBLE_BASE_URL for a local server (Ollama, vLLM, llama.cpp, LM Studio), then restart the server.";

export const helpText =
  "Here is what I can do without a language model:\n" +
  "- **table of <topic>**: a table with sample rows, e.g. `table of planets`\n" +
  "- **chart of <topic>**: a bar, line or pie chart, e.g. `line chart of sales`\n" +
  "- **dashboard**: metrics, a chart, a table, a list and status indicators\n" +
  "- **form**: a contact form\n" +
  "- **code in <language>**: a code sample (TypeScript, Python, Go, Rust…)\n" +
  "- **tree**: a project tree\n" +
  "- **ask me something**: I ask you a question and wait for your answer";

/** Questions the planner asks back; an answer to one continues the same task. */
export const plannerQuestions = {
  table: "What should the table be about? For example: planets, fruits or programming languages.",
  chart: "What should the chart show? For example: sales, visitors or temperatures.",
  askMe: "Happy to! What topic would you like to explore today?",
} as const;

type Reply = { text: string; artifact?: RunnerArtifact; question?: string };

function answerTo(question: string, answer: string): Reply | undefined {
  const topic = answer.trim().replace(/[.?!]+$/, "");
  if (question === plannerQuestions.table) {
    return { text: `Here is a table of ${topic}.`, artifact: tableArtifact(topic) };
  }
  if (question === plannerQuestions.chart) {
    return { text: `Here is a chart of ${topic}.`, artifact: chartArtifact(topic, "bar") };
  }
  if (question === plannerQuestions.askMe) {
    return {
      text: `Thanks! You would like to explore "${topic}". Try \`table of ${topic}\` or \`chart of ${topic}\` to see it as data.`,
    };
  }
  return undefined;
}

function replyTo(text: string): Reply {
  const intent = plannerIntent(text);
  switch (intent.kind) {
    case "greeting":
      return {
        text: `Hello! I am the A2A Chat assistant. ${noModelNotice} Type \`help\` to see what I can do.`,
      };
    case "help":
      return { text: `${helpText}\n\n${noModelNotice}` };
    case "ask-me":
      return { text: plannerQuestions.askMe, question: plannerQuestions.askMe };
    case "clarify":
      return { text: plannerQuestions[intent.about], question: plannerQuestions[intent.about] };
    case "table":
      return { text: `Here is a table of ${intent.topic}.`, artifact: tableArtifact(intent.topic) };
    case "chart":
      return {
        text: `Here is a ${intent.chartType} chart of ${intent.topic}.`,
        artifact: chartArtifact(intent.topic, intent.chartType),
      };
    case "dashboard":
      return { text: "Here is a sample dashboard.", artifact: dashboardArtifact() };
    case "form":
      return { text: "Here is a contact form.", artifact: formArtifact() };
    case "code":
      return {
        text: `Here is a code sample in ${intent.language}.`,
        artifact: codeArtifact(intent.language),
      };
    case "tree":
      return { text: "Here is a project tree.", artifact: treeArtifact() };
    case "unknown":
      return {
        text: `I did not understand that request. ${noModelNotice} Type \`help\` to see what I can do.`,
      };
  }
}

/** Splits text into word-sized deltas so the reply streams like a model's. */
export function textDeltas(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/**
 * The no-LLM runner: reads the newest user message (and, when the agent's previous turn was one
 * of its questions, treats it as the answer) and replies deterministically.
 */
export class PlannerRunner implements ModelRunner {
  readonly model = plannerModel;
  readonly usesTools = false;

  async *run(input: RunnerInput): AsyncIterable<RunnerEvent> {
    const { messages, signal } = input;
    const last = messages.at(-1);
    const previous = messages.at(-2);
    const userText = last?.role === "user" ? last.text : "";
    const reply =
      (previous?.role === "assistant" && answerTo(previous.text.trim(), userText)) ||
      replyTo(userText);
    let outputTokens = 0;
    for (const delta of textDeltas(reply.text)) {
      if (signal.aborted) return;
      outputTokens += 1;
      yield { kind: "text-delta", text: delta };
      // Give the event loop a turn between words, as a model's network stream would, so the
      // reply is seen streaming instead of arriving as one block.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (signal.aborted) return;
    if (reply.artifact) yield { kind: "artifact", artifact: reply.artifact };
    if (reply.question) {
      yield { kind: "input-required", question: reply.question };
      return;
    }
    const inputTokens = messages.reduce((sum, m) => sum + textDeltas(m.text).length, 0);
    yield { kind: "finish", reason: "stop", model: plannerModel, inputTokens, outputTokens };
  }
}
