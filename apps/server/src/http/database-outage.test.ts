import { createServer, type Server, Socket } from "node:net";
import { join } from "node:path";
import {
  databaseUnavailableMessage,
  errorEnvelopeSchema,
  healthResponseSchema,
} from "@a2a-chat/contracts";
import SqliteDatabase from "better-sqlite3";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.js";
import { createTestApp } from "../test/app.js";
import { createTestDatabase, type TestDatabase, testDialects } from "../test/databases.js";
import { testPostgresUrl } from "../test/postgres-probe.js";
import { freePort } from "../test/server-process.js";
import { anonymousSession, bearer } from "../test/tokens.js";

type App = ReturnType<typeof createTestApp>;

const createContext = (app: App, token: string) =>
  app.request("/api/v1/core/contexts", {
    method: "POST",
    headers: { ...bearer(token), "content-type": "application/json" },
    body: JSON.stringify({ name: "Chat" }),
  });

/** A JSON-RPC call to the default agent. */
const rpc = (app: App, token: string, method: string, params: unknown) =>
  app.request("/api/v1/agents/assistant", {
    method: "POST",
    headers: { ...bearer(token), "content-type": "application/json", "a2a-version": "1.0" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });

/** SendMessage params in the JSON wire form of protocol 1.0. */
const jsonMessage = (contextId: string) => ({
  message: {
    messageId: `m-${Math.random()}`,
    contextId,
    role: "ROLE_USER",
    parts: [{ text: "hello" }],
  },
});

/**
 * Sessions that wait, directly or behind another waiter (a second row lock queues behind the
 * first), for a lock the client holds. Only those: other test files share the PostgreSQL server,
 * and their lock waits must not count as this test's requests.
 */
const waitersOfClient = `
  with recursive waiter(pid) as (
    select pid from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))
    union
    select activity.pid from pg_stat_activity activity
      join waiter on waiter.pid = any(pg_blocking_pids(activity.pid))
  )
  select count(*) as n from waiter`;

/** Waits until this many sessions wait for a lock the client holds. */
async function waitForLockWaits(client: pg.Client, count: number): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const { rows } = await client.query<{ n: string }>(waitersOfClient);
    if (Number(rows[0]?.n) >= count) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`never saw ${count} sessions waiting for a lock`);
}

/** The response and how long it took. */
async function timed(
  request: Response | Promise<Response>,
): Promise<{ res: Response; ms: number }> {
  const started = performance.now();
  const res = await request;
  return { res, ms: performance.now() - started };
}

/**
 * Waits for /health to answer ok again. The first check after an outage may still miss its bound
 * on a loaded machine (it reads the migration level); the read it started goes on, so a later
 * check answers.
 */
async function expectHealthyAgain(app: App): Promise<void> {
  let healthy = await app.request("/api/v1/health");
  for (let tries = 0; healthy.status !== 200 && tries < 20; tries += 1)
    healthy = await app.request("/api/v1/health");
  expect(healthy.status).toBe(200);
  expect(healthResponseSchema.parse(await healthy.json()).status).toBe("ok");
}

