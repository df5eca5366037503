import { type ListTasksRequest, type Task, TaskState } from "@a2a-js/sdk";
import { expect, it } from "vitest";
import { badPageTokenMessage } from "../../agents/list-agent-tasks.js";
import { rpcRequestMessages } from "../../agents/rpc-request-check.js";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../../test/a2a.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";

const list = (params: Partial<ListTasksRequest>): ListTasksRequest => ({
  tenant: "",
  contextId: "",
  status: TaskState.TASK_STATE_UNSPECIFIED,
  pageToken: "",
  statusTimestampAfter: undefined,
  ...params,
});

describeEachDialect("A2A ListTasks", (get) => {
  it("lists the caller's tasks with this agent, filtered and paged", async () => {
    const app = createTestApp(get());
    const user = await taskUser(app);
    const [first, second] = [await user.createContext("One"), await user.createContext("Two")];
    const fetchImpl = inProcessFetch(app, user.session.access_token);
    const v1 = await a2aClient(fetchImpl, "assistant");
    const send = async (contextId: string, text: string) =>
      (await v1.sendMessage(sendParams(textMessage(contextId, text)))) as Task;

    const sent: Task[] = [];
    for (const text of ["hello", "table of planets", "ask me something"])
      sent.push(await send(first, text));
    sent.push(await send(second, "hello"));
    // Another agent's task and another user's task are never listed here.
    const coder = await a2aClient(fetchImpl, "coder");
    await coder.sendMessage(sendParams(textMessage(first, "hello")));
    const other = await taskUser(app);
    const otherContext = await other.createContext();
    const otherClient = await a2aClient(
      inProcessFetch(app, other.session.access_token),
      "assistant",
    );
    await otherClient.sendMessage(sendParams(textMessage(otherContext, "hello")));

    const all = await v1.listTasks(list({}));
    expect(all.totalSize).toBe(4);
    expect(all.pageSize).toBe(50);
    expect(all.nextPageToken).toBe("");
    expect(new Set(all.tasks.map((t) => t.id))).toEqual(new Set(sent.map((t) => t.id)));
    const times = all.tasks.map((t) => t.status?.timestamp ?? "");
    expect(times).toEqual([...times].sort().reverse());
    // Artifacts only when asked for; history trimmed by historyLength.
    expect(all.tasks.every((t) => t.artifacts.length === 0)).toBe(true);
    const table = sent[1]?.id ?? "";
    const withArtifacts = await v1.listTasks(list({ includeArtifacts: true, historyLength: 1 }));
    const tableTask = withArtifacts.tasks.find((t) => t.id === table);
    expect(tableTask?.artifacts[0]?.metadata?.artifact_type).toBe("table");
    expect(tableTask?.history).toHaveLength(1);

    const inFirst = await v1.listTasks(list({ contextId: first }));
    expect(inFirst.totalSize).toBe(3);
    expect(inFirst.tasks.every((t) => t.contextId === first)).toBe(true);
    const waiting = await v1.listTasks(list({ status: TaskState.TASK_STATE_INPUT_REQUIRED }));
    expect(waiting.tasks.map((t) => t.id)).toEqual([sent[2]?.id]);
    const latest = all.tasks[0]?.status?.timestamp ?? "";
    const recent = await v1.listTasks(list({ statusTimestampAfter: latest }));
    expect(recent.tasks.map((t) => t.id)).toEqual([all.tasks[0]?.id]);

    // Pages of one, linked by tokens, visit every task once in the same order.
    const paged: string[] = [];
    let token = "";
    for (let i = 0; i < 10; i += 1) {
      const page = await v1.listTasks(list({ pageSize: 1, pageToken: token }));
      expect(page.totalSize).toBe(4);
      paged.push(...page.tasks.map((t) => t.id));
      token = page.nextPageToken;
      if (!token) break;
    }
    expect(paged).toEqual(all.tasks.map((t) => t.id));

    await expect(v1.listTasks(list({ pageToken: "not-a-token" }))).rejects.toThrow(
      badPageTokenMessage,
    );
    await expect(v1.listTasks(list({ pageSize: 101 }))).rejects.toThrow(
      "pageSize must be between 1 and 100",
    );
    expect((await v1.listTasks(list({ contextId: otherContext }))).tasks).toEqual([]);
  });

  it("takes an unset status filter as every state, and refuses one that names no state", async () => {
    const app = createTestApp(get());
    const user = await taskUser(app);
    const contextId = await user.createContext("One");
    const fetchImpl = inProcessFetch(app, user.session.access_token);
    const v1 = await a2aClient(fetchImpl, "assistant");
    for (const text of ["hello", "ask me something"])
      await v1.sendMessage(sendParams(textMessage(contextId, text)));

    // The SDK's own client sends a filter it was not given as "UNRECOGNIZED".
    const unset = { contextId: "" } as ListTasksRequest;
    expect((await v1.listTasks(unset)).totalSize).toBe(2);
    const call = async (params: Record<string, unknown>) => {
      const res = await app.request("/api/v1/agents/assistant", {
        method: "POST",
        headers: {
          authorization: `Bearer ${user.session.access_token}`,
          "content-type": "application/json",
          "a2a-version": "1.0",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ListTasks", params }),
      });
      return (await res.json()) as {
        result?: { totalSize: number };
        error?: { code: number; message: string };
      };
    };
    for (const status of [undefined, null, "", "UNRECOGNIZED", "TASK_STATE_UNSPECIFIED", 0]) {
      const answer = await call({ status });
      expect(answer.result?.totalSize, JSON.stringify(status)).toBe(2);
    }
    expect((await call({ status: "TASK_STATE_INPUT_REQUIRED" })).result?.totalSize).toBe(1);
    expect((await call({ status: 6 })).result?.totalSize).toBe(1);
    for (const status of ["working", "bogus", 99, -1, true]) {
      expect((await call({ status })).error, JSON.stringify(status)).toEqual({
        code: -32602,
        message: rpcRequestMessages.status,
      });
    }
  });
});
