import { type Message, Role } from "@a2a-js/sdk";
import type { Hono } from "hono";
import type { AppEnv } from "../http/env.js";

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

/**
 * A fetch that calls the app in process with the caller's bearer token. Like a real fetch,
 * aborting the signal ends the response body (app.request alone would keep a streamed body open),
 * which also cancels the server's side of the stream, as a dropped connection would.
 */
export function inProcessFetch(app: Hono<AppEnv>, token: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    request.headers.set("authorization", `Bearer ${token}`);
    const response = await app.request(request);
    const signal = init?.signal;
    if (!signal || !response.body) return response;
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        signal.addEventListener("abort", () => {
          controller.error(signal.reason);
          reader.cancel(signal.reason).catch(() => {});
        });
      },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (signal.aborted) return;
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, response);
  };
}
