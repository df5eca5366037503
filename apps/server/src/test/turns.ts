import type { Task as SdkTask } from "@a2a-js/sdk";
import {
  type AgentExecutionEvent,
  DefaultExecutionEventBus,
  RequestContext,
  ServerCallContext,
} from "@a2a-js/sdk/server";
import type { Hono } from "hono";
import { CallerUser } from "../agents/caller-user.js";
import type { ModelRunner } from "../agents/model-runner.js";
import { StreamedReplies } from "../agents/streamed-replies.js";
import type { Turn, TurnDeps } from "../agents/turn/turn.js";
import type { AppEnv } from "../http/env.js";
import type { Services } from "../http/services.js";
import { sendParams, textMessage } from "./a2a.js";
import { taskUser } from "./tasks.js";

/** The SDK call context of an anonymous visitor, as requireAuth makes it for our handlers. */
export function anonymousCaller(userId: string): ServerCallContext {
  return new ServerCallContext({
    user: new CallerUser({
      userId,
      sessionId: "s",
      userType: "anon",
      username: "Anonymous",
      email: null,
      scopes: ["anonymous"],
    }),
  });
}

/** A runner with nothing to say: the steps under test do not run it. */
const silentRunner: ModelRunner = {
  model: "silent",
  usesTools: false,
  async *run() {},
};

/**
 * One turn's place for testing its steps: a user with a conversation, the first configured
 * agent's deps, a turn whose bus records every event it publishes, and A2A requests to begin it.
 */
export async function turnFixture(app: Hono<AppEnv> & { services: Services }) {
  const user = await taskUser(app);
  const contextId = await user.createContext();
  const agent = app.services.config.agents[0];
  if (!agent) throw new Error("no agent configured");
  const deps: TurnDeps = {
    services: app.services,
    agent,
    runner: silentRunner,
    replies: new StreamedReplies(),
    deltaIntervalMs: 0,
    runsHere: () => false,
  };
  const taskId = `task-${Math.random().toString(36).slice(2)}`;
  const bus = new DefaultExecutionEventBus();
  const events: AgentExecutionEvent[] = [];
  bus.on("event", (event) => events.push(event));
  const turn: Turn = { owner: user.owner, scopes: ["anonymous"], taskId, contextId, bus };
  const context = anonymousCaller(user.owner.userId);
  /** A request with the user's text, answering `task` when given (a task waiting for them). */
  const request = (text: string, task?: SdkTask, id = taskId) =>
    new RequestContext(
      sendParams(textMessage(contextId, text, task ? id : "")),
      id,
      contextId,
      context,
      task,
    );
  /** Another turn of the same user in the same conversation (a new task). */
  const nextTurn = (): Turn => ({ ...turn, taskId: `task-${Math.random().toString(36).slice(2)}` });
  return { user, contextId, deps, turn, events, request, nextTurn };
}
