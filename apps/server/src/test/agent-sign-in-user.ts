import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { externalAgentSchema, taskSchema } from "@a2a-chat/contracts";
import { expect } from "vitest";
import { SecretBox } from "../proxy/secret-box.js";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "./a2a.js";
import type { ReceivedRequest } from "./a2a-test-agent.js";
import { createTestApp } from "./app.js";
import { taskUser } from "./tasks.js";

/** Test helpers of signing in to added agents (proxy/agent-sign-in*.test.ts). */

export const credentialsKey = randomBytes(32).toString("base64");
export const box = new SecretBox(credentialsKey);
export type App = ReturnType<typeof createTestApp>;
export const makeApp = (db: Parameters<typeof createTestApp>[0]) =>
  createTestApp(db, { config: { outbound: { allowHosts: ["127.0.0.1"], credentialsKey } } });

export const bearerOf = (request: ReceivedRequest) =>
  String(request.headers.authorization ?? "").replace(/^Bearer /, "");

/** 401 unless `accepts` says the request carries valid credentials. */
export const refuseUnless =
  (accepts: (request: ReceivedRequest) => boolean) =>
  (request: ReceivedRequest, res: ServerResponse) => {
    if (accepts(request)) return false;
    res.writeHead(401, { "www-authenticate": "Bearer" });
    res.end();
    return true;
  };

/** An agent behind `server`'s OAuth, its card declaring the scheme `scheme` builds. */
export function userOf(app: App) {
  return taskUser(app).then((user) => {
    const call = (path: string, init: RequestInit = {}) =>
      app.request(`/api/v1/agents/external${path}`, {
        ...init,
        headers: { ...user.headers, "content-type": "application/json" },
      });
    const add = async (url: string) => {
      const res = await call("", { method: "POST", body: JSON.stringify({ url }) });
      expect(res.status).toBe(201);
      return externalAgentSchema.parse(await res.json());
    };
    const signIn = (id: string, body: Record<string, unknown>) =>
      call(`/${id}/sign-in`, { method: "POST", body: JSON.stringify(body) });
    const listed = async (id: string) => {
      const res = await call("");
      const { data } = (await res.json()) as { data: unknown[] };
      return data.map((a) => externalAgentSchema.parse(a)).find((a) => a.id === id);
    };
    /** Sends a message in a new conversation, through `via` (another replica) when given. */
    const send = async (id: string, text = "hi", via: App = app) => {
      const contextId = await user.createContext();
      const client = await a2aClient(
        inProcessFetch(via, user.session.access_token),
        `external/${id}`,
      );
      await client.sendMessage(sendParams(textMessage(contextId, text)));
      const tasks = taskSchema
        .array()
        .parse(await (await user.get(`/contexts/${contextId}/tasks`)).json());
      return tasks.map((t) => t.status.state);
    };
    return { ...user, call, add, signIn, listed, send };
  });
}

/** Follows the authorization server's redirect back to our callback (it approves at once). */
export async function approve(app: App, authorizationUrl: string) {
  const approved = await fetch(authorizationUrl, { redirect: "manual" });
  const back = new URL(approved.headers.get("location") ?? "");
  return app.request(`${back.pathname}${back.search}`);
}
