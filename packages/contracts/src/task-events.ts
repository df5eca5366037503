import { z } from "zod";
import { artifactSchema } from "./artifacts.js";
import { messageSchema } from "./messages.js";
import { taskSchema, taskStates } from "./tasks.js";

/** What every task event names: the task, its new state and when it got there (core spec §4). */
const taskEventBase = z.object({
  task_id: z.string(),
  status: z.enum(taskStates),
  timestamp: z.string(),
});

/** data of `task_created`: the new task, history included. */
export const taskCreatedDataSchema = taskEventBase.extend({ task: taskSchema });
/** data of `task_created`. */
export type TaskCreatedData = z.infer<typeof taskCreatedDataSchema>;

/** data of `task_status_changed`, with the message that came with the change if any. */
export const taskStatusChangedDataSchema = taskEventBase.extend({
  message: messageSchema.optional(),
});
/** data of `task_status_changed`. */
export type TaskStatusChangedData = z.infer<typeof taskStatusChangedDataSchema>;

/** data of `task_completed`: the finished task, with its whole history and artifacts. */
export const taskCompletedDataSchema = taskEventBase.extend({ task: taskSchema });
/** data of `task_completed`. */
export type TaskCompletedData = z.infer<typeof taskCompletedDataSchema>;

/** data of `message_added`: a stored message, the task it belongs to (if any) and when. */
export const messageAddedDataSchema = z.object({
  task_id: z.string().nullable(),
  message: messageSchema,
  created_at: z.string(),
});
/** data of `message_added`. */
export type MessageAddedData = z.infer<typeof messageAddedDataSchema>;

/**
 * data of `artifact_created`: a stored artifact and its task. replaced_artifact_id names an
 * earlier artifact of the task with the same fingerprint that this one replaced (now gone).
 */
export const artifactCreatedDataSchema = z.object({
  task_id: z.string().nullable(),
  artifact: artifactSchema,
  replaced_artifact_id: z.string().optional(),
});
/** data of `artifact_created`. */
export type ArtifactCreatedData = z.infer<typeof artifactCreatedDataSchema>;