async function expectDatabaseUnavailable(res: Response): Promise<void> {
  expect(res.status).toBe(503);
  expect(res.headers.get("retry-after")).toBe("2");
  expect(errorEnvelopeSchema.parse(await res.json())).toEqual({
    error: "database_unavailable",
    message: databaseUnavailableMessage,
  });
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function database(
  dialect: "sqlite" | "postgres",
  settings: Parameters<typeof createTestDatabase>[1],
) {
  const database = await createTestDatabase(dialect, settings);
  cleanup.push(() => database.destroy());
  return database;
}

describe("a locked SQLite file", () => {
  it("fails writes with 503 database_unavailable within the lock timeout; /health says so", async () => {
    const db = await database("sqlite", { settings: { lockTimeoutMs: 200 } });
    const app = createTestApp(db);
    const { access_token: token } = await anonymousSession(app);
    const other = new SqliteDatabase(join(db.config.dataDir, "a2a-chat.sqlite"));
    cleanup.push(async () => {
      other.close();
    });
    other.exec("begin immediate");

    const locked = await timed(createContext(app, token));
    await expectDatabaseUnavailable(locked.res);
    expect(locked.ms).toBeLessThan(5000);
    // Issue 40: a file another process holds locked is reported (it said 200).
    const health = await app.request("/api/v1/health");
    expect(health.status).toBe(503);
    expect(healthResponseSchema.parse(await health.json()).message).toBe(
      "The database file is locked by another process.",
    );

    other.exec("rollback");
    expect((await createContext(app, token)).status).toBe(201);
  });
});

const onPostgres = testDialects.includes("postgres") ? describe : describe.skip;

onPostgres("a long lock on PostgreSQL", () => {
  it("fails the requests that need it fast with 503; /health answers degraded within its bound, then recovers", async () => {
    const db: TestDatabase = await database("postgres", {
      settings: { lockTimeoutMs: 1500, acquireTimeoutMs: 1500, poolSize: 2 },
    });
    const app = createTestApp(db, { config: { server: { healthTimeoutMs: 200 } } });
    const session = await anonymousSession(app);
    // A first check learns the migration level (reported later while the database is locked);
    // reading it can take longer than the 200 ms bound on a loaded machine, so it is asked again.
    await expectHealthyAgain(app);
    const holder = new pg.Client({ connectionString: testPostgresUrl });
    await holder.connect();
    cleanup.push(() => holder.end());
    // Every change of the user takes their row's lock (to number their events).
    await holder.query("begin");
    await holder.query(`select * from "${db.config.schema}".users where id = $1 for update`, [
      session.user_id,
    ]);

    // Both requests wait on the lock, holding both pooled connections until the lock timeout.
    const waiting = [
      timed(createContext(app, session.access_token)),
      timed(createContext(app, session.access_token)),
    ];
    await waitForLockWaits(holder, 2);
    // /health cannot get a connection, and says so within its own bound, long before either.
    const health = await timed(app.request("/api/v1/health"));
    expect(health.ms).toBeLessThan(1000);
    expect(health.res.status).toBe(503);
    const body = healthResponseSchema.parse(await health.res.json());
    expect(body.status).toBe("degraded");
    expect(body.database.status).toBe("unavailable");
    expect(body.database.migration).not.toBeNull();
    expect(body.message).toBe("The database did not answer within 200 ms.");
    for (const { res, ms } of await Promise.all(waiting)) {
      await expectDatabaseUnavailable(res);
      expect(ms).toBeLessThan(5000);
    }

    await holder.query("rollback");

    // A2A calls whose database reads wait on a lock: 503 too, not a JSON-RPC 'unexpected error'.
    const created = (await (await createContext(app, session.access_token)).json()) as {
      context_id: string;
    };
    await holder.query("begin");
    await holder.query(`lock table "${db.config.schema}".contexts in access exclusive mode`);
    await holder.query(`lock table "${db.config.schema}".tasks in access exclusive mode`);
    const send = jsonMessage(created.context_id);
    await expectDatabaseUnavailable(await rpc(app, session.access_token, "SendMessage", send));
    await expectDatabaseUnavailable(
      await rpc(app, session.access_token, "SendStreamingMessage", send),
    );
    await expectDatabaseUnavailable(await rpc(app, session.access_token, "GetTask", { id: "t1" }));
    await holder.query("rollback");

    // Recovered: /health says ok again (its 200 ms bound may be missed on a loaded machine).
    await expectHealthyAgain(app);
    expect((await createContext(app, session.access_token)).status).toBe(201);
  });
});

/** A TCP relay to the test PostgreSQL that can be started late, to refuse connections until then. */
function relay(port: number): { start(): Promise<void>; stop(): Promise<void> } {
  const target = new URL(testPostgresUrl);
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  return {
    start: () =>
      new Promise((resolve) => {
        server = createServer((client) => {
          const upstream = new Socket();
          sockets.add(client).add(upstream);
          upstream.connect(Number(target.port || 5432), target.hostname);
          client.pipe(upstream).pipe(client);
          const end = () => {
            client.destroy();
            upstream.destroy();
          };
          client.on("error", end).on("close", end);
          upstream.on("error", end).on("close", end);
        });
        server.listen(port, "127.0.0.1", () => resolve());
      }),
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    },
  };
}

onPostgres("PostgreSQL refusing connections", () => {
  it("answers 503 database_unavailable (API, A2A sends, /health) and recovers by itself", async () => {
    const migrated = await database("postgres", {});
    const port = await freePort();
    const url = new URL(testPostgresUrl);
    url.host = `127.0.0.1:${port}`;
    const settings = { ...migrated.config, url: url.toString(), acquireTimeoutMs: 1000 };
    const down = relay(port);
    // Opening checks the schema once through the relay; then the relay goes away.
    await down.start();
    const db = await openDatabase(settings);
    await down.stop();
    const app = createTestApp({ ...migrated, db, config: settings });
    cleanup.push(
      () => db.close(),
      () => down.stop(),
    );
    // A token issued while the database was up, through the direct connection.
    const earlier = await anonymousSession(createTestApp(migrated));

    await expectDatabaseUnavailable(
      await app.request("/api/v1/core/oauth/session", { method: "POST" }),
    );
    await expectDatabaseUnavailable(await createContext(app, earlier.access_token));
    await expectDatabaseUnavailable(
      await rpc(app, earlier.access_token, "SendMessage", jsonMessage("c")),
    );
    const health = await app.request("/api/v1/health");
    expect(health.status).toBe(503);
    expect(healthResponseSchema.parse(await health.json())).toMatchObject({
      status: "degraded",
      database: { status: "unavailable" },
      message: "The database refused the health check.",
    });

    await down.start();
    const session = await anonymousSession(app);
    expect((await createContext(app, session.access_token)).status).toBe(201);
    await expectHealthyAgain(app);
  });
});
