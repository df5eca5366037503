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

/** Every table the server stores, keyed by table name. */
export interface Database {
  users: UsersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
