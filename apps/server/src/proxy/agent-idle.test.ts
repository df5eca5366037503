import { TaskState } from "@a2a-js/sdk";
import { afterAll, expect, it } from "vitest";
import { addedAgentChats } from "../test/added-agent-chat.js";
import { describeEachDialect } from "../test/databases.js";

const { appWith, userWithAgent, send, closeAgents } = addedAgentChats();
afterAll(closeAgents);

const textOf = (parts: readonly { kind: string; text?: string }[] = []) =>
  parts.map((part) => (part.kind === "text" ? part.text : "")).join("");

describeEachDialect("an added agent that goes silent", (get) => {
  it("ends the turn as failed after the configured idle limit, its text kept, the reason naming the agent and the limit", async () => {
    const app = appWith(get(), { agentIdleSeconds: 1 });
    // Says "Echo: " and then nothing, its stream left open.
    const chat = await userWithAgent(app, { behaviour: "hang" });
    const cut = chat.remote.nextStreamCut();
    const started = Date.now();
    const { events, task } = await send(chat, "wait");
    await cut;
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1000);
    // Long before the socket's own cut (6 s) or the turn's time limit (30 minutes).
    expect(took).toBeLessThan(6000);

    const reason =
      'Agent execution error: The agent "Echo agent" sent nothing for 1 second (the idle limit for an added agent), so its turn was ended.';
    expect(task.status.state).toBe("failed");
    expect(task.history.map((m) => textOf(m.parts))).toEqual(["wait", "Echo: ", reason]);
    expect(textOf(task.status.message?.parts)).toBe(reason);
    const last = events.at(-1)?.payload;
    expect(last?.$case === "statusUpdate" && last.value.status?.state).toBe(
      TaskState.TASK_STATE_FAILED,
    );
    // The agent is asked to cancel its task, and nothing of the run is held.
    const calls = chat.remote.received.flatMap((r) => (r.body ? [JSON.parse(r.body).method] : []));
    expect(calls).toEqual(["SendStreamingMessage", "CancelTask"]);
    expect(app.services.runs.taskIds).toEqual([]);
  });
});
