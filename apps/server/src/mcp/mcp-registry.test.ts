import { pino } from "pino";
import { describe, expect, it } from "vitest";
import type { ExternalMcpServerConfig } from "../config/mcp-schema.js";
import { testConfig } from "../test/config.js";
import type { ProbeResult } from "./external-probe.js";
import { failedProbeRetryMs, McpRegistry } from "./mcp-registry.js";

describe("McpRegistry probes", () => {
  const config = testConfig({
    mcp: {
      servers: [{ name: "slow-start", url: "http://127.0.0.1:9/mcp" }],
      probeCacheSeconds: 30,
    },
  });
  const setup = (answers: ProbeResult[]) => {
    let clock = 0;
    const probed: string[] = [];
    const probe = async (server: ExternalMcpServerConfig) => {
      probed.push(server.name);
      return answers.shift() ?? { ok: false, error: "no more answers" };
    };
    const registry = new McpRegistry(config, pino({ level: "silent" }), probe, () => clock);
    const status = async () =>
      (await registry.entries("http://localhost")).find((e) => e.name === "slow-start")?.status;
    return { probed, status, at: (ms: number) => (clock = ms) };
  };

  it("asks again soon after a failure: a server still starting is not 'error' for long", async () => {
    const { probed, status, at } = setup([
      { ok: false, error: "connect ECONNREFUSED" },
      { ok: true, version: "1.2.3" },
    ]);
    expect(await status()).toBe("error");
    at(failedProbeRetryMs - 1);
    expect(await status()).toBe("error");
    expect(probed).toHaveLength(1);
    at(failedProbeRetryMs);
    expect(await status()).toBe("running");
    expect(probed).toHaveLength(2);
  });

  it("keeps a success for the whole cache period", async () => {
    const { probed, status, at } = setup([{ ok: true, version: "1" }]);
    expect(await status()).toBe("running");
    at(29_999);
    expect(await status()).toBe("running");
    expect(probed).toHaveLength(1);
    at(30_000);
    expect(await status()).toBe("error");
    expect(probed).toHaveLength(2);
  });
});
