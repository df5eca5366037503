import { ConfigError, loadConfig } from "../config/load.js";
import type { Config } from "../config/schema.js";
import { type Db, openDatabase } from "../db/database.js";
import { migrateWithoutTimeLimits } from "../db/migrate.js";
import { adminExit, runAdmin } from "./admin-cli.js";

/**
 * `npm run admin -- <command>`: the operator's command, run on the server with the server's own
 * configuration, straight against its database (a running server is not needed, nor stopped).
 */
async function main(): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return adminExit.config;
  }
  let db: Db | undefined;
  const output = {
    out: (text: string) => process.stdout.write(text),
    err: (text: string) => process.stderr.write(text),
  };
  try {
    return await runAdmin(process.argv.slice(2), output, async () => {
      db = await openDatabase(config.database);
      // A fresh install may have no tables yet; the server would make the same ones at start.
      await migrateWithoutTimeLimits(config.database, db);
      return { db, config };
    });
  } catch (error) {
    process.stderr.write(`The admin command failed: ${(error as Error).message}\n`);
    return adminExit.failed;
  } finally {
    await db?.close();
  }
}

process.exitCode = await main();
