import {
  branchCutNeedsExactMessage,
  type ContextBranchBody,
  type ContextRecord,
  unknownBranchMessageMessage,
  unknownBranchTaskMessage,
} from "@a2a-chat/contracts";
import type { AuthContext } from "../auth/auth-context.js";
import { ContextStatsRepository } from "../db/repositories/context-stats.js";
import { TaskBranchesRepository } from "../db/repositories/task-branches.js";
import { AppError } from "../http/errors.js";
import { canUseContext } from "../policies/contexts.js";
import { transactWithEvents } from "../stream/transact.js";
import type { CommandServices } from "../tasks/command-services.js";
import { presentContext } from "./present-context.js";

/**
 * Chooses the branch one of the caller's conversations shows and emits context_updated with it,
 * so every tab and device follows. Through a task, the branch ends at the newest task after it
 * (`whole`: not one that forks inside the task); `exact`, it ends at that task (or before the
 * first, null), where the next message branches; with `before_message_id`, inside that task
 * before that message, where the next message forks the task.
 */
export function chooseBranch(
  services: CommandServices,
  auth: Pick<AuthContext, "userId">,
  contextId: string,
  body: ContextBranchBody,
): Promise<ContextRecord> {
  return transactWithEvents(services, async (trx, emit) => {
    const stats = new ContextStatsRepository(trx);
    const context = await stats.lock(contextId, services.db.dialect);
    if (!canUseContext(auth, context)) throw new AppError("not_found", "Context not found");
    const branches = new TaskBranchesRepository(trx);
    const cut = body.before_message_id ?? null;
    if (cut !== null && (!body.exact || body.task_id === null)) {
      throw new AppError("validation_failed", branchCutNeedsExactMessage);
    }
    let leaf: string | null = null;
    if (body.task_id !== null) {
      const found = body.exact
        ? (await branches.pathTo(contextId, body.task_id, 1))[0]
        : await branches.newestUnder(contextId, body.task_id, body.whole === true);
      if (found === undefined) throw new AppError("validation_failed", unknownBranchTaskMessage);
      leaf = found;
    }
    if (cut !== null && leaf !== null && !(await branches.isMessageOf(auth.userId, leaf, cut))) {
      throw new AppError("validation_failed", unknownBranchMessageMessage);
    }
    await branches.setLeaf(contextId, leaf, cut);
    const record = presentContext({ ...context, leaf_task_id: leaf, leaf_cut_message_id: cut });
    await emit({ userId: auth.userId, type: "context_updated", contextId, data: record });
    return record;
  });
}
