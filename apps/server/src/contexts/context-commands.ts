import { type ContextRecord, lastContextMessage } from "@a2a-chat/contracts";
import { sql } from "kysely";
import type { AuthContext } from "../auth/auth-context.js";
import { ContextsRepository } from "../db/repositories/contexts.js";
import { deleteEvenWhenFull } from "../db/storage-reserve.js";
import { AppError } from "../http/errors.js";
import { canUseContext } from "../policies/contexts.js";
import { checkConversationCount } from "../quotas/quota-checks.js";
import { transactWithEvents } from "../stream/transact.js";
import type { CommandServices } from "../tasks/command-services.js";
import { presentContext } from "./present-context.js";

const notFound = () => new AppError("not_found", "Context not found");

/** Creates a conversation and its context_created event, within the user's conversation limit. */
export function createContext(
  services: CommandServices,
  auth: Pick<AuthContext, "userId">,
  name: string,
): Promise<ContextRecord> {
  return transactWithEvents(services, async (trx, emit) => {
    // Concurrent creates of one user take turns, so the limit cannot be passed by racing.
    if (services.db.dialect === "postgres")
      await sql`select id from users where id = ${auth.userId} for update`.execute(trx);
    await checkConversationCount(trx, auth.userId, services.config.quotas);
    const record = presentContext(await new ContextsRepository(trx).create(auth.userId, name));
    await emit({
      userId: auth.userId,
      type: "context_created",
      contextId: record.context_id,
      data: record,
    });
    return record;
  });
}

/** Renames one of the caller's conversations and emits context_updated. */
export function renameContext(
  services: CommandServices,
  auth: AuthContext,
  id: string,
  name: string,
): Promise<ContextRecord> {
  return transactWithEvents(services, async (trx, emit) => {
    const contexts = new ContextsRepository(trx);
    if (!canUseContext(auth, await contexts.findById(id))) throw notFound();
    const row = await contexts.rename(id, name);
    if (!row) throw notFound();
    const record = presentContext(row);
    await emit({ userId: auth.userId, type: "context_updated", contextId: id, data: record });
    return record;
  });
}

/**
 * Deletes one of the caller's conversations unless it is their last, and emits context_deleted.
 * The user's row is locked before counting so two concurrent deletes cannot both pass the check.
 */
export function deleteContext(
  services: CommandServices,
  auth: AuthContext,
  id: string,
): Promise<void> {
  return deleteEvenWhenFull(services.db.storage, () => removeContext(services, auth, id));
}

function removeContext(services: CommandServices, auth: AuthContext, id: string): Promise<void> {
  return transactWithEvents(services, async (trx, emit) => {
    if (services.db.dialect === "postgres") {
      // Same lock order as every other write (conversation, then user) so writers never deadlock.
      await sql`select id from contexts where id = ${id} for update`.execute(trx);
      await sql`select id from users where id = ${auth.userId} for update`.execute(trx);
    }
    const contexts = new ContextsRepository(trx);
    if (!canUseContext(auth, await contexts.findById(id))) throw notFound();
    if ((await contexts.countForUser(auth.userId)) <= 1) {
      throw new AppError("conflict", lastContextMessage);
    }
    await contexts.delete(id);
    await emit({
      userId: auth.userId,
      type: "context_deleted",
      contextId: id,
      data: { context_id: id },
    });
  });
}
