import { contextStatsDataSchema } from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import { presentContext } from "../contexts/present-context.js";
import { ContextStatsRepository } from "../db/repositories/context-stats.js";
import type { Database } from "../db/schema.js";
import type { Emit } from "../stream/transact.js";

/** Emits the conversation's current counters as a context_stats event. */
export async function emitContextStats(
  trx: Kysely<Database>,
  emit: Emit,
  userId: string,
  contextId: string,
): Promise<void> {
  const row = await new ContextStatsRepository(trx).find(contextId);
  if (!row) return;
  const data = contextStatsDataSchema.parse(presentContext(row));
  await emit({ userId, type: "context_stats", contextId, data });
}
