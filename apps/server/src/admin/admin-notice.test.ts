import { pino } from "pino";
import { expect, it } from "vitest";
import { UsersRepository } from "../db/repositories/users.js";
import { describeEachDialect } from "../test/databases.js";
import { logAdminNotice } from "./admin-notice.js";

/** A logger whose lines the test reads back. */
function recordingLogger() {
  const lines: { level: number; msg: string; emails?: string[] }[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describeEachDialect("the admin notice at start", (get) => {
  it("names the ADMIN_EMAILS accounts never granted, then says nothing once they are", async () => {
    const users = new UsersRepository(get().db.kysely);
    const owner = await users.create({
      userType: "authenticated",
      username: "notice_owner",
      email: "Owner@Example.com",
    });
    const { logger, lines } = recordingLogger();
    await logAdminNotice(get().db.kysely, ["owner@example.com", "ops@example.com"], logger);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        emails: ["owner@example.com", "ops@example.com"],
        msg: "ADMIN_EMAILS lists accounts that are not admins: being listed no longer makes an admin. On the server, run: npm run admin -- grant <email>",
      }),
    ]);

    lines.length = 0;
    await logAdminNotice(get().db.kysely, [], logger);
    expect(lines.map((line) => line.msg)).toEqual([
      "no admin account yet; to make one, run on the server: npm run admin -- grant <email>",
    ]);

    lines.length = 0;
    await users.setAdminSince(owner.id, new Date().toISOString());
    await logAdminNotice(get().db.kysely, ["owner@example.com"], logger);
    await logAdminNotice(get().db.kysely, [], logger);
    expect(lines).toEqual([]);
  });
});
