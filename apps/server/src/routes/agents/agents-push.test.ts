import { notificationsPath, pushNotificationDataSchema } from "@a2a-chat/contracts";
import type { Message } from "@a2a-js/sdk";
import { expect, it } from "vitest";
import { a2aClient, inProcessFetch, textMessage } from "../../test/a2a.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";

type App = ReturnType<typeof createTestApp>;

const withPush = (message: Message, url: string, token: string) => ({
  tenant: "",
  message,
  configuration: {
    acceptedOutputModes: [],
    taskPushNotificationConfig: {
      tenant: "",
      id: "",
      taskId: "",
      url,
      token,
      authentication: undefined,
    },
    returnImmediately: false,
  },
  metadata: undefined,
});

async function setup(app: App) {
  const user = await taskUser(app);
  const contextId = await user.createContext();
  const fetchImpl = inProcessFetch(app, user.session.access_token);
  const client = await a2aClient(fetchImpl, "assistant");
  return { user, contextId, client, token: user.session.access_token };
}

describeEachDialect("A2A push notifications", (get) => {
  it("refuses push URLs on private, loopback and metadata addresses", async () => {
    const app = createTestApp(get());
    const { contextId, client, token } = await setup(app);
    for (const url of [
      "http://10.0.0.1/hook",
      "http://127.0.0.1:9/hook",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::ffff:192.168.1.1]/hook",
      "file:///etc/passwd",
      // Tunnels and translators that can carry a private IPv4 address, and the discard prefix.
      "http://[2002:7f00:1::]/hook",
      "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook",
      "http://[64:ff9b::a9fe:a9fe]/hook",
      "http://[64:ff9b:1::a00:1]/hook",
      "http://[::ffff:0:7f00:1]/hook",
      "http://[100::1]/hook",
    ]) {
      await expect(
        client.sendMessage(withPush(textMessage(contextId, "hello"), url, token)),
      ).rejects.toThrow(/Push notification url refused/);
    }
  });

  it("a refused push URL changes nothing: no conversation, task or message is stored", async () => {
    const app = createTestApp(get());
    const { user, contextId, client, token } = await setup(app);
    const asking = await client.sendMessage({
      tenant: "",
      message: textMessage(contextId, "make a table"),
      configuration: undefined,
      metadata: undefined,
    });
    if (!("id" in asking)) throw new Error("expected a task");
    const holdings = async () => ({
      contexts: await (await user.get("/contexts")).json(),
      tasks: await (await user.get(`/contexts/${contextId}/tasks`)).json(),
    });
    const before = await holdings();
    const refused = "http://10.0.0.1/hook";
    const message =
      "Push notification url refused: Address refused: private; this server may connect there only if OUTBOUND_ALLOW_HOSTS lists 10.0.0.1";
    // A follow-up to the waiting task: the SDK would append it before saving the push config.
    await expect(
      client.sendMessage(withPush(textMessage(contextId, "fruits", asking.id), refused, token)),
    ).rejects.toThrow(message);
    const stream = async () => {
      const follow = withPush(textMessage(contextId, "fruits", asking.id), refused, token);
      for await (const _ of client.sendMessageStream(follow)) {
        // nothing may arrive
      }
    };
    await expect(stream()).rejects.toThrow(message);
    // A new task, and a message that would start a new conversation.
    await expect(
      client.sendMessage(withPush(textMessage(contextId, "hello"), refused, token)),
    ).rejects.toThrow(message);
    await expect(
      client.sendMessage(withPush(textMessage("", "hello"), refused, token)),
    ).rejects.toThrow(message);
    expect(await holdings()).toEqual(before);
  });

  it("delivers pushes to our own notifications URL in-process onto the live stream", async () => {
    const app = createTestApp(get());
    const { user, contextId, client, token } = await setup(app);
    const other = await setup(app);
    const url = `http://localhost${notificationsPath(contextId)}`;

    // Another user's conversation is refused even on our own endpoint.
    await expect(
      other.client.sendMessage(withPush(textMessage(other.contextId, "hello"), url, other.token)),
    ).rejects.toThrow(/not one of your conversations/);

    const stream = await user.openStream();
    const sent = await client.sendMessage(
      withPush(textMessage(contextId, "table of planets"), url, token),
    );
    if (!("id" in sent)) throw new Error("expected a task");
    const pushed: unknown[] = [];
    for (let i = 0; i < 60; i += 1) {
      const event = await stream.next(3000);
      if (event.event !== "push_notification") continue;
      const data = pushNotificationDataSchema.parse(event.envelope.data);
      expect(data).toMatchObject({ context_id: contextId, task_id: sent.id });
      pushed.push(data.notification);
      const update = data.notification.statusUpdate as { status?: { state?: string } } | undefined;
      if (update?.status?.state === "TASK_STATE_COMPLETED") break;
    }
    expect(pushed.length).toBeGreaterThan(1);
    expect(pushed.at(-1)).toMatchObject({
      statusUpdate: { taskId: sent.id, status: { state: "TASK_STATE_COMPLETED" } },
    });
    await stream.close();
  });
});
