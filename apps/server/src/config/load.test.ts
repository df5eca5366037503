import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./load.js";

function dirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "a2a-chat-config-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

function loadError(env: NodeJS.ProcessEnv, cwd: string): string {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected loadConfig to fail");
}

describe("loadConfig", () => {
  it("uses defaults when there is no file and no env", () => {
    const config = loadConfig({}, dirWith({}));
    expect(config.server.port).toBe(8080);
    expect(config.server.host).toBe("127.0.0.1");
    expect(config.server.bodyLimitBytes).toBe(1_048_576);
    expect(config.database.dataDir).toBe("./data");
    expect(config.database.url).toBeUndefined();
    expect(config.log.level).toBe("info");
  });

  it("reads config/default.yaml from the working directory", () => {
    const dir = dirWith({});
    mkdirSync(join(dir, "config"));
    writeFileSync(join(dir, "config", "default.yaml"), "server:\n  port: 9000\n");
    expect(loadConfig({}, dir).server.port).toBe(9000);
  });

  it("reads the file named by CONFIG instead", () => {
    const dir = dirWith({ "custom.yaml": "server:\n  port: 9001\nlog:\n  level: warn\n" });
    const config = loadConfig({ CONFIG: "custom.yaml" }, dir);
    expect(config.server.port).toBe(9001);
    expect(config.log.level).toBe("warn");
  });

  it("lets environment variables override the file", () => {
    const dir = dirWith({ "c.yaml": "server:\n  port: 9000\n  host: 0.0.0.0\n" });
    const config = loadConfig(
      {
        CONFIG: "c.yaml",
        PORT: "9100",
        DATA_DIR: "/var/lib/chat",
        DATABASE_URL: "postgres://u@db:5432/chat",
        LOG_LEVEL: "debug",
        PUBLIC_URL: "https://chat.example.com",
      },
      dir,
    );
    expect(config.server.port).toBe(9100);
    expect(config.server.host).toBe("0.0.0.0");
    expect(config.server.publicUrl).toBe("https://chat.example.com");
    expect(config.database.dataDir).toBe("/var/lib/chat");
    expect(config.database.url).toBe("postgres://u@db:5432/chat");
    expect(config.log.level).toBe("debug");
  });

  it("names the key and the env variable of a bad value", () => {
    const message = loadError({ PORT: "http" }, dirWith({}));
    expect(message).toContain("server.port (env PORT)");
    expect(message).toMatch(/expected number/i);
  });

  it("rejects an out-of-range port", () => {
    expect(loadError({ PORT: "70000" }, dirWith({}))).toContain("server.port (env PORT)");
  });

  it("rejects an unknown log level and a non-postgres DATABASE_URL", () => {
    const message = loadError({ LOG_LEVEL: "loud", DATABASE_URL: "mysql://x" }, dirWith({}));
    expect(message).toContain("log.level (env LOG_LEVEL)");
    expect(message).toContain("database.url (env DATABASE_URL): must be a postgres://");
  });

  it("reads auth and rate-limit settings from the environment", () => {
    const config = loadConfig(
      { TOKEN_LIFETIME_SECONDS: "900", RATE_LIMIT_API_PER_USER: "0", TRUST_PROXY_HOPS: "1" },
      dirWith({}),
    );
    expect(config.auth.tokenLifetimeSeconds).toBe(900);
    expect(config.rateLimit.apiRequestsPerUser).toBe(0);
    expect(config.server.trustProxyHops).toBe(1);
    expect(loadConfig({}, dirWith({})).auth.tokenLifetimeSeconds).toBe(3600);
  });

  it("rejects a token lifetime outside 1 minute to 1 day", () => {
    expect(loadError({ TOKEN_LIFETIME_SECONDS: "5" }, dirWith({}))).toContain(
      "auth.tokenLifetimeSeconds (env TOKEN_LIFETIME_SECONDS)",
    );
  });

  it("reads an added agent's idle limit (default 120 s) and refuses one outside 1 s to 1 day", () => {
    expect(loadConfig({}, dirWith({})).quotas.agentIdleSeconds).toBe(120);
    expect(
      loadConfig({ QUOTA_AGENT_IDLE_SECONDS: "30" }, dirWith({})).quotas.agentIdleSeconds,
    ).toBe(30);
    const file = dirWith({ "c.yaml": "quotas:\n  agentIdleSeconds: 45\n" });
    expect(loadConfig({ CONFIG: "c.yaml" }, file).quotas.agentIdleSeconds).toBe(45);
    for (const bad of ["0", "86401", "1.5", "soon"]) {
      expect(loadError({ QUOTA_AGENT_IDLE_SECONDS: bad }, dirWith({}))).toContain(
        "quotas.agentIdleSeconds (env QUOTA_AGENT_IDLE_SECONDS)",
      );
    }
    expect(loadError({ QUOTA_AGENT_IDLE_SECONDS: "0" }, dirWith({}))).toContain(
      "quotas.agentIdleSeconds (env QUOTA_AGENT_IDLE_SECONDS): Too small: expected number to be >=1",
    );
    expect(loadError({ QUOTA_AGENT_IDLE_SECONDS: "86401" }, dirWith({}))).toContain(
      "quotas.agentIdleSeconds (env QUOTA_AGENT_IDLE_SECONDS): Too big: expected number to be <=86400",
    );
  });

  it("reads the outbound allow list as a YAML list or a comma-separated env string", () => {
    expect(loadConfig({}, dirWith({})).outbound.allowHosts).toEqual([]);
    const fromEnv = loadConfig(
      { OUTBOUND_ALLOW_HOSTS: " agents.internal, 10.0.0.0/8 ,,::1" },
      dirWith({}),
    );
    expect(fromEnv.outbound.allowHosts).toEqual(["agents.internal", "10.0.0.0/8", "::1"]);
    const fromFile = loadConfig(
      { CONFIG: "custom.yaml" },
      dirWith({ "custom.yaml": "outbound:\n  allowHosts: [hooks.lan]\n  timeoutMs: 2000\n" }),
    );
    expect(fromFile.outbound).toMatchObject({ allowHosts: ["hooks.lan"], timeoutMs: 2000 });
  });

  it("refuses an agent named like the agents users add", () => {
    const dir = dirWith({
      "app.yaml": [
        "agents:",
        "  - name: external-0b6d3c1e",
        "    description: Clashes with a user-added agent's name",
        "    systemPrompt: Hello",
      ].join("\n"),
    });
    expect(loadError({ CONFIG: join(dir, "app.yaml") }, dir)).toContain(
      'must not start with "external-": that prefix names the agents users add',
    );
  });

  it("rejects unknown keys in the file", () => {
    const dir = dirWith({ "c.yaml": "server:\n  prot: 80\n" });
    const message = loadError({ CONFIG: "c.yaml" }, dir);
    expect(message).toContain("server");
    expect(message).toContain('"prot"');
  });

  it("reports YAML that does not parse", () => {
    const dir = dirWith({ "c.yaml": "server: [unclosed\n" });
    expect(loadError({ CONFIG: "c.yaml" }, dir)).toContain("is not valid YAML");
  });

  it("fails when an explicit CONFIG file is missing", () => {
    expect(loadError({ CONFIG: "nope.yaml" }, dirWith({}))).toContain("Cannot read config file");
  });

  it("rejects a file that is not a mapping", () => {
    const dir = dirWith({ "c.yaml": "- a\n- b\n" });
    expect(loadError({ CONFIG: "c.yaml" }, dir)).toContain("must contain a mapping");
  });
});

describe("the shipped config/default.yaml", () => {
  it("is valid and matches the built-in defaults", () => {
    const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));
    const config = loadConfig({}, repoRoot);
    expect(config).toEqual(loadConfig({}, dirWith({})));
  });
});
