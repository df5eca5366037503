import {
  invalidNotificationMessage,
  notificationContextMismatchMessage,
  notificationsPath,
  pushNotificationDataSchema,
} from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";

const statusUpdate = (contextId: string, taskId = "t-1") => ({
  statusUpdate: {
    taskId,
    contextId,
    status: { state: "TASK_STATE_COMPLETED", timestamp: new Date().toISOString() },
  },
});

describeEachDialect("POST /api/v1/core/contexts/{id}/notifications", (get) => {
  it("stores a pushed update and emits it on the owner's live stream", async () => {
    const app = createTestApp(get());
    const u = await taskUser(app);
    const contextId = await u.createContext();
    const stream = await u.openStream();
    const pushed = statusUpdate(contextId);
    // The SDK's push sender: bare token in X-A2A-Notification-Token, application/a2a+json.
    const res = await app.request(notificationsPath(contextId), {
      method: "POST",
      headers: {
        "content-type": "application/a2a+json",
        "x-a2a-notification-token": u.session.access_token,
      },
      body: JSON.stringify(pushed),
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ received: true, task_id: "t-1", kind: "statusUpdate" });
    const event = await stream.next();
    expect(event.event).toBe("push_notification");
    expect(event.envelope.context_id).toBe(contextId);
    expect(pushNotificationDataSchema.parse(event.envelope.data)).toMatchObject({
      task_id: "t-1",
      kind: "statusUpdate",
      notification: pushed,
    });
    await stream.close();

    // Authorization: Bearer works too (push configs with authentication).
    const bearer = await app.request(notificationsPath(contextId), {
      method: "POST",
      headers: { ...u.headers, "content-type": "application/json" },
      body: JSON.stringify({ task: { id: "t-2", contextId } }),
    });
    expect(bearer.status).toBe(202);
  });

  it("refuses missing or bad tokens, others' conversations and bad bodies", async () => {
    const app = createTestApp(get());
    const owner = await taskUser(app);
    const other = await taskUser(app);
    const contextId = await owner.createContext();
    const post = (headers: Record<string, string>, body: unknown) =>
      app.request(notificationsPath(contextId), {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    expect((await post({}, statusUpdate(contextId))).status).toBe(401);
    expect(
      (await post({ "x-a2a-notification-token": "nope" }, statusUpdate(contextId))).status,
    ).toBe(401);

    const stream = await owner.openStream();
    const foreign = await post(other.headers, statusUpdate(contextId));
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: "not_found", message: "Context not found" });

    for (const body of [{}, { hello: 1 }, { ...statusUpdate(contextId), task: { id: "x" } }, []]) {
      const bad = await post(owner.headers, body);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({
        error: "validation_failed",
        message: invalidNotificationMessage,
      });
    }
    const elsewhere = await post(owner.headers, statusUpdate("another-context"));
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toEqual({
      error: "validation_failed",
      message: notificationContextMismatchMessage,
    });
    // Nothing was stored for any refused request.
    expect(await stream.quietFor(150)).toBe(true);
    await stream.close();
  });
});
