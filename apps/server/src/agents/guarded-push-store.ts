import type { TaskPushNotificationConfig } from "@a2a-js/sdk";
import { RequestMalformedError } from "@a2a-js/sdk/errors";
import {
  InMemoryPushNotificationStore,
  type PushNotificationStore,
  type ServerCallContext,
  type StoredPushNotificationConfig,
} from "@a2a-js/sdk/server";
import { ContextsRepository } from "../db/repositories/contexts.js";
import type { Services } from "../http/services.js";
import { GuardedFetchError, vetUrl } from "../net/guarded-fetch.js";
import { canUseContext } from "../policies/contexts.js";
import { callerOf } from "./caller-user.js";
import { ownNotificationsContext } from "./own-notifications-url.js";

/** Start of the JSON-RPC error message of a refused push URL. */
export const refusedPushUrlMessage = "Push notification url refused";

/**
 * The SDK's in-memory push config store (scoped per caller: userName is our user id), refusing
 * at registration, as a JSON-RPC error, any URL the guarded fetch would refuse, and any own
 * notifications URL of a conversation that is not the caller's. Configs live in this process:
 * they are lost on restart and not shared between replicas (push is best effort; the live
 * stream and task resubscription are the durable paths).
 */
export class GuardedPushNotificationStore implements PushNotificationStore {
  private readonly inner = new InMemoryPushNotificationStore();

  constructor(private readonly services: Services) {}

  async save(
    taskId: string,
    context: ServerCallContext,
    config: TaskPushNotificationConfig,
  ): Promise<void> {
    await this.check(config.url, context);
    await this.inner.save(taskId, context, config);
  }

  /** Refuses (as a JSON-RPC error) a URL this store would not save for the caller. */
  async check(url: string, context: ServerCallContext): Promise<void> {
    const ownContext = ownNotificationsContext(url, this.services.config);
    if (ownContext !== undefined) {
      const row = await new ContextsRepository(this.services.db.kysely).findById(ownContext);
      if (!canUseContext(callerOf(context), row))
        throw new RequestMalformedError(`${refusedPushUrlMessage}: not one of your conversations`);
      return;
    }
    try {
      await vetUrl(url, this.services.config.outbound);
    } catch (error) {
      if (!(error instanceof GuardedFetchError)) throw error;
      throw new RequestMalformedError(`${refusedPushUrlMessage}: ${error.message}`);
    }
  }

  load(taskId: string, context: ServerCallContext): Promise<TaskPushNotificationConfig[]> {
    return this.inner.load(taskId, context);
  }

  loadWithMetadata(
    taskId: string,
    context: ServerCallContext,
  ): Promise<StoredPushNotificationConfig[]> {
    return this.inner.loadWithMetadata(taskId, context);
  }

  delete(taskId: string, context: ServerCallContext, configId?: string): Promise<void> {
    return this.inner.delete(taskId, context, configId);
  }
}
