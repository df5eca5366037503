import { ConfigError, loadConfig } from "../config/load.js";
import { BackupError, backupSqlite } from "./sqlite-backup.js";

const usage =
  "Usage: npm run backup -- <file>   (a new file for the copy of the SQLite database)\n";

/**
 * `npm run backup -- <file>`: an online copy of the SQLite database named by the server's own
 * configuration (DATA_DIR), taken while the server runs. PostgreSQL is backed up with pg_dump
 * (see docs/operations.md).
 */
async function main(): Promise<number> {
  const [target, ...rest] = process.argv.slice(2);
  if (!target || rest.length > 0 || target.startsWith("-")) {
    process.stderr.write(usage);
    return 2;
  }
  let dataDir: string;
  try {
    const config = loadConfig();
    if (config.database.url) {
      process.stderr.write(
        "DATABASE_URL is set: back PostgreSQL up with pg_dump (see docs/operations.md, Backups).\n",
      );
      return 2;
    }
    dataDir = config.database.dataDir;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
  try {
    const result = await backupSqlite(dataDir, target);
    process.stdout.write(
      `Backed up ${result.pages} pages (${result.bytes} bytes) to ${result.file}\n`,
    );
    return 0;
  } catch (error) {
    const reason = error instanceof BackupError ? error.message : (error as Error).message;
    process.stderr.write(`The backup failed: ${reason}\n`);
    return 1;
  }
}

process.exitCode = await main();
