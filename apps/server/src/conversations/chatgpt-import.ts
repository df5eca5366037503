import {
  type ConversationExport,
  conversationExportFormat,
  type ExportedMessage,
  type ExportedTask,
} from "@a2a-chat/contracts";
import { z } from "zod";

const nodeSchema = z.looseObject({
  parent: z.string().nullish(),
  children: z.array(z.string()).nullish(),
  message: z
    .looseObject({
      author: z.looseObject({ role: z.string() }),
      create_time: z.number().nullish(),
      content: z.looseObject({
        content_type: z.string(),
        parts: z.array(z.unknown()).nullish(),
      }),
    })
    .nullish(),
});

/** A ChatGPT data export's conversations.json: a list of conversations, each a tree of messages. */
export const chatGptExportSchema = z.array(
  z.looseObject({
    title: z.string().nullish(),
    create_time: z.number().nullish(),
    mapping: z.record(z.string(), nodeSchema),
    current_node: z.string().nullish(),
  }),
);
type ChatGptConversation = z.infer<typeof chatGptExportSchema>[number];

/** Whether a value looks like a ChatGPT conversations.json (a list of objects with a mapping). */
export function looksLikeChatGpt(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => typeof item === "object" && item !== null && "mapping" in item)
  );
}

const iso = (seconds: number | null | undefined, fallback: number): number =>
  typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0
    ? seconds * 1000
    : fallback;

/** The messages on the chosen branch, root first (the leaf is current_node, else the newest). */
function branch(conversation: ChatGptConversation): z.infer<typeof nodeSchema>[] {
  const { mapping } = conversation;
  let leaf = conversation.current_node ?? undefined;
  if (leaf === undefined || !(leaf in mapping)) {
    leaf = Object.keys(mapping).find((id) => (mapping[id]?.children ?? []).length === 0);
  }
  const path: z.infer<typeof nodeSchema>[] = [];
  const seen = new Set<string>();
  // A cycle or a dangling parent ends the walk: each node is visited once at most.
  while (leaf !== undefined && !seen.has(leaf)) {
    seen.add(leaf);
    const node = mapping[leaf];
    if (!node) break;
    path.push(node);
    leaf = node.parent ?? undefined;
  }
  return path.reverse();
}

function textOf(parts: readonly unknown[] | null | undefined): string {
  return (parts ?? [])
    .filter((part): part is string => typeof part === "string")
    .join("\n\n")
    .trim();
}

/**
 * ChatGPT conversations as A2A Chat exports: the chosen branch's user and assistant text, each
 * user message starting a completed task of the agent 'chatgpt' (shown as ChatGPT). System, tool
 * and hidden messages and non-text content are left out. Ids are placeholders: import gives new ones.
 */
export function fromChatGpt(conversations: unknown, now = new Date()): ConversationExport[] {
  return chatGptExportSchema.parse(conversations).map((conversation, index) => {
    const start = iso(conversation.create_time, now.getTime());
    let last = start - 1;
    const tasks: ExportedTask[] = [];
    const messages: ExportedMessage[] = [];
    for (const node of branch(conversation)) {
      const message = node.message;
      const role = message?.author.role;
      if (!message || (role !== "user" && role !== "assistant")) continue;
      const text = textOf(message.content.parts);
      if (text === "") continue;
      last = Math.max(last + 1, iso(message.create_time, last + 1));
      const at = new Date(last).toISOString();
      if (role === "user" || tasks.length === 0) {
        tasks.push({
          id: `t${tasks.length}`,
          agent_name: "chatgpt",
          task_type: "agent_message",
          state: "completed",
          status_timestamp: at,
          status_message: null,
          metadata: {
            task_type: "agent_message",
            agent_name: "chatgpt",
            agent_display_name: "ChatGPT",
            created_at: at,
            imported_from: "chatgpt",
          },
          created_at: at,
          updated_at: at,
        });
      }
      const task = tasks[tasks.length - 1] as ExportedTask;
      task.updated_at = at;
      task.status_timestamp = at;
      messages.push({
        id: `m${messages.length}`,
        task_id: task.id,
        role: role === "user" ? "user" : "agent",
        parts: [{ kind: "text", text }],
        created_at: at,
      });
    }
    const title = conversation.title?.trim().slice(0, 200);
    return {
      format: conversationExportFormat,
      version: 1,
      exported_at: now.toISOString(),
      conversation: {
        name: title || `Imported conversation ${index + 1}`,
        created_at: new Date(start).toISOString(),
      },
      tasks,
      messages,
      artifacts: [],
      files: [],
    };
  });
}
