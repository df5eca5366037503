import type { Message } from "@a2a-chat/contracts";
import { MessagesRepository } from "../../db/repositories/messages.js";
import type { Services } from "../../http/services.js";
import { presentMessage } from "../../tasks/present-message.js";
import type { RunnerMessage } from "../model-runner.js";
import { messageText } from "../sdk-convert.js";
import { withAppContext } from "./app-context.js";

/** How many earlier tasks of a conversation the runner sees. */
export const historyTasks = 50;

/** A message's text with a line naming each file it carried, so later turns know of them. */
export function withFileNames(text: string, message: Message): string {
  const names = message.parts.flatMap((part) =>
    part.kind === "file" ? [`[Attached file: ${part.file.name ?? "Unnamed file"}]`] : [],
  );
  return names.length === 0 ? text : [text, ...names].filter((t) => t !== "").join("\n");
}

/**
 * The conversation so far as the runner reads it, oldest first, ending with the new user
 * message: the messages of its latest tasks (their artifacts are not part of it), without the
 * ones that say nothing.
 */
export async function turnHistory(services: Services, contextId: string): Promise<RunnerMessage[]> {
  // Grouped by task in the tasks' order; within a task, in the order they were written.
  const messages = await new MessagesRepository(services.db.kysely).listForLatestTasks(
    contextId,
    historyTasks,
  );
  return messages.flatMap((row) => {
    const message = presentMessage(row, services.logger);
    if (!message) return [];
    const text = withAppContext(withFileNames(messageText(message), message), message);
    if (text.trim() === "") return [];
    const role = message.role === "user" ? "user" : "assistant";
    return [{ role, text, key: `${row.user_id}/${row.id}` }];
  });
}
