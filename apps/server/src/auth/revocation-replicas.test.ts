import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tokenReplySchema } from "@a2a-chat/contracts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../test/databases.js";
import { testPostgresUrl } from "../test/postgres-probe.js";
import { type ServerProcess, startServerProcess } from "../test/server-process.js";

const run = testDialects.includes("postgres") ? describe : describe.skip;

// Each replica keeps verified tokens in memory; the session behind them must still be refused
// everywhere the moment it is revoked on any replica.
run("a session revoked on one replica", () => {
  const schema = `revoke_${process.pid}_${Date.now().toString(36)}`;
  const keyDir = mkdtempSync(join(tmpdir(), "a2a-chat-revoke-"));
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    const env = {
      DATABASE_URL: testPostgresUrl,
      DATABASE_SCHEMA: schema,
      JWT_SIGNING_KEY_PATH: join(keyDir, "key.json"),
      DATA_DIR: keyDir,
      RATE_LIMIT_SESSIONS_PER_IP: "0",
      RATE_LIMIT_API_PER_USER: "0",
      LOG_LEVEL: "warn",
    };
    a = await startServerProcess(env);
    b = await startServerProcess(env);
  }, 120_000);

  afterAll(async () => {
    await a?.kill();
    await b?.kill();
    const client = new pg.Client({ connectionString: testPostgresUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
    rmSync(keyDir, { recursive: true, force: true });
  });

  const contexts = (server: ServerProcess, token: string) =>
    fetch(`${server.url}/api/v1/core/contexts`, { headers: { authorization: `Bearer ${token}` } });

  it("is refused on the other replica at once, though that one verified its token before", async () => {
    const res = await fetch(`${a.url}/api/v1/core/oauth/session`, { method: "POST" });
    const token = tokenReplySchema.parse(await res.json()).access_token;
    for (const server of [a, b, b, a]) expect((await contexts(server, token)).status).toBe(200);

    const revoke = await fetch(`${a.url}/api/v1/core/oauth/revoke`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoke.status).toBe(204);

    const onB = await contexts(b, token);
    expect(onB.status).toBe(401);
    expect(await onB.json()).toEqual({
      error: "unauthorized",
      message: "Invalid or expired JWT token",
    });
    expect((await contexts(a, token)).status).toBe(401);
  });
});
