import { type Kysely, sql } from "kysely";

/**
 * Passkey accounts: credentials, single-use WebAuthn ceremonies, OAuth authorization codes and
 * refresh tokens. All of it lives in the database so every replica sees the same state. Codes and
 * refresh tokens are stored as SHA-256 hashes: a leaked table holds nothing usable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("full_name", "varchar(200)").execute();
  // Account names are unique regardless of case; every visitor is "Anonymous", so only accounts count.
  await sql`create unique index users_account_username_idx on users (lower(username))
    where user_type = 'authenticated'`.execute(db);

  await db.schema
    .createTable("webauthn_credentials")
    .addColumn("id", "varchar(1024)", (col) => col.primaryKey())
    .addColumn("user_id", "varchar(36)", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("public_key", "text", (col) => col.notNull())
    .addColumn("counter", "bigint", (col) => col.notNull())
    .addColumn("transports", "text", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("last_used_at", "varchar(32)")
    .execute();
  await db.schema
    .createIndex("webauthn_credentials_user_idx")
    .on("webauthn_credentials")
    .column("user_id")
    .execute();

  await db.schema
    .createTable("webauthn_challenges")
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("kind", "varchar(16)", (col) => col.notNull())
    .addColumn("challenge", "varchar(128)", (col) => col.notNull())
    .addColumn("email", "varchar(320)", (col) => col.notNull())
    .addColumn("username", "varchar(100)")
    .addColumn("full_name", "varchar(200)")
    .addColumn("new_user_id", "varchar(36)")
    .addColumn("oauth_state", "varchar(256)")
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("expires_at", "varchar(32)", (col) => col.notNull())
    .addColumn("used_at", "varchar(32)")
    .addColumn("user_id", "varchar(36)", (col) => col.references("users.id").onDelete("cascade"))
    .addColumn("verified_at", "varchar(32)")
    .addColumn("completed_at", "varchar(32)")
    .execute();
  await db.schema
    .createIndex("webauthn_challenges_user_state_idx")
    .on("webauthn_challenges")
    .columns(["user_id", "oauth_state"])
    .execute();
  await db.schema
    .createIndex("webauthn_challenges_expires_idx")
    .on("webauthn_challenges")
    .column("expires_at")
    .execute();

  await db.schema
    .createTable("oauth_codes")
    .addColumn("code_hash", "varchar(64)", (col) => col.primaryKey())
    .addColumn("user_id", "varchar(36)", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("client_id", "varchar(100)", (col) => col.notNull())
    .addColumn("redirect_uri", "text", (col) => col.notNull())
    .addColumn("scope", "varchar(200)", (col) => col.notNull())
    .addColumn("code_challenge", "varchar(128)", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("expires_at", "varchar(32)", (col) => col.notNull())
    .addColumn("used_at", "varchar(32)")
    .execute();

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("token_hash", "varchar(64)", (col) => col.primaryKey())
    .addColumn("session_id", "varchar(36)", (col) =>
      col.notNull().references("sessions.id").onDelete("cascade"),
    )
    .addColumn("user_id", "varchar(36)", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("client_id", "varchar(100)", (col) => col.notNull())
    .addColumn("scope", "varchar(200)", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addColumn("expires_at", "varchar(32)", (col) => col.notNull())
    .addColumn("rotated_at", "varchar(32)")
    .execute();
  await db.schema
    .createIndex("refresh_tokens_session_idx")
    .on("refresh_tokens")
    .column("session_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("refresh_tokens").execute();
  await db.schema.dropTable("oauth_codes").execute();
  await db.schema.dropTable("webauthn_challenges").execute();
  await db.schema.dropTable("webauthn_credentials").execute();
  await db.schema.dropIndex("users_account_username_idx").execute();
  await db.schema.alterTable("users").dropColumn("full_name").execute();
}
