import { z } from "zod";
import { artifactSchema } from "./artifacts.js";
import { itemIdSchema, messageSchema } from "./messages.js";

/** Every state a task can be in (core spec §4). */
export const taskStates = [
  "submitted",
  "working",
  "input-required",
  "completed",
  "canceled",
  "failed",
  "rejected",
  "auth-required",
] as const;
/** A task state. */
export type TaskState = (typeof taskStates)[number];

/** States a task never leaves; reaching one completes the task. */
export const terminalTaskStates = [
  "completed",
  "canceled",
  "failed",
  "rejected",
] as const satisfies readonly TaskState[];

/** What the UI shows for each task state (core spec §4). */
export const taskStateLabels: Record<TaskState, string> = {
  submitted: "Submitted",
  working: "Working...",
  "input-required": "Input Required",
  completed: "Completed",
  canceled: "Canceled",
  failed: "Failed",
  rejected: "Rejected",
  "auth-required": "Authentication Required",
};

/** Whether a value is one of the task states. */
export function isTaskState(value: unknown): value is TaskState {
  return typeof value === "string" && (taskStates as readonly string[]).includes(value);
}

/** Whether a state is terminal. */
export function isTerminalTaskState(state: TaskState): boolean {
  return (terminalTaskStates as readonly string[]).includes(state);
}

/** The label of a state; any other value shows 'Unknown'. */
export function taskStateLabel(state: unknown): string {
  return isTaskState(state) ? taskStateLabels[state] : "Unknown";
}

/** Refusal of a task whose metadata breaks the rule of core spec §5. */
export const invalidTaskMessage = "Invalid task: missing required metadata fields";

/** The kinds of task (core spec §3). */
export const taskTypes = ["mcp_execution", "agent_message"] as const;
/** What produced a task: a direct tool run or an agent conversation turn. */
export type TaskType = (typeof taskTypes)[number];

/** A task's state, when it got there, and the message that came with it. */
export const taskStatusSchema = z.object({
  state: z.enum(taskStates),
  timestamp: z.string(),
  message: messageSchema.optional(),
});
/** A task's state, when it got there, and the message that came with it. */
export type TaskStatus = z.infer<typeof taskStatusSchema>;

/** One tool call an agent made in a task, with its result once it came (core spec §3 toolCalls). */
export const toolCallRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  /** The MCP server of the tool, when known. */
  server: z.string().optional(),
  /** ISO time the call was made. */
  timestamp: z.string(),
  result: z.object({ content: z.unknown(), is_error: z.boolean() }).optional(),
  /** The reply was stopped while the call ran: it has no result and never will. */
  cancelled: z.boolean().optional(),
});
/** One tool call an agent made in a task. */
export type ToolCallRecord = z.infer<typeof toolCallRecordSchema>;

/** The tool calls a task's metadata records (metadata.tool_calls); malformed entries are left out. */
export function readToolCalls(metadata: unknown): ToolCallRecord[] {
  const calls =
    typeof metadata === "object" && metadata !== null && "tool_calls" in metadata
      ? metadata.tool_calls
      : undefined;
  if (!Array.isArray(calls)) return [];
  return calls.flatMap((call) => {
    const parsed = toolCallRecordSchema.safeParse(call);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Task metadata: task_type, agent_name and created_at are required (core spec §3, §5). */
export const taskMetadataSchema = z.looseObject({
  task_type: z.enum(taskTypes),
  agent_name: z.string(),
  created_at: z.string(),
  /** The name the agent showed when it worked on the task, so its replies keep their author. */
  agent_display_name: z.string().optional(),
  mcp_server_name: z.string().optional(),
  execution_time_ms: z.number().nonnegative().optional(),
  started_at: z.string().optional(),
  completed_at: z.string().optional(),
  updated_at: z.string().optional(),
  model: z.string().optional(),
  input_tokens: z.number().int().nonnegative().optional(),
  output_tokens: z.number().int().nonnegative().optional(),
  /** The agent's tool calls in this task, in order. */
  tool_calls: z.array(toolCallRecordSchema).optional(),
  /** The task this one follows in its conversation (null: the first); siblings are branches. */
  parent_task_id: z.string().nullable().optional(),
  /** Set when the task forks inside its parent: it follows the parent up to (not with) this message. */
  branch_message_id: z.string().nullable().optional(),
});
/** Task metadata. */
export type TaskMetadata = z.infer<typeof taskMetadataSchema>;

/** One unit of agent work with its history and results (core spec §3). */
export const taskSchema = z.object({
  id: itemIdSchema,
  contextId: z.string(),
  status: taskStatusSchema,
  history: z.array(messageSchema),
  artifacts: z.array(artifactSchema),
  metadata: taskMetadataSchema,
});
/** One unit of agent work with its history and results. */
export type Task = z.infer<typeof taskSchema>;

const requiredMetadataSchema = z.object({
  task_type: z.enum(taskTypes),
  agent_name: z.string(),
  created_at: z.string(),
});

function hasRequiredMetadata(value: unknown): boolean {
  const metadata = typeof value === "object" && value !== null && "metadata" in value;
  return metadata && requiredMetadataSchema.safeParse(value.metadata).success;
}

/** Whether a value is a valid task. */
export function isValidTask(value: unknown): value is Task {
  return taskSchema.safeParse(value).success;
}

/**
 * The value as a task. Throws Error('Invalid task: missing required metadata fields') when the
 * metadata rule fails, else 'Invalid task: {where} {problem}' for any other defect.
 */
export function validateTask(value: unknown): Task {
  if (!hasRequiredMetadata(value)) throw new Error(invalidTaskMessage);
  const parsed = taskSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.join(".") || "task";
  throw new Error(`Invalid task: ${where} ${issue?.message ?? "is invalid"}`);
}
