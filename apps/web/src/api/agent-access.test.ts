import { describe, expect, it } from "vitest";
import { v1Card } from "../agents/agent-card-fixtures.js";
import {
  agentAccess,
  agentInsufficientMessage,
  agentRequiresAuth,
  insufficientPermissionsBadge,
} from "./agent-access.js";
import { cardToAgent } from "./card-to-agent.js";

const open = cardToAgent(v1Card({ name: "open" }), { external: false });
const userOnly = cardToAgent(v1Card({ name: "user-only", requiredScopes: ["user"] }), {
  external: false,
});
const adminOps = cardToAgent(v1Card({ name: "ops", requiredScopes: ["admin", "ops"] }), {
  external: false,
});
const externalAdmin = { ...adminOps, external: true };

const anonymous = { isAuthenticated: false, scopes: ["anonymous"] };
const signedInUser = { isAuthenticated: true, scopes: ["user"] };
const signedInAdmin = { isAuthenticated: true, scopes: ["admin"] };

describe("agentAccess", () => {
  it("opens agents without security to everyone", () => {
    expect(agentRequiresAuth(open)).toBe(false);
    expect(agentAccess(open, anonymous)).toBe("open");
    expect(agentAccess(open, { isAuthenticated: false, scopes: [] })).toBe("open");
  });

  it("opens a secured agent to a signed-in user whose scopes reach it, by rank", () => {
    expect(agentRequiresAuth(userOnly)).toBe(true);
    expect(agentAccess(userOnly, signedInUser)).toBe("open");
    expect(agentAccess(userOnly, signedInAdmin)).toBe("open");
    expect(agentAccess(adminOps, { isAuthenticated: true, scopes: ["ops"] })).toBe("open");
  });

  it("hides a registry agent whose required scopes a signed-in user's scopes do not reach", () => {
    expect(agentAccess(adminOps, signedInUser)).toBe("hidden");
  });

  it("greys every secured agent for a visitor, whatever scopes it needs (sign-in brings them)", () => {
    expect(agentAccess(userOnly, anonymous)).toBe("login");
    expect(agentAccess(adminOps, anonymous)).toBe("login");
  });

  it("greys a secured agent the scopes would reach until the user signs in", () => {
    const anonymousAgent = cardToAgent(v1Card({ name: "anon", requiredScopes: ["anonymous"] }), {
      external: false,
    });
    expect(agentAccess(anonymousAgent, anonymous)).toBe("login");
    expect(agentAccess(anonymousAgent, { ...anonymous, isAuthenticated: true })).toBe("open");
    // A scheme without listed scopes still needs a signed-in user.
    const schemeOnly = { ...open, securitySchemes: { bearer: "HTTP bearer" } };
    expect(agentAccess(schemeOnly, anonymous)).toBe("login");
    expect(agentAccess(schemeOnly, signedInUser)).toBe("open");
  });

  it("greys an agent the user added when signed in without the scopes, or not signed in", () => {
    expect(agentAccess(externalAdmin, signedInUser)).toBe("insufficient");
    expect(agentAccess(externalAdmin, anonymous)).toBe("login");
    expect(agentAccess(externalAdmin, signedInAdmin)).toBe("open");
  });
});

describe("agentInsufficientMessage", () => {
  it("names the accepted scopes joined by OR and the user's scopes", () => {
    expect(insufficientPermissionsBadge).toBe("Insufficient Permissions");
    expect(agentInsufficientMessage(adminOps, ["user", "mcp"])).toBe(
      "Insufficient permissions. This agent accepts: admin OR ops. You have: user, mcp",
    );
  });
});
