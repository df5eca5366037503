import {
  type NotificationBody,
  notificationContextMismatchMessage,
  notificationKind,
  type PushNotificationData,
} from "@a2a-chat/contracts";
import { ContextStatsRepository } from "../db/repositories/context-stats.js";
import { AppError } from "../http/errors.js";
import { canUseContext } from "../policies/contexts.js";
import { transactWithEvents } from "../stream/transact.js";
import type { CommandServices } from "./command-services.js";
import type { Owner } from "./task-checks.js";

function taskIdOf(body: NotificationBody): string | null {
  const kind = notificationKind(body);
  const value = body[kind] ?? {};
  const id = kind === "task" ? value.id : value.taskId;
  return typeof id === "string" && id !== "" ? id : null;
}

/**
 * Stores what an agent pushed about one of the owner's conversations as a push_notification
 * event in the durable per-user log (same transaction as the check), so every open stream of
 * the user receives it and a reconnecting client replays it. The notification is kept as sent;
 * it changes no task row (an agent of ours already stored the task; an external agent's task is
 * the client's to apply).
 */
export function storePushNotification(
  services: CommandServices,
  owner: Owner,
  contextId: string,
  body: NotificationBody,
): Promise<PushNotificationData> {
  return transactWithEvents(services, async (trx, emit) => {
    const context = await new ContextStatsRepository(trx).lock(contextId, services.db.dialect);
    if (!canUseContext(owner, context)) throw new AppError("not_found", "Context not found");
    const kind = notificationKind(body);
    const payloadContext = body[kind]?.contextId;
    if (payloadContext !== undefined && payloadContext !== "" && payloadContext !== contextId)
      throw new AppError("validation_failed", notificationContextMismatchMessage);
    const data: PushNotificationData = {
      context_id: contextId,
      task_id: taskIdOf(body),
      kind,
      notification: body,
      received_at: new Date().toISOString(),
    };
    await emit({ userId: owner.userId, contextId, type: "push_notification", data });
    return data;
  });
}
