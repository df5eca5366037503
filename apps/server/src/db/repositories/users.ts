import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, UserRow, UserType } from "../schema.js";

/** A user as the repository hands it out (the event counter is the event log's business). */
export type UserRecord = Omit<UserRow, "last_event_seq">;

const columns = [
  "id",
  "user_type",
  "username",
  "email",
  "full_name",
  "created_at",
  "updated_at",
  "admin_since",
] as const;

/** An account as the admin command lists it. */
export interface AccountSummary {
  email: string | null;
  username: string;
  createdAt: string;
  adminSince: string | null;
  /** Sessions not signed out or revoked (each a browser or device, while its tokens last). */
  activeSessions: number;
}

export interface NewUser {
  /** A chosen id (a passkey's user handle is fixed before the account exists); else a new one. */
  id?: string;
  userType: UserType;
  username: string;
  email?: string | null;
  fullName?: string | null;
}

/** Reads and writes the users table. */
export class UsersRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(input: NewUser): Promise<UserRecord> {
    const at = this.now().toISOString();
    const row: UserRecord = {
      id: input.id ?? randomUUID(),
      user_type: input.userType,
      username: input.username,
      email: input.email?.toLowerCase() ?? null,
      full_name: input.fullName ?? null,
      created_at: at,
      updated_at: at,
      admin_since: null,
    };
    await this.db.insertInto("users").values(row).execute();
    return row;
  }

  async findById(id: string): Promise<UserRecord | undefined> {
    return this.db.selectFrom("users").select(columns).where("id", "=", id).executeTakeFirst();
  }

  async findByEmail(email: string): Promise<UserRecord | undefined> {
    return this.db
      .selectFrom("users")
      .select(columns)
      .where("email", "=", email.toLowerCase())
      .executeTakeFirst();
  }

  /** The account with this username, compared without case (visitors are all "Anonymous"). */
  async findAccountByUsername(username: string): Promise<UserRecord | undefined> {
    return this.db
      .selectFrom("users")
      .select(columns)
      .where("user_type", "=", "authenticated")
      .where((eb) => eb(eb.fn("lower", ["username"]), "=", username.toLowerCase()))
      .executeTakeFirst();
  }

  /** Turns a user into a signed-in account; returns undefined if the user does not exist. */
  async promote(id: string, username: string, email: string): Promise<UserRecord | undefined> {
    const updated_at = this.now().toISOString();
    const result = await this.db
      .updateTable("users")
      .set({ user_type: "authenticated", username, email: email.toLowerCase(), updated_at })
      .where("id", "=", id)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return undefined;
    return this.findById(id);
  }

  /** Makes an account an admin as of `since`, or no admin (null); false if no such user. */
  async setAdminSince(id: string, since: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable("users")
      .set({ admin_since: since, updated_at: this.now().toISOString() })
      .where("id", "=", id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Every account (visitors are not listed), oldest first, or only the admins. */
  async listAccounts(options: { adminsOnly?: boolean } = {}): Promise<AccountSummary[]> {
    let query = this.db
      .selectFrom("users as u")
      .select((eb) => [
        "u.email",
        "u.username",
        "u.created_at",
        "u.admin_since",
        eb
          .selectFrom("sessions as s")
          .select((inner) => inner.fn.countAll<string | number | bigint>().as("n"))
          .whereRef("s.user_id", "=", "u.id")
          .where("s.revoked_at", "is", null)
          .as("active_sessions"),
      ])
      .where("u.user_type", "=", "authenticated");
    if (options.adminsOnly) query = query.where("u.admin_since", "is not", null);
    const rows = await query.orderBy("u.created_at").orderBy("u.id").execute();
    return rows.map((row) => ({
      email: row.email,
      username: row.username,
      createdAt: row.created_at,
      adminSince: row.admin_since,
      activeSessions: Number(row.active_sessions ?? 0),
    }));
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<string | number | bigint>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
