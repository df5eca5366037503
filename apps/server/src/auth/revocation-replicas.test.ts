import { tokenReplySchema } from "@a2a-chat/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../test/databases.js";
import { processDatabase } from "../test/process-database.js";
import { type ServerProcess, startServerProcess } from "../test/server-process.js";

const run = testDialects.includes("postgres") ? describe : describe.skip;

// Each replica keeps verified tokens in memory; the session behind them must still be refused
// everywhere the moment it is revoked on any replica.
run("a session revoked on one replica", () => {
  const database = processDatabase("revoke");
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    a = await startServerProcess(database.env());
    b = await startServerProcess(database.env());
  }, 120_000);

  afterAll(async () => {
    await a?.kill();
    await b?.kill();
    await database.dispose();
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
