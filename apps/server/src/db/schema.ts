import type { ColumnType, Insertable, Selectable, Updateable } from "kysely";

/** ISO-8601 UTC timestamp text, the same in both dialects so ordering and parsing agree. */
export type Timestamp = string;

export type UserType = "anon" | "authenticated";

export interface UsersTable {
  id: string;
  user_type: UserType;
  username: string;
  email: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  /** When a token was last issued for this session. */
  renewed_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface RateLimitsTable {
  key: string;
  /** Window start in epoch milliseconds. */
  window_start: ColumnType<number, number, number>;
  count: number;
}

/** Every table the server stores, keyed by table name. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
}

export type SessionRow = Selectable<SessionsTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
