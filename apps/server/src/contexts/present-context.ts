import type { ContextRecord } from "@a2a-chat/contracts";
import type { ContextRow } from "../db/schema.js";

/** A stored conversation in its API form. */
export function presentContext(row: ContextRow): ContextRecord {
  return {
    context_id: row.id,
    name: row.name,
    created_at: row.created_at,
    updated_at: row.updated_at,
    message_count: Number(row.message_count),
    task_count: Number(row.task_count),
    last_message_at: row.last_message_at,
    leaf_task_id: row.leaf_task_id ?? null,
    leaf_cut_message_id: row.leaf_cut_message_id ?? null,
  };
}
