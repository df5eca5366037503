import {
  type ConversationExport,
  conversationExportFormat,
  exportedArtifactSchema,
  exportedMessageSchema,
  exportedTaskSchema,
} from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { AuthContext } from "../auth/auth-context.js";
import { ContextsRepository } from "../db/repositories/contexts.js";
import { ConversationRowsRepository } from "../db/repositories/conversation-rows.js";
import type { ContextRow, Database } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { canUseContext } from "../policies/contexts.js";

const parse = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

// A stored item that no longer validates is left out rather than failing the whole export.
const valid = <S extends z.ZodType>(schema: S, value: unknown): z.infer<S>[] => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [parsed.data] : [];
};

/** One of the caller's conversations, or 404 (another user's reads as missing). */
export async function ownedConversation(
  db: Kysely<Database>,
  auth: Pick<AuthContext, "userId">,
  contextId: string,
): Promise<ContextRow> {
  const row = await new ContextsRepository(db).findById(contextId);
  if (!canUseContext(auth, row)) throw new AppError("not_found", "Context not found");
  return row;
}

/**
 * Everything a conversation holds, as the JSON export: messages, tasks with the task each follows
 * (every branch), the branch shown (its leaf), artifacts and files.
 */
export async function exportConversation(
  db: Kysely<Database>,
  context: ContextRow,
  now = new Date(),
): Promise<ConversationExport> {
  const rows = new ConversationRowsRepository(db);
  const [tasks, messages, artifacts, files] = await Promise.all([
    rows.tasks(context.id),
    rows.messages(context.id),
    rows.artifacts(context.id),
    rows.files(context.id),
  ]);
  return {
    format: conversationExportFormat,
    version: 1,
    exported_at: now.toISOString(),
    conversation: {
      name: context.name,
      created_at: context.created_at,
      leaf_task_id: context.leaf_task_id,
    },
    tasks: tasks.flatMap((t) =>
      valid(exportedTaskSchema, {
        id: t.id,
        agent_name: t.agent_name,
        task_type: t.task_type,
        state: t.state,
        status_timestamp: t.status_timestamp,
        status_message: parse(t.status_message),
        metadata: parse(t.metadata),
        created_at: t.created_at,
        updated_at: t.updated_at,
        parent_task_id: t.parent_task_id,
        branch_message_id: t.branch_message_id,
      }),
    ),
    messages: messages.flatMap((m) =>
      valid(exportedMessageSchema, {
        id: m.id,
        task_id: m.task_id,
        role: m.role,
        parts: parse(m.parts),
        created_at: m.created_at,
      }),
    ),
    artifacts: artifacts.flatMap((a) =>
      valid(exportedArtifactSchema, {
        id: a.id,
        task_id: a.task_id,
        name: a.name,
        description: a.description,
        artifact_type: a.artifact_type,
        parts: parse(a.parts),
        metadata: parse(a.metadata),
        created_at: a.created_at,
      }),
    ),
    files: files.map(({ row, bytes }) => ({
      id: row.id,
      name: row.name,
      mime_type: row.mime_type,
      data: bytes.toString("base64"),
    })),
  };
}
