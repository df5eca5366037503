import { randomBytes } from "node:crypto";
import {
  type SharedConversation,
  type ShareRecord,
  sharedConversationSchema,
  sharedPagePath,
  shareMessages,
} from "@a2a-chat/contracts";
import type { Kysely } from "kysely";
import type { AuthContext } from "../auth/auth-context.js";
import { SharesRepository } from "../db/repositories/shares.js";
import type { Database, ShareRow } from "../db/schema.js";
import { AppError } from "../http/errors.js";
import { exportConversation, ownedConversation } from "./export-conversation.js";
import { shareSnapshot } from "./share-snapshot.js";

type Owner = Pick<AuthContext, "userId">;

const present = (row: Omit<ShareRow, "snapshot">): ShareRecord => ({
  id: row.id,
  context_id: row.context_id,
  name: row.name,
  up_to_message_id: row.up_to_message_id,
  created_at: row.created_at,
  path: `${sharedPagePath}?id=${row.id}`,
});

/** Shares a snapshot of one of the owner's conversations (up to a message) under a new secret id. */
export async function createShare(
  db: Kysely<Database>,
  owner: Owner,
  contextId: string,
  upTo: string | undefined,
): Promise<ShareRecord> {
  const context = await ownedConversation(db, owner, contextId);
  const snapshot = shareSnapshot(await exportConversation(db, context), upTo);
  const row: ShareRow = {
    // 192 random bits: the link is the only key, so it must not be guessable.
    id: randomBytes(24).toString("base64url"),
    user_id: owner.userId,
    context_id: context.id,
    up_to_message_id: upTo ?? null,
    name: context.name,
    snapshot: JSON.stringify(snapshot),
    created_at: snapshot.shared_at,
  };
  await new SharesRepository(db).insert(row);
  return present(row);
}

/** The owner's share links, newest first. */
export async function listShares(db: Kysely<Database>, owner: Owner): Promise<ShareRecord[]> {
  return (await new SharesRepository(db).listForUser(owner.userId)).map(present);
}

/** Revokes one of the owner's share links (another user's reads as missing). */
export async function revokeShare(db: Kysely<Database>, owner: Owner, id: string): Promise<void> {
  if (!(await new SharesRepository(db).deleteForUser(owner.userId, id))) {
    throw new AppError("not_found", shareMessages.notFound);
  }
}

/** What a share link shows, to anyone holding it; 404 once revoked. */
export async function readShare(db: Kysely<Database>, id: string): Promise<SharedConversation> {
  const row = await new SharesRepository(db).find(id);
  if (!row) throw new AppError("not_found", shareMessages.notFound);
  return sharedConversationSchema.parse(JSON.parse(row.snapshot));
}
