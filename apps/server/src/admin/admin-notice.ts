import type { Kysely } from "kysely";
import { UsersRepository } from "../db/repositories/users.js";
import type { Database } from "../db/schema.js";
import type { Logger } from "../log/logger.js";

/**
 * Tells the operator at start how admins are made now, when it matters: listed in ADMIN_EMAILS
 * but never granted (a deployment from before the admin command, where being listed was enough),
 * or no admin at all. Only a log line: it changes nothing and never stops the start.
 */
export async function logAdminNotice(
  db: Kysely<Database>,
  allowList: readonly string[],
  logger: Logger,
): Promise<void> {
  const admins = await new UsersRepository(db).listAccounts({ adminsOnly: true });
  const granted = new Set(admins.map((admin) => admin.email?.toLowerCase()));
  const waiting = allowList.filter((email) => !granted.has(email.trim().toLowerCase()));
  if (waiting.length > 0) {
    logger.warn(
      { emails: waiting },
      "ADMIN_EMAILS lists accounts that are not admins: being listed no longer makes an admin. On the server, run: npm run admin -- grant <email>",
    );
  } else if (admins.length === 0) {
    logger.info(
      "no admin account yet; to make one, run on the server: npm run admin -- grant <email>",
    );
  }
}
