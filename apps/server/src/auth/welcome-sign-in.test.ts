import { welcomeMessageText, welcomeMetadataKey } from "@a2a-chat/contracts";
import { TaskState } from "@a2a-js/sdk";
import { expect, it } from "vitest";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../test/a2a.js";
import { accountClient, passkeyLimitsOff } from "../test/accounts.js";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { taskUser } from "../test/tasks.js";

const terminal = new Set([
  TaskState.TASK_STATE_COMPLETED,
  TaskState.TASK_STATE_FAILED,
  TaskState.TASK_STATE_CANCELED,
  TaskState.TASK_STATE_REJECTED,
]);

describeEachDialect("signing in on a new browser after its first-visit greeting", (get) => {
  const app = () => createTestApp(get(), { config: passkeyLimitsOff });
  const db = () => get().db.kysely;

  /** Sends a message to the assistant (marked as the chat's greeting unless `typed`) and waits for the reply. */
  const say = async (
    a: ReturnType<typeof app>,
    token: string,
    contextId: string,
    text: string,
    typed: boolean,
  ) => {
    const a2a = await a2aClient(inProcessFetch(a, token), "assistant");
    const message = textMessage(contextId, text);
    const [part] = message.parts;
    if (part && !typed) part.metadata = { [welcomeMetadataKey]: true };
    const sent = await a2a.sendMessage(sendParams(message));
    if (!("id" in sent)) throw new Error("expected a task");
    let task = await a2a.getTask({ tenant: "", id: sent.id, historyLength: undefined });
    for (let i = 0; i < 200 && !terminal.has(task.status?.state ?? 0); i++) {
      await new Promise((r) => setTimeout(r, 50));
      task = await a2a.getTask({ tenant: "", id: sent.id, historyLength: undefined });
    }
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
  };

  /**
   * A new browser as the chat opens it: a visitor, a 'Default Conversation', and a first message
   * (the first-visit greeting, marked as the chat marks it, unless `typed`), answered.
   */
  const newBrowser = async (a: ReturnType<typeof app>, text: string, typed = false) => {
    const visitor = await taskUser(a);
    const contextId = await visitor.createContext("Default Conversation");
    await say(a, visitor.session.access_token, contextId, text, typed);
    return { visitor, contextId };
  };

  const conversationsOf = async (userId: string) =>
    (
      await db()
        .selectFrom("contexts")
        .select("name")
        .where("user_id", "=", userId)
        .orderBy("created_at")
        .execute()
    ).map((row) => row.name);
  const userTextsOf = async (userId: string) =>
    (
      await db()
        .selectFrom("messages")
        .select("parts")
        .where("user_id", "=", userId)
        .where("role", "=", "user")
        .orderBy("created_at")
        .execute()
    ).map((row) => (JSON.parse(row.parts) as { text?: string }[])[0]?.text);

  it("registers, signs in on two more browsers: one conversation with one greeting", async () => {
    const a = app();
    const client = accountClient(a);
    const tag = Date.now().toString(36);
    const who = { username: `greet_${tag}`, email: `greet.${tag}@example.com` };

    const first = await newBrowser(a, welcomeMessageText);
    const account = await client.signUp(who, first.visitor.session.access_token);
    expect(await conversationsOf(account.user_id)).toEqual(["Default Conversation"]);

    for (const browser of [2, 3]) {
      const next = await newBrowser(a, welcomeMessageText);
      const signedIn = await client.signIn(who.email, next.visitor.session.access_token);
      expect(signedIn.user_id, `browser ${browser}`).toBe(account.user_id);
      expect(await conversationsOf(account.user_id), `browser ${browser}`).toEqual([
        "Default Conversation",
      ]);
      // Gone with its reply and events: the account's live stream is never told of it.
      const context = await db()
        .selectFrom("contexts")
        .select("id")
        .where("id", "=", next.contextId)
        .execute();
      expect(context).toEqual([]);
      for (const table of ["tasks", "messages", "events"] as const) {
        const left = await db()
          .selectFrom(table)
          .select("context_id")
          .where("context_id", "=", next.contextId)
          .execute();
        expect(left, `${table} of browser ${browser}`).toEqual([]);
      }
    }
    expect(await userTextsOf(account.user_id)).toEqual([welcomeMessageText]);
  });

  it("keeps what the visitor wrote: the same words typed, or a message after the greeting", async () => {
    const a = app();
    const client = accountClient(a);
    const tag = Date.now().toString(36);
    const who = { username: `keep_${tag}`, email: `keep.${tag}@example.com` };
    const first = await newBrowser(a, welcomeMessageText);
    const account = await client.signUp(who, first.visitor.session.access_token);

    const typed = await newBrowser(a, welcomeMessageText, true);
    await client.signIn(who.email, typed.visitor.session.access_token);
    expect(await conversationsOf(account.user_id)).toHaveLength(2);

    const greeted = await newBrowser(a, welcomeMessageText);
    await say(a, greeted.visitor.session.access_token, greeted.contextId, "my own question", true);
    await client.signIn(who.email, greeted.visitor.session.access_token);
    expect(await conversationsOf(account.user_id)).toHaveLength(3);
    expect(await userTextsOf(account.user_id)).toEqual([
      welcomeMessageText,
      welcomeMessageText,
      welcomeMessageText,
      "my own question",
    ]);
  });
});
