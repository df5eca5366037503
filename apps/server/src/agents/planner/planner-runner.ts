import type {
  ModelRunner,
  RunnerArtifact,
  RunnerEvent,
  RunnerInput,
  RunnerTool,
  RunnerToolResult,
} from "../model-runner.js";
import { replyDeltaIntervalMs } from "../paced-deltas.js";
import { describeFiles } from "./file-summary.js";
import {
  chartArtifact,
  codeArtifact,
  dashboardArtifact,
  formArtifact,
  tableArtifact,
  treeArtifact,
} from "./planner-artifacts.js";
import { plannerIntent } from "./planner-intent.js";
import { type PlannerToolCall, plannerToolCall } from "./planner-tools.js";
import { WordCounts } from "./word-counts.js";
import { readablePart, restOfLine } from "./words.js";

/** The planner's model name, as agents declare it and as task metadata records it. */
export const plannerModel = "planner";

/** Said whenever the planner explains itself: no model is configured, and how to add one. */
export const noModelNotice =
  "No language model is configured, so I am the built-in planner: I understand a few clear requests and answer them with the built-in tools or sample data. " +
  "To talk to a real model, set OPENAI_API_KEY, ANTHROPIC_API_KEY or GOOGLE_GENERATIVE_AI_API_KEY, " +
  "or OPENAI_COMPATIBLE_BASE_URL for a local server (Ollama, vLLM, llama.cpp, LM Studio), then restart the server.";

export const helpText =
  "Here is what I can do without a language model:\n" +
  "- **table of orders** or **orders in europe**: the sample orders (`query_orders`), or `table of <topic>` for sample rows\n" +
  "- **chart of sales**: revenue by month, region or product as a bar, line, area or pie chart (`sales_chart`), e.g. `pie chart of sales by region`\n" +
  "- **dashboard** or **metrics**: the server's metrics (`server_metrics`)\n" +
  "- **site traffic this week** (or today, this month): the website's analytics, for admins (`site_traffic`)\n" +
  "- **form** or **feedback**: a feedback form (`feedback_form`)\n" +
  "- **code sample** or `code in <language>`: a code sample (`code_sample`: TypeScript, Python, Bash; other languages as samples)\n" +
  "- `docs about <topic>` or `search docs <words>`: an answer from the docs (`search_docs`)\n" +
  "- **tree** or **docs structure**: the docs as a tree (`docs_tree`)\n" +
  "- **welcome card**: a presentation card (`welcome_card`)\n" +
  "- **release notes**: what changed (`release_notes`)\n" +
  "- **config** or **json**: the server configuration, secrets redacted (`config_summary`)\n" +
  "- **report**: a sales report (`build_report`)\n" +
  "- **ask me something**: I ask you a question and wait for your answer\n" +
  "- **connect my account** or `sign in to <service>`: I ask you to authorize and wait until you reply";

/** What the planner answers a submitted form: it got it, and it does nothing more with it. */
export function formReceivedText(title: string): string {
  return `Thank you, I received the "${title}" form. Its answers are kept in this conversation; without a language model I do not act on them.`;
}

/** "a bar", "an area": the article a word takes, by its first letter. */
export function withArticle(word: string): string {
  return `${"aeiou".includes(word[0]?.toLowerCase() ?? "") ? "an" : "a"} ${word}`;
}

/** Questions the planner asks back; an answer to one continues the same task. */
export const plannerQuestions = {
  table: "What should the table be about? For example: planets, fruits or programming languages.",
  chart: "What should the chart show? For example: sales, visitors or temperatures.",
  askMe: "Happy to! What topic would you like to explore today?",
} as const;

/** What the planner says when a request needs the user's authorization (task state auth-required). */
export function plannerAuthMessage(service: string): string {
  return `To connect ${service}, I need your authorization. Please sign in to continue, then reply 'done'.`;
}

/** The service an earlier auth request named, or undefined when the text is not one. */
function authRequestedFor(text: string): string | undefined {
  const [before, after] = plannerAuthMessage("\u0000").split("\u0000");
  if (before === undefined || after === undefined) return undefined;
  if (text.length <= before.length + after.length) return undefined;
  if (!text.startsWith(before) || !text.endsWith(after)) return undefined;
  return text.slice(before.length, text.length - after.length);
}

/** Said when the user answers an auth request: the task resumes and completes. */
export function plannerAuthConfirmation(service: string): string {
  return `Thanks! ${service === "your account" ? "Your account" : service} is now authorized, and your request is complete.`;
}

type Reply = {
  text: string;
  artifact?: RunnerArtifact;
  question?: string;
  /** The user must authorize first: the task waits in auth-required with this message. */
  auth?: string;
  /** A built-in tool to call; `text` is said before it. */
  call?: PlannerToolCall;
};

/** Said when a request needs a tool this agent does not have. */
const missingTool = (tool: string) =>
  `This agent does not have the \`${tool}\` tool, so I cannot do that here. Type \`help\` to see what I can do.`;

