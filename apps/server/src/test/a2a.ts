import { type Message, Role } from "@a2a-js/sdk";
import {
  type Client,
  ClientFactory,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
} from "@a2a-js/sdk/client";
import type { Hono } from "hono";
import type { AppEnv } from "../http/env.js";
import { selfFetch } from "../http/self-fetch.js";

let counter = 0;

/** A user's text message in the SDK's v1.0 shape. */
export function textMessage(contextId: string, text: string, taskId = ""): Message {
  counter += 1;
  return {
    messageId: `msg-${counter}-${Date.now()}`,
    contextId,
    taskId,
    role: Role.ROLE_USER,
    parts: [
      {
        content: { $case: "text", value: text },
        mediaType: "text/plain",
        filename: "",
        metadata: undefined,
      },
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

/** The params of SendMessage / SendStreamingMessage for a message. */
export function sendParams(message: Message) {
  return { tenant: "", message, configuration: undefined, metadata: undefined };
}

/** A fetch that calls the app in process with the caller's bearer token (see selfFetch). */
export function inProcessFetch(app: Hono<AppEnv>, token: string): typeof fetch {
  return selfFetch(app, (request) => request.headers.set("authorization", `Bearer ${token}`));
}

/** The official A2A v1.0 client for the agent card at `base`/api/v1/agents/`agent`/, over fetchImpl. */
export function a2aClient(
  fetchImpl: typeof fetch,
  agent: string,
  base = "http://localhost",
): Promise<Client> {
  const factory = new ClientFactory({
    transports: [new JsonRpcTransportFactory({ fetchImpl })],
    cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
  });
  return factory.createFromUrl(`${base}/api/v1/agents/${agent}/`);
}
