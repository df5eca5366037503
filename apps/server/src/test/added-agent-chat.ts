import { randomBytes } from "node:crypto";
import { externalAgentSchema, type Task, taskSchema } from "@a2a-chat/contracts";
import type { StreamResponse } from "@a2a-js/sdk";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "./a2a.js";
import { startTestAgent, type TestAgentOptions } from "./a2a-test-agent.js";
import { createTestApp } from "./app.js";
import { taskUser } from "./tasks.js";

type App = ReturnType<typeof createTestApp>;

/**
 * Chats with user-added agents through the proxy, in process: an app that may reach loopback,
 * users who added a real A2A agent (see startTestAgent) there, and a send that reads the reply's
 * A2A stream to its end and then the stored task. `closeAgents` stops every agent started.
 */
export function addedAgentChats() {
  const agents: { close: () => Promise<void> }[] = [];
  const credentialsKey = randomBytes(32).toString("base64");
  const appWith = (db: Parameters<typeof createTestApp>[0], quotas = {}) =>
    createTestApp(db, {
      config: { outbound: { allowHosts: ["127.0.0.1"], credentialsKey }, quotas },
    });

  async function userWithAgent(app: App, options: TestAgentOptions) {
    const remote = await startTestAgent(options);
    agents.push(remote);
    const user = await taskUser(app);
    const token = user.session.access_token;
    const added = await app.request("/api/v1/agents/external", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ url: remote.url }),
    });
    const { id } = externalAgentSchema.parse(await added.json());
    const contextId = await user.createContext();
    const client = await a2aClient(inProcessFetch(app, token), `external/${id}`);
    return { remote, user, contextId, client };
  }

  async function send(
    chat: Awaited<ReturnType<typeof userWithAgent>>,
    text: string,
  ): Promise<{ events: StreamResponse[]; task: Task }> {
    const events: StreamResponse[] = [];
    const message = textMessage(chat.contextId, text);
    for await (const event of chat.client.sendMessageStream(sendParams(message)))
      events.push(event);
    const res = await chat.user.get(`/contexts/${chat.contextId}/tasks`);
    const [task] = taskSchema.array().parse(await res.json());
    if (!task) throw new Error("no task stored");
    return { events, task };
  }

  const closeAgents = async () => {
    await Promise.all(agents.map((agent) => agent.close()));
  };
  return { appWith, userWithAgent, send, closeAgents };
}
