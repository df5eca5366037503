import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachDialect } from "../test/databases.js";
import { migrateToLatest, migrationLevel } from "./migrate.js";
import { migrations } from "./migrations/index.js";

const names = Object.keys(migrations);

describeEachDialect(
  "migrations",
  (get) => {
    it("starts at no level on an empty database", async () => {
      expect(await migrationLevel(get().db)).toEqual({ applied: [], latest: null });
    });

    it("applies every migration in order and reports the level", async () => {
      const level = await migrateToLatest(get().db);
      expect(level.applied).toEqual(names);
      expect(level.latest).toBe(names.at(-1));
    });

    it("is idempotent", async () => {
      const again = await migrateToLatest(get().db);
      expect(again.applied).toEqual(names);
    });

    it("creates the users table", async () => {
      const { kysely } = get().db;
      const rows = await sql<{ n: number | string }>`select count(*) as n from users`.execute(
        kysely,
      );
      expect(Number(rows.rows[0]?.n)).toBe(0);
    });
  },
  { migrate: false },
);

it("names migrations so that sorting gives apply order", () => {
  expect([...names].sort()).toEqual(names);
  for (const name of names) expect(name).toMatch(/^\d{4}_[a-z0-9_]+$/);
});
