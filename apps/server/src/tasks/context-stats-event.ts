import { contextStatsDataSchema } from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import { presentContext } from "../contexts/present-context.js";
import { ContextStatsRepository } from "../db/repositories/context-stats.js";
import type { ContextRow, Database } from "../db/schema.js";
import type { Emit } from "../stream/transact.js";

/**
 * Emits the conversation's current counters as a context_stats event; `current` is the row as
 * this transaction last wrote it, when the caller has it (else it is read).
 */
export async function emitContextStats(
  trx: Kysely<Database>,
  emit: Emit,
  userId: string,
  contextId: string,
  current?: ContextRow,
): Promise<void> {
  const row =
    current?.id === contextId ? current : await new ContextStatsRepository(trx).find(contextId);
  if (!row) return;
  const data = contextStatsDataSchema.parse(presentContext(row));
  await emit({ userId, type: "context_stats", contextId, data });
}
