import { describe, expect, it } from "vitest";
import { fixtureAgent } from "./agent-card-fixtures.js";
import { taskAgentLabel, toolRunLabel } from "./task-agent-label.js";

const coder = fixtureAgent({ name: "coder", displayName: "Code Helper" });
const added = {
  ...fixtureAgent({ name: "Remote", displayName: "Weather Bot" }),
  url: "http://localhost:3000/api/v1/agents/external/0f1e2d3c",
  external: true,
  credentialsKind: "none" as const,
};
const agents = [coder, added];
const task = (agent_name: string, extra: object = {}) => ({
  agent_name,
  task_type: "agent_message" as const,
  ...extra,
});

describe("taskAgentLabel", () => {
  it("shows an agent by the name the rest of the app uses, not its id", () => {
    expect(taskAgentLabel(task("coder"), agents)).toBe("Code Helper");
    expect(taskAgentLabel(task("external-0f1e2d3c"), agents)).toBe("Weather Bot");
  });

  it("prefers the name the agent showed when it worked on the task", () => {
    expect(taskAgentLabel(task("coder", { agent_display_name: "Coder v1" }), agents)).toBe(
      "Coder v1",
    );
  });

  it("labels a tool the user ran by its server, never 'mcp'", () => {
    const run = { agent_name: "mcp", task_type: "mcp_execution" as const };
    expect(taskAgentLabel({ ...run, mcp_server_name: "analytics" }, agents)).toBe(
      "Tool: analytics",
    );
    expect(taskAgentLabel(run, agents)).toBe(toolRunLabel(undefined));
    expect(toolRunLabel(undefined)).toBe("Tool");
  });

  it("falls back to the recorded name for an agent no longer listed", () => {
    expect(taskAgentLabel(task("external-gone"), agents)).toBe("external-gone");
    // A registry agent's name never matches an added agent that happens to share it.
    expect(taskAgentLabel(task("Remote"), agents)).toBe("Remote");
  });
});
