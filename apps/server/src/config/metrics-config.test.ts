import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./load.js";

const emptyDir = () => mkdtempSync(join(tmpdir(), "a2a-chat-config-"));

function loadError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env, emptyDir());
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected loadConfig to fail");
}

describe("metrics config", () => {
  it("is off by default and reads METRICS_TOKEN and METRICS_PORT", () => {
    expect(loadConfig({}, emptyDir()).metrics).toEqual({});
    const config = loadConfig(
      { METRICS_TOKEN: "a-long-enough-token-123", METRICS_PORT: "9464" },
      emptyDir(),
    );
    expect(config.metrics).toEqual({ token: "a-long-enough-token-123", port: 9464 });
  });

  it("rejects a short token, one with spaces, and a bad port", () => {
    expect(loadError({ METRICS_TOKEN: "short" })).toContain(
      "metrics.token (env METRICS_TOKEN): must be at least 16 characters",
    );
    expect(loadError({ METRICS_TOKEN: "sixteen chars and spaces" })).toContain(
      "metrics.token (env METRICS_TOKEN): must be printable ASCII without spaces",
    );
    expect(loadError({ METRICS_PORT: "70000" })).toContain("metrics.port (env METRICS_PORT)");
    expect(loadError({ METRICS_PORT: "0" })).toContain("metrics.port (env METRICS_PORT)");
  });
});
