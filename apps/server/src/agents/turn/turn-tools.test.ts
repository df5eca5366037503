import { expect, it } from "vitest";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { turnFixture } from "../../test/turns.js";
import type { RunnerTool } from "../model-runner.js";
import { withTurnTools } from "./turn-tools.js";

describeEachDialect("a turn's tools", (get) => {
  it("are none for a runner that calls no tools, which opens no server", async () => {
    const app = createTestApp(get());
    const { deps, turn } = await turnFixture(app);
    const agent = { ...deps.agent, mcpServers: ["product"] };
    let seen: RunnerTool[] | undefined;
    await withTurnTools({ ...deps, agent }, turn, async (tools) => {
      seen = tools;
    });
    expect(seen).toEqual([]);
  });

  it("are none for an agent with no servers of its own or the user's", async () => {
    const app = createTestApp(get());
    const { deps, turn } = await turnFixture(app);
    const runner = { ...deps.runner, usesTools: true };
    let seen: RunnerTool[] | undefined;
    await withTurnTools(
      { ...deps, runner, agent: { ...deps.agent, mcpServers: [] } },
      turn,
      async (tools) => {
        seen = tools;
      },
    );
    expect(seen).toEqual([]);
  });
});
