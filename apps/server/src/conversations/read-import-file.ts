import {
  type ConversationExport,
  conversationExportFormat,
  conversationExportSchema,
  importBranchProblems,
  importMessages,
  maxImportBytes,
  maxImportConversations,
  maxImportMessages,
} from "@a2a-chat/contracts";
import type { z } from "zod";
import { AppError } from "../http/errors.js";
import { chatGptExportSchema, fromChatGpt, looksLikeChatGpt } from "./chatgpt-import.js";

const refuse = (message: string) => new AppError("validation_failed", message);

function problem(error: z.ZodError, prefix: (string | number)[] = []): AppError {
  const issue = error.issues[0];
  const where = [...prefix, ...(issue?.path ?? [])].join(".") || "file";
  return refuse(importMessages.invalid(where, issue?.message ?? "is invalid"));
}

function ours(value: unknown): value is { format: string } {
  return typeof value === "object" && value !== null && "format" in value;
}

/** The first id used twice in a list, as its path ("tasks.3.id"). */
function repeatedId(doc: ConversationExport): string | undefined {
  for (const list of ["tasks", "messages", "artifacts", "files"] as const) {
    const seen = new Set<string>();
    for (const [index, item] of doc[list].entries()) {
      if (seen.has(item.id)) return `${list}.${index}.id`;
      seen.add(item.id);
    }
  }
  return undefined;
}

/**
 * The first place where the file's branches do not hold together, as [path, problem]: a parent or
 * leaf that is not a task of the file, parents that loop (the walks of a conversation's tree
 * must end), a fork point that is not a message of the task forked.
 */
function branchProblem(doc: ConversationExport): [string, string] | undefined {
  const parents = new Map(doc.tasks.map((task) => [task.id, task.parent_task_id ?? null]));
  const taskOfMessage = new Map(doc.messages.map((message) => [message.id, message.task_id]));
  // Each task is walked up to a task already known to end at a root, so the check is linear.
  const ends = new Set<string>();
  for (const [index, task] of doc.tasks.entries()) {
    const parent = task.parent_task_id ?? null;
    if (parent !== null && !parents.has(parent)) {
      return [`tasks.${index}.parent_task_id`, importBranchProblems.notATask];
    }
    const walked = new Set<string>();
    for (
      let at: string | null = task.id;
      at !== null && !ends.has(at);
      at = parents.get(at) ?? null
    ) {
      if (walked.has(at)) return [`tasks.${index}.parent_task_id`, importBranchProblems.loop];
      walked.add(at);
    }
    for (const id of walked) ends.add(id);
    const cut = task.branch_message_id ?? null;
    if (cut !== null && (parent === null || taskOfMessage.get(cut) !== parent)) {
      return [`tasks.${index}.branch_message_id`, importBranchProblems.notAMessage];
    }
  }
  const leaf = doc.conversation.leaf_task_id ?? null;
  if (leaf !== null && !parents.has(leaf)) {
    return ["conversation.leaf_task_id", importBranchProblems.notATask];
  }
  return undefined;
}

/** One of our exports, or a list of them, validated. */
function readOurs(value: unknown): ConversationExport[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((item, index) => {
    const parsed = conversationExportSchema.safeParse(item);
    const prefix = Array.isArray(value) ? [index] : [];
    if (!parsed.success) throw problem(parsed.error, prefix);
    const repeated = repeatedId(parsed.data);
    if (repeated !== undefined) {
      throw refuse(importMessages.invalid([...prefix, repeated].join("."), "is used twice"));
    }
    const branch = branchProblem(parsed.data);
    if (branch !== undefined) {
      throw refuse(importMessages.invalid([...prefix, branch[0]].join("."), branch[1]));
    }
    return parsed.data;
  });
}

/**
 * The conversations an import file holds: an A2A Chat conversation export (or a list of them),
 * or a ChatGPT conversations.json. Checks size, JSON, format and the count limits before
 * anything is written, and refuses with the exact texts of importMessages.
 */
export function readImportFile(text: string, bytes: number): ConversationExport[] {
  if (bytes > maxImportBytes) {
    throw new AppError("payload_too_large", importMessages.tooLarge);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw refuse(importMessages.notJson);
  }
  if (Array.isArray(value) && value.length === 0) throw refuse(importMessages.empty);
  if (Array.isArray(value) && value.length > maxImportConversations) {
    throw refuse(importMessages.tooManyConversations);
  }
  let docs: ConversationExport[];
  const isOurs = Array.isArray(value) ? value.every(ours) : ours(value);
  if (isOurs) {
    const formats = (Array.isArray(value) ? value : [value]) as { format: unknown }[];
    if (formats.some((doc) => doc.format !== conversationExportFormat)) {
      throw refuse(importMessages.unknownFormat);
    }
    docs = readOurs(value);
  } else if (looksLikeChatGpt(value)) {
    const parsed = chatGptExportSchema.safeParse(value);
    if (!parsed.success) throw problem(parsed.error);
    docs = fromChatGpt(parsed.data);
  } else {
    throw refuse(importMessages.unknownFormat);
  }
  const messages = docs.reduce((sum, doc) => sum + doc.messages.length, 0);
  if (messages > maxImportMessages) throw refuse(importMessages.tooManyMessages);
  return docs;
}
