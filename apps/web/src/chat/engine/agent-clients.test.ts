import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useAuthStore } from "../../stores/auth-store.js";
import { resetAllStores } from "../../stores/reset.js";
import { anonymousReply } from "../../test/jwt-fixture.js";
import { agentClientFor, isOwnAgent, setAgentClientFactory, tokenFor } from "./agent-clients.js";
import { FakeAgentClient, testAgent } from "./engine-fixtures.js";

const origin = window.location.origin;

beforeEach(() => {
  localStorage.clear();
  resetAllStores();
  useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
});

afterEach(() => setAgentClientFactory());

describe("which agents get the session's token", () => {
  it("counts agents on this site's origin (absolute or relative urls) as our own", () => {
    expect(isOwnAgent({ url: `${origin}/api/v1/agents/assistant` })).toBe(true);
    expect(isOwnAgent({ url: "/api/v1/agents/assistant" })).toBe(true);
    expect(isOwnAgent({ url: "https://agents.example.com/a2a" })).toBe(false);
    expect(isOwnAgent({ url: "http://[bad" })).toBe(false);
  });

  it("gives our own agents the token and external agents none", () => {
    const token = useAuthStore.getState().accessToken;
    expect(token).toBeTruthy();
    expect(tokenFor({ url: `${origin}/api/v1/agents/assistant` })).toBe(token);
    expect(tokenFor({ url: "https://agents.example.com/a2a" })).toBeNull();
  });

  it("makes clients whose token reader follows the same rule", () => {
    const seen: (string | null)[] = [];
    setAgentClientFactory((_agent, getToken) => {
      seen.push(getToken());
      return new FakeAgentClient();
    });
    agentClientFor(testAgent({ url: `${origin}/api/v1/agents/assistant` }));
    agentClientFor(testAgent({ url: "https://agents.example.com/a2a" }));
    expect(seen).toEqual([useAuthStore.getState().accessToken, null]);
  });
});
