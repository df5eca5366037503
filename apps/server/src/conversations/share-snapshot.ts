import type { ConversationExport, SharedConversation } from "@a2a-chat/contracts";
import { shareMessages } from "@a2a-chat/contracts";
import { AppError } from "../http/errors.js";

/**
 * What a share link shows, made from a conversation's export: its messages (up to and with
 * `upTo` when given) with their authors' shown names, and the artifacts of the tasks those
 * messages belong to. Ids, metadata, tool arguments and files stored on the server stay out:
 * the snapshot carries the words and data of the conversation only.
 */
export function shareSnapshot(
  doc: ConversationExport,
  upTo: string | undefined,
  now = new Date(),
): SharedConversation {
  let messages = doc.messages;
  if (upTo !== undefined) {
    const last = messages.findIndex((m) => m.id === upTo);
    if (last === -1)
      throw new AppError("validation_failed", shareMessages.messageNotInConversation);
    messages = messages.slice(0, last + 1);
  }
  const tasks = new Map(doc.tasks.map((task) => [task.id, task]));
  const author = (taskId: string | null, role: string) => {
    if (role === "user") return "You";
    const task = taskId === null ? undefined : tasks.get(taskId);
    const shown = task?.metadata.agent_display_name;
    return typeof shown === "string" ? shown : (task?.agent_name ?? "Agent");
  };
  const lastOfTask = new Map<string, number>();
  messages.forEach((m, i) => {
    if (m.task_id !== null) lastOfTask.set(m.task_id, i);
  });
  return {
    name: doc.conversation.name,
    shared_at: now.toISOString(),
    messages: messages.map((m) => ({
      role: m.role,
      author: author(m.task_id, m.role),
      // Links to uploaded files need the owner's session; the shared copy keeps only their names.
      parts: m.parts.map((part) =>
        part.kind === "file" && part.file.uri !== undefined && part.file.uri.includes("/api/")
          ? { kind: "text" as const, text: `📎 ${part.file.name ?? "file"}` }
          : part,
      ),
      created_at: m.created_at,
    })),
    artifacts: doc.artifacts.flatMap((a) => {
      const after = a.task_id === null ? undefined : lastOfTask.get(a.task_id);
      if (after === undefined) return [];
      return [
        {
          name: a.name,
          description: a.description,
          artifact_type: a.artifact_type,
          parts: a.parts,
          after_message: after,
        },
      ];
    }),
  };
}
