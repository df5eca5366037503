import type { Message, Part } from "@a2a-chat/contracts";
import type { FileBytes, RunnerFile } from "./turn-files.js";

/** A file part of an artifact (an image, audio or other file a tool returned). */
export type FilePart = Extract<Part, { kind: "file" }>;

/**
 * The seam between the A2A executor and whatever produces an agent's reply: a language model
 * through the AI SDK, or the built-in deterministic planner when no model is configured.
 */

/** A turn of the conversation as the runner sees it. */
export interface RunnerMessage {
  role: "user" | "assistant";
  text: string;
  /** Names the stored message this turn is (unique across users), when it is one. */
  key?: string;
}

/** A tool the runner may call (one of the agent's MCP tools, see mcp-tools.ts). */
export interface RunnerTool {
  name: string;
  /** The MCP server the tool belongs to. */
  server?: string;
  description: string;
  /** JSON schema of the arguments. */
  inputSchema: Record<string, unknown>;
  /** Runs the tool; the result becomes an artifact. */
  execute(args: Record<string, unknown>, signal: AbortSignal): Promise<RunnerToolResult>;
}

export interface RunnerToolResult {
  isError: boolean;
  /** Text content of the result, joined. */
  text: string;
  /** Structured content, when the tool returned any. */
  data?: unknown;
  /** Id of the execution record our MCP server kept for the call (its `_meta` mcp_execution_id). */
  executionId?: string;
  /** The result's images, audio and other files, as artifact file parts. */
  files?: FilePart[];
}

/** An artifact the runner produced directly (the planner's tables, charts, forms…). */
export interface RunnerArtifact {
  name: string;
  description?: string;
  /** One of the core spec's artifact types: table, chart, code, form, tree, dashboard, markdown, json, presentation_card. */
  artifactType: string;
  data: unknown;
  /** File parts shown beside the data (a tool result's images). */
  files?: FilePart[];
  renderingHints?: Record<string, unknown>;
  fingerprint?: string;
  /** The artifact's own parts, used as they are instead of data and files (another agent's artifact). */
  parts?: Part[];
}

/**
 * What a run yields, in order. The executor publishes each text delta as one status update, at
 * once or, for a runner with a deltaIntervalMs, at most that often (deltas arriving meanwhile
 * joined); a runner joins what arrives together, which saves work per delta (the AI SDK runner
 * joins the deltas of one event-loop turn, see coalesceDeltas; the planner a few words per turn).
 */
export type RunnerEvent =
  | { kind: "text-delta"; text: string }
  /**
   * A whole message of the agent's (another A2A agent's status update): a new id is a new message
   * in the task's history, the same id again replaces that message's text. The latest one is the
   * task's status message (its progress line); none is ever joined to another.
   */
  | { kind: "message"; messageId: string; text: string }
  | { kind: "tool-call"; id: string; name: string; args: Record<string, unknown> }
  | { kind: "tool-result"; id: string; name: string; result: RunnerToolResult }
  | { kind: "artifact"; artifact: RunnerArtifact }
  /** The agent needs an answer from the user before it can go on (task state input-required). */
  | { kind: "input-required"; question: string }
  /** The user must authorize (sign in) before the agent can go on (task state auth-required). */
  | { kind: "auth-required"; message: string }
  | {
      kind: "finish";
      reason: "stop" | "length" | "tool-calls" | "error" | "other";
      model: string;
      inputTokens?: number;
      outputTokens?: number;
    };

export interface RunnerInput {
  systemPrompt: string;
  /** Earlier turns of the conversation, oldest first, ending with the user's new message. */
  messages: RunnerMessage[];
  tools: RunnerTool[];
  signal: AbortSignal;
  /** The turn's conversation, task and new user message whole (files too), for runners that forward it. */
  place?: {
    contextId: string;
    taskId: string;
    userMessage?: Message;
    /** Hosts the user reached this server at: links there are this server's own. */
    ownHosts?: string[];
  };
  /** The files the user sent with the new message, readable as the caller. */
  files?: RunnerFile[];
  /** Reads one of the caller's uploads by id, as the caller (for runners that forward files). */
  readUpload?: (id: string, maxBytes: number, signal?: AbortSignal) => Promise<FileBytes>;
}

/** Produces one reply. Implementations must stop promptly when the signal aborts. */
export interface ModelRunner {
  /** Human-readable model name, e.g. "openai:gpt-4o-mini" or "planner". */
  readonly model: string;
  /** False when the runner never calls tools (the planner): the agent's servers are not opened. */
  readonly usesTools?: boolean;
  /**
   * How often, at most, the executor publishes this runner's text (ms); deltas arriving
   * meanwhile are joined (see PacedDeltas). Unset or 0: each delta at once, as a model streams
   * it (a chunk's server time stays under a millisecond). The planner, whose words exist at
   * once, sets replyDeltaIntervalMs.
   */
  readonly deltaIntervalMs?: number;
  run(input: RunnerInput): AsyncIterable<RunnerEvent>;
}
