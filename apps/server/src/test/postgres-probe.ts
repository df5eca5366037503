import pg from "pg";

/** PostgreSQL used by tests; each test database is its own schema in it. */
export const testPostgresUrl =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Connects once; returns why PostgreSQL cannot be used, or undefined when it can. */
export async function probePostgres(): Promise<string | undefined> {
  const client = new pg.Client({
    connectionString: testPostgresUrl,
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    await client.query("select 1");
    return undefined;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs `use` with a connection of its own to the test PostgreSQL, ended afterwards. */
export async function withAdminClient<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Runs statements, one after another, on a connection of its own to the test PostgreSQL. */
export function runAsAdmin(...statements: string[]): Promise<void> {
  return withAdminClient(async (client) => {
    for (const statement of statements) await client.query(statement);
  });
}
