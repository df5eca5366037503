import {
  DefaultExecutionEventBus,
  RequestContext,
  ServerCallContext,
  STATE_HEADERS_KEY,
} from "@a2a-js/sdk/server";
import { describe, expect, it } from "vitest";
import { sendParams, textMessage } from "../../test/a2a.js";
import { CallerUser } from "../caller-user.js";
import { requestHostKey } from "../follow-stored-task.js";
import { agentMessage, ownHosts, turnOf } from "./turn.js";

function request(headers: Record<string, string | string[]>, host?: string): RequestContext {
  const state = new Map<string, unknown>([[STATE_HEADERS_KEY, headers]]);
  if (host !== undefined) state.set(requestHostKey, host);
  const context = new ServerCallContext({
    state,
    user: new CallerUser({
      userId: "user-1",
      sessionId: "s",
      userType: "anon",
      username: "Anonymous",
      email: null,
      scopes: ["anonymous"],
    }),
  });
  return new RequestContext(sendParams(textMessage("ctx-1", "hi")), "task-1", "ctx-1", context);
}

describe("turnOf", () => {
  it("takes the caller, place, message, bearer token, trace id and host from the request", () => {
    const bus = new DefaultExecutionEventBus();
    const turn = turnOf(
      request({ authorization: "Bearer tok.en", "x-trace-id": "trace-1" }, "chat.example"),
      bus,
    );
    expect(turn).toMatchObject({
      owner: { userId: "user-1" },
      scopes: ["anonymous"],
      taskId: "task-1",
      contextId: "ctx-1",
      token: "tok.en",
      traceId: "trace-1",
      host: "chat.example",
    });
    expect(turn.bus).toBe(bus);
    expect(turn.userMessage?.parts).toEqual([{ kind: "text", text: "hi" }]);
  });

  it("leaves out a trace id that is not a plain token, an authorization that is not a bearer, and an empty host", () => {
    const turn = turnOf(
      request({ authorization: "Basic abc", "x-trace-id": "bad trace\n" }, ""),
      new DefaultExecutionEventBus(),
    );
    expect(turn).not.toHaveProperty("token");
    expect(turn).not.toHaveProperty("traceId");
    expect(turn).not.toHaveProperty("host");
  });

  it("reads the first of repeated headers", () => {
    const turn = turnOf(
      request({ authorization: ["Bearer first", "Bearer second"] }),
      new DefaultExecutionEventBus(),
    );
    expect(turn.token).toBe("first");
  });
});

describe("ownHosts", () => {
  const place = { taskId: "t", contextId: "c", bus: new DefaultExecutionEventBus() };
  it("names the host the user reached and the configured public one", () => {
    const turn = { ...place, owner: { userId: "u" }, scopes: [], host: "localhost:8080" };
    expect(ownHosts(turn, "https://chat.example.com")).toEqual([
      "localhost:8080",
      "chat.example.com",
    ]);
  });
  it("is empty with neither", () => {
    expect(ownHosts({ ...place, owner: { userId: "u" }, scopes: [] }, undefined)).toEqual([]);
  });
});

describe("agentMessage", () => {
  it("is an agent message of the place with one text part", () => {
    expect(agentMessage({ contextId: "c", taskId: "t" }, "m", "Hi")).toEqual({
      messageId: "m",
      role: "agent",
      parts: [{ kind: "text", text: "Hi" }],
      contextId: "c",
      taskId: "t",
    });
  });
});
