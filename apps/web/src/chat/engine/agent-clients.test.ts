import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useAuthStore } from "../../stores/auth-store.js";
import { resetAllStores } from "../../stores/reset.js";
import { anonymousReply } from "../../test/jwt-fixture.js";
import { agentClientFor, setAgentClientFactory } from "./agent-clients.js";
import { FakeAgentClient, testAgent } from "./engine-fixtures.js";

beforeEach(() => {
  localStorage.clear();
  resetAllStores();
  useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
});

afterEach(() => setAgentClientFactory());

describe("agent clients", () => {
  it("read the session's token; the client decides per request where it may go", () => {
    const seen: (string | null)[] = [];
    setAgentClientFactory((_agent, getToken) => {
      seen.push(getToken());
      return new FakeAgentClient();
    });
    agentClientFor(testAgent({ url: `${window.location.origin}/api/v1/agents/assistant` }));
    expect(seen).toEqual([useAuthStore.getState().accessToken]);
  });

  it("are made once per endpoint and card", () => {
    let made = 0;
    setAgentClientFactory(() => {
      made += 1;
      return new FakeAgentClient();
    });
    const agent = testAgent({ url: "https://agents.example.com/a2a" });
    expect(agentClientFor(agent)).toBe(agentClientFor(agent));
    agentClientFor({ ...agent, card: { ...agent.card } });
    expect(made).toBe(2);
  });
});
