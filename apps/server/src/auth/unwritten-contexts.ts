import {
  partSchema,
  terminalTaskStates,
  welcomeMessageText,
  welcomeMetadataKey,
} from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema.js";

const partsSchema = z.array(partSchema);

/** Whether a stored user message is the chat's own first-visit greeting, marked as such. */
export function isWelcomeGreeting(partsJson: string): boolean {
  let parsed: ReturnType<typeof partsSchema.safeParse>;
  try {
    parsed = partsSchema.safeParse(JSON.parse(partsJson));
  } catch {
    return false;
  }
  if (!parsed.success || parsed.data.length !== 1) return false;
  const [part] = parsed.data;
  return (
    part?.kind === "text" &&
    part.text === welcomeMessageText &&
    part.metadata?.[welcomeMetadataKey] === true
  );
}

/**
 * The visitor's conversations that hold nothing the visitor wrote: no message at all (the empty
 * 'Default Conversation' a visitor's chat makes), or only the greeting the chat sent by itself
 * on the browser's first visit and the agent's finished reply to it. Anything else keeps a
 * conversation: a message the user typed (even the same words, unmarked), a file, a tool run or
 * artifact of their own, or a reply still running.
 */
async function unwrittenContextIds(trx: Kysely<Database>, from: string): Promise<string[]> {
  const candidates = await trx
    .selectFrom("contexts as c")
    .select("c.id")
    .where("c.user_id", "=", from)
    .where(({ and, not, exists, selectFrom }) =>
      and([
        not(exists(selectFrom("files").select("id").whereRef("context_id", "=", "c.id"))),
        ...(["artifacts", "tool_executions"] as const).map((table) =>
          not(
            exists(
              selectFrom(table)
                .select("id")
                .whereRef("context_id", "=", "c.id")
                .where("task_id", "is", null),
            ),
          ),
        ),
        not(
          exists(
            selectFrom("tasks")
              .select("id")
              .whereRef("context_id", "=", "c.id")
              .where("state", "not in", terminalTaskStates),
          ),
        ),
      ]),
    )
    .execute();
  const ids: string[] = [];
  for (const { id } of candidates) {
    // The greeting goes once per browser: a second message from the user means they wrote.
    const written = await trx
      .selectFrom("messages")
      .select("parts")
      .where("user_id", "=", from)
      .where("context_id", "=", id)
      .where("role", "=", "user")
      .limit(2)
      .execute();
    if (written.length === 1 && isWelcomeGreeting(written[0]?.parts ?? "")) ids.push(id);
    else if (written.length === 0 && !(await holdsAnything(trx, id))) ids.push(id);
  }
  return ids;
}

/** Whether a conversation with no user message still holds a message or task. */
async function holdsAnything(trx: Kysely<Database>, contextId: string): Promise<boolean> {
  for (const table of ["messages", "tasks"] as const) {
    const row = await trx
      .selectFrom(table)
      .select("id")
      .where("context_id", "=", contextId)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

/**
 * Deletes the visitor's unwritten conversations (see unwrittenContextIds), with their stream
 * events, when the account already has a conversation. Every new browser makes a visitor whose
 * chat opens a 'Default Conversation' and greets the product in it; signing in on it would
 * otherwise add that conversation, greeting and all, to the account each time. A new account (a
 * registration) keeps the visitor's, so it does not start empty. Returns how many were dropped.
 */
export async function dropUnwrittenContexts(
  trx: Kysely<Database>,
  from: string,
  to: string,
): Promise<number> {
  const accountHasOne = await trx
    .selectFrom("contexts")
    .select("id")
    .where("user_id", "=", to)
    .limit(1)
    .executeTakeFirst();
  if (!accountHasOne) return 0;
  const ids = await unwrittenContextIds(trx, from);
  if (ids.length === 0) return 0;
  await trx
    .deleteFrom("events")
    .where("user_id", "=", from)
    .where("context_id", "in", ids)
    .execute();
  // Its tasks, messages, artifacts and tool records go with it (foreign keys cascade).
  await trx.deleteFrom("contexts").where("user_id", "=", from).where("id", "in", ids).execute();
  return ids.length;
}
