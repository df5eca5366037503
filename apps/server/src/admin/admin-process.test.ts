import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { accountClient, passkeyLimitsOff } from "../test/accounts.js";
import { createTestApp } from "../test/app.js";
import { describeEachDialect, type TestDatabase } from "../test/databases.js";
import { sourceEntry } from "../test/server-process.js";
import { adminExit } from "./admin-cli.js";

const serverRoot = fileURLToPath(new URL("../..", import.meta.url));

/** Runs the admin command as its own process, from source, as `npm run admin --` runs it built. */
function adminProcess(
  argv: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...sourceEntry("admin"), ...argv],
      { cwd: serverRoot, env: { PATH: process.env.PATH ?? "", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The environment that points the command at a test database. */
function envOf(database: TestDatabase): Record<string, string> {
  const { dataDir, url, schema } = database.config;
  return { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url, DATABASE_SCHEMA: schema } : {}) };
}

describeEachDialect("npm run admin as its own process", (get) => {
  it("signs an account out everywhere while the server runs: its token is refused at once", async () => {
    const a = createTestApp(get(), { config: passkeyLimitsOff });
    const who = { username: "ops_target", email: "ops.target@example.com" };
    const { access_token: token } = await accountClient(a).signUp(who);
    const me = () =>
      a.request("/api/v1/core/me", { headers: { authorization: `Bearer ${token}` } });
    // Twice: on SQLite the second answer comes from the process's memory of active sessions.
    expect((await me()).status).toBe(200);
    expect((await me()).status).toBe(200);

    const result = await adminProcess(["revoke-sessions", who.email], envOf(get()));
    expect(result).toMatchObject({
      code: 0,
      stdout: `Ended 1 session(s) of ${who.email}: its tokens are refused from now on, on every server.\n`,
    });
    expect((await me()).status).toBe(401);
  });
});

it("exits 64 for an unknown command and 78 for a configuration that does not load", async () => {
  const unknown = await adminProcess(["frob"], { DATA_DIR: "/nonexistent/never-opened" });
  expect(unknown.code).toBe(adminExit.usage);
  expect(unknown.stderr).toMatch(/^Unknown command "frob"\./);
  const badConfig = await adminProcess(["list"], { TOKEN_LIFETIME_SECONDS: "5" });
  expect(badConfig.code).toBe(adminExit.config);
  expect(badConfig.stderr).toContain("auth.tokenLifetimeSeconds (env TOKEN_LIFETIME_SECONDS)");
});
