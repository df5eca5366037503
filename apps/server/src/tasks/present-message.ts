import { type Message, messageSchema } from "@a2a-chat/contracts";
import type { MessageRow } from "../db/schema.js";
import { readStored, type WarnLog } from "./read-stored.js";

/** A stored message in its API form; undefined (and a warning) if it no longer validates. */
export function presentMessage(row: MessageRow, log: WarnLog): Message | undefined {
  return readStored(
    "message",
    row.id,
    () => ({
      messageId: row.id,
      role: row.role,
      parts: JSON.parse(row.parts),
      contextId: row.context_id,
      ...(row.task_id === null ? {} : { taskId: row.task_id }),
    }),
    (value) => messageSchema.parse(value),
    log,
  );
}
