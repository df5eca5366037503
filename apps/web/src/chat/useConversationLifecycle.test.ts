import { afterEach, describe, expect, it, vi } from "vitest";
import { useAgentsStore } from "../stores/agents-store.js";
import { testAgent } from "./engine/engine-fixtures.js";
import { agentNamedOnceListed } from "./useConversationLifecycle.js";

const assistant = testAgent();
const initial = useAgentsStore.getState();

afterEach(() => useAgentsStore.setState(initial, true));

describe("agentNamedOnceListed", () => {
  it("waits for a registry still loading, then finds the task's agent in it", async () => {
    let listed = () => {};
    const discover = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          listed = () => {
            useAgentsStore.setState({ agents: [assistant], loading: false });
            resolve();
          };
        }),
    );
    useAgentsStore.setState({ agents: [], loading: true, discover });
    const found = agentNamedOnceListed("assistant");
    let settled = false;
    void found.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    listed();
    expect(await found).toBe(assistant);
    expect(discover).toHaveBeenCalledOnce();
  });

  it("answers from the list at once when it is there, and undefined for an agent it lacks", async () => {
    const discover = vi.fn(async () => undefined);
    useAgentsStore.setState({ agents: [assistant], loading: false, discover });
    expect(await agentNamedOnceListed("assistant")).toBe(assistant);
    expect(await agentNamedOnceListed("gone")).toBeUndefined();
    expect(discover).not.toHaveBeenCalled();
  });

  it("never takes an agent the user added by URL for a registry agent of the same name", async () => {
    useAgentsStore.setState({ agents: [{ ...assistant, external: true }], loading: false });
    expect(await agentNamedOnceListed("assistant")).toBeUndefined();
  });
});