function answerTo(question: string, answer: string): Reply | undefined {
  const topic = restOfLine(readablePart(answer), 0);
  const service = authRequestedFor(question);
  if (service !== undefined) return { text: plannerAuthConfirmation(service) };
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

function replyTo(text: string, tools: RunnerTool[]): Reply {
  const intent = plannerIntent(text);
  const call = plannerToolCall(intent, tools);
  if (call) return { text: call.intro, call };
  switch (intent.kind) {
    case "greeting":
      return {
        text: `Hello! I am the A2A Chat assistant. ${noModelNotice} Type \`help\` to see what I can do.`,
      };
    case "help":
      return { text: `${helpText}\n\n${noModelNotice}` };
    case "ask-me":
      return { text: plannerQuestions.askMe, question: plannerQuestions.askMe };
    case "authorize": {
      const message = plannerAuthMessage(intent.service);
      return { text: message, auth: message };
    }
    case "clarify":
      return { text: plannerQuestions[intent.about], question: plannerQuestions[intent.about] };
    case "table":
      return { text: `Here is a table of ${intent.topic}.`, artifact: tableArtifact(intent.topic) };
    case "orders":
      return { text: "Here is a table of sample orders.", artifact: tableArtifact("orders") };
    case "chart":
    case "sales-chart":
      return {
        text: `Here is ${withArticle(intent.chartType)} chart of ${intent.topic}.`,
        artifact: chartArtifact(intent.topic, intent.chartType),
      };
    case "dashboard":
      return { text: "Here is a sample dashboard.", artifact: dashboardArtifact() };
    case "form":
      return { text: "Here is a contact form.", artifact: formArtifact() };
    case "form-submitted":
      return { text: formReceivedText(intent.title) };
    case "code":
      return {
        text: `Here is a code sample in ${intent.language}.`,
        artifact: codeArtifact(intent.language),
      };
    case "tree":
      return { text: "Here is a project tree.", artifact: treeArtifact() };
    case "docs":
      return { text: missingTool("search_docs") };
    case "card":
      return { text: missingTool("welcome_card") };
    case "release-notes":
      return { text: missingTool("release_notes") };
    case "config":
      return { text: missingTool("config_summary") };
    case "traffic":
      return { text: missingTool("site_traffic") };
    case "report":
      return { text: missingTool("build_report") };
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
  readonly usesTools = true;
  /** Its reply exists at once: pieces joined in 16 ms windows cost nobody any wait. */
  readonly deltaIntervalMs = replyDeltaIntervalMs;
  private readonly words = new WordCounts();

  async *run(input: RunnerInput): AsyncIterable<RunnerEvent> {
    const { messages, signal } = input;
    const counter = { outputTokens: 0 };
    if (input.files && input.files.length > 0) {
      // Files come first: the planner reads them and says what they hold.
      yield* say(await describeFiles(input.files, signal), signal, counter);
      if (signal.aborted) return;
      yield {
        kind: "finish",
        reason: "stop",
        model: plannerModel,
        outputTokens: counter.outputTokens,
      };
      return;
    }
    const last = messages.at(-1);
    const previous = messages.at(-2);
    const userText = last?.role === "user" ? last.text : "";
    const reply =
      (previous?.role === "assistant" && answerTo(previous.text.trim(), userText)) ||
      replyTo(userText, input.tools);
    yield* say(reply.text, signal, counter);
    if (signal.aborted) return;
    if (reply.artifact) yield { kind: "artifact", artifact: reply.artifact };
    if (reply.call) {
      yield* callTool(reply.call, input.tools, signal, counter);
      if (signal.aborted) return;
    }
    if (reply.question) {
      yield { kind: "input-required", question: reply.question };
      return;
    }
    if (reply.auth) {
      yield { kind: "auth-required", message: reply.auth };
      return;
    }
    const inputTokens = this.words.total(messages);
    yield {
      kind: "finish",
      reason: "stop",
      model: plannerModel,
      inputTokens,
      outputTokens: counter.outputTokens,
    };
  }
}

/**
 * Words per delta. The executor joins the deltas of a few milliseconds into one event (see
 * PacedDeltas), but each delta still waits a turn of the event loop here: a word each made the
 * reply as slow as the busiest moment under load. A model's network read likewise carries a few
 * tokens.
 */
export const plannerWordsPerDelta = 4;

/** Streams text a few words at a time, counting each word as an output token. */
async function* say(
  text: string,
  signal: AbortSignal,
  counter: { outputTokens: number },
): AsyncIterable<RunnerEvent> {
  const words = textDeltas(text);
  for (let at = 0; at < words.length; at += plannerWordsPerDelta) {
    if (signal.aborted) return;
    const delta = words.slice(at, at + plannerWordsPerDelta);
    counter.outputTokens += delta.length;
    yield { kind: "text-delta", text: delta.join("") };
    // Give the event loop a turn between deltas, as a model's network stream would, so the
    // reply is seen streaming instead of arriving as one block.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Id of the planner's tool call in its turn (one call per turn, so always the same). */
export const plannerCallId = "planner-call-1";

/**
 * Calls the tool and yields the call and its result (the executor publishes the artifact our
 * MCP server stored for it), then a closing sentence; a failed call ends with a plain sentence.
 */
async function* callTool(
  call: PlannerToolCall,
  tools: RunnerTool[],
  signal: AbortSignal,
  counter: { outputTokens: number },
): AsyncIterable<RunnerEvent> {
  const tool = tools.find((t) => t.name === call.tool);
  if (!tool) return;
  yield { kind: "tool-call", id: plannerCallId, name: call.tool, args: call.args };
  let result: RunnerToolResult;
  try {
    result = await tool.execute(call.args, signal);
  } catch (error) {
    if (signal.aborted) return;
    const reason = error instanceof Error ? error.message : String(error);
    yield* say(`\n\nThe \`${call.tool}\` tool could not be called: ${reason}`, signal, counter);
    return;
  }
  if (signal.aborted) return;
  yield { kind: "tool-result", id: plannerCallId, name: call.tool, result };
  const closing = result.isError
    ? `The \`${call.tool}\` tool failed: ${result.text || "no reason given"}`
    : call.done;
  yield* say(`\n\n${closing}`, signal, counter);
}
