import { notificationBodySchema } from "@a2a-chat/contracts";
import { StreamResponse, type Task, type TaskPushNotificationConfig } from "@a2a-js/sdk";
import { V03PushNotificationSerializer } from "@a2a-js/sdk/compat/v0_3/server";
import {
  type PushNotificationSender,
  type PushNotificationSerializer,
  type PushNotificationStore,
  type ServerCallContext,
  type StoredPushNotificationConfig,
  V1PushNotificationSerializer,
} from "@a2a-js/sdk/server";
import type { Services } from "../http/services.js";
import { GuardedFetchError, guardedFetch } from "../net/guarded-fetch.js";
import { storePushNotification } from "../tasks/push-notification-commands.js";
import { callerOf } from "./caller-user.js";
import { ownNotificationsContext } from "./own-notifications-url.js";
import { deltaMetadataKey } from "./stored-task-store.js";

/** Header the SDK's default sender puts a push config's bare token in; we keep its choice. */
const tokenHeader = "X-A2A-Notification-Token";

function taskIdOf(response: StreamResponse): string {
  const payload = response.payload;
  if (!payload) return "";
  return payload.$case === "task" ? payload.value.id : payload.value.taskId;
}

/** Streamed text deltas are live-only (never stored), so they are not pushed either. */
function isDelta(response: StreamResponse): boolean {
  const payload = response.payload;
  return (
    payload?.$case === "statusUpdate" &&
    payload.value.status?.message?.metadata?.[deltaMetadataKey] === true
  );
}

function authHeaders(config: TaskPushNotificationConfig): Record<string, string> {
  const auth = config.authentication;
  if (auth?.scheme && auth.credentials)
    return { Authorization: `${auth.scheme} ${auth.credentials}` };
  return config.token ? { [tokenHeader]: config.token } : {};
}

/**
 * The SDK's PushNotificationSender, delivering through guardedFetch (never to loopback,
 * private, link-local or metadata addresses unless allow-listed; bounded in time and size)
 * and in order per task. A config whose URL is our own notifications endpoint is delivered
 * in-process, acting as the caller who registered it (the store is scoped to that caller), so
 * our own client needs no loopback exception. Failures are logged with the status or reason
 * only, never the response body.
 */
export class GuardedPushNotificationSender implements PushNotificationSender {
  private readonly chains = new Map<string, Promise<void>>();
  private readonly serializers: Record<string, PushNotificationSerializer> = {
    "0.3": new V03PushNotificationSerializer(),
    "1.0": new V1PushNotificationSerializer(),
  };

  constructor(
    private readonly services: Services,
    private readonly store: PushNotificationStore,
  ) {}

  async send(response: StreamResponse, context: ServerCallContext, task?: Task): Promise<void> {
    const taskId = taskIdOf(response);
    if (!taskId || isDelta(response)) return;
    const configs = await this.configs(taskId, context);
    if (configs.length === 0) return;
    const previous = this.chains.get(taskId) ?? Promise.resolve();
    const next = previous.then(async () => {
      for (const stored of configs) await this.deliver(response, stored, context, task);
    });
    this.chains.set(taskId, next);
    try {
      await next;
    } finally {
      if (this.chains.get(taskId) === next) this.chains.delete(taskId);
    }
  }

  private async configs(
    taskId: string,
    context: ServerCallContext,
  ): Promise<StoredPushNotificationConfig[]> {
    if (this.store.loadWithMetadata) return this.store.loadWithMetadata(taskId, context);
    const wireVersion = context.requestedVersion ?? "0.3";
    return (await this.store.load(taskId, context)).map((config) => ({ config, wireVersion }));
  }

  private async deliver(
    response: StreamResponse,
    { config, wireVersion }: StoredPushNotificationConfig,
    context: ServerCallContext,
    task?: Task,
  ): Promise<void> {
    const log = this.services.logger.child({ taskId: taskIdOf(response), pushConfig: config.id });
    try {
      const ownContext = ownNotificationsContext(config.url, this.services.config);
      if (ownContext !== undefined) {
        const body = notificationBodySchema.parse(StreamResponse.toJSON(response));
        await storePushNotification(this.services, callerOf(context), ownContext, body);
        return;
      }
      const serializer =
        this.serializers[wireVersion] ?? (this.serializers["1.0"] as PushNotificationSerializer);
      const { body, contentType } = serializer.serialize(response, task);
      const res = await guardedFetch(
        config.url,
        {
          method: "POST",
          headers: { "Content-Type": contentType, ...authHeaders(config) },
          body,
        },
        this.services.config.outbound,
      );
      if (res.status < 200 || res.status >= 300)
        log.warn({ status: res.status }, "push notification not accepted");
    } catch (error) {
      if (error instanceof GuardedFetchError)
        log.warn({ reason: error.reason }, "push notification not delivered");
      else log.warn({ err: error }, "push notification not delivered");
    }
  }
}
