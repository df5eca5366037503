import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { QueryTemplate } from "../query-template.js";
import type { ContextRow, Database } from "../schema.js";
import type { ReadNow } from "../sqlite-dialect.js";

type ListSlot = "userId" | "updatedAt" | "id";

/** Page sizes whose list query is kept compiled (1 to 500, with and without a cursor). */
const maxListTemplates = 1_002;

/** Reads and writes conversations. Every method that takes a user id is scoped to that user. */
export class ContextsRepository {
  /** The list query compiled once per page size, with and without a cursor. */
  private readonly listTemplates = new Map<string, QueryTemplate<ContextRow, ListSlot>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
    /** SQLite's read at once when its connection is free (Db.readNow); the list uses it. */
    private readonly readNow?: ReadNow,
  ) {}

  /**
   * A user's conversations, most recently updated first (then by id): at most `limit`, and only
   * those after the `after` conversation in that order. Read at once, without a promise, when
   * SQLite's connection is free (readNow).
   */
  listForUser(
    userId: string,
    page: { limit?: number; after?: { updatedAt: string; id: string } } = {},
  ): ContextRow[] | Promise<ContextRow[]> {
    const { after, limit } = page;
    const key = `${limit ?? "all"}:${after ? "after" : "first"}`;
    let template = this.listTemplates.get(key);
    if (!template) {
      const names: ListSlot[] = after ? ["userId", "updatedAt", "id"] : ["userId"];
      template = new QueryTemplate<ContextRow, ListSlot>(names, (slots) =>
        this.listQuery(slots.userId, after && { updatedAt: slots.updatedAt, id: slots.id }, limit),
      );
      if (this.listTemplates.size >= maxListTemplates) this.listTemplates.clear();
      this.listTemplates.set(key, template);
    }
    const values = { userId, updatedAt: after?.updatedAt, id: after?.id };
    const query = template.with(values);
    return this.readNow?.(query) ?? this.db.executeQuery(query).then((result) => result.rows);
  }

  private listQuery(
    userId: string,
    after: { updatedAt: string; id: string } | undefined,
    limit: number | undefined,
  ) {
    let query = this.db.selectFrom("contexts").selectAll().where("user_id", "=", userId);
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb("updated_at", "<", after.updatedAt),
          eb.and([eb("updated_at", "=", after.updatedAt), eb("id", ">", after.id)]),
        ]),
      );
    }
    const ordered = query.orderBy("updated_at", "desc").orderBy("id");
    return limit === undefined ? ordered : ordered.limit(limit);
  }

  async findById(id: string): Promise<ContextRow | undefined> {
    return this.db.selectFrom("contexts").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async countForUser(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom("contexts")
      .select((eb) => eb.fn.countAll<string | number | bigint>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async create(userId: string, name: string): Promise<ContextRow> {
    const at = this.now().toISOString();
    const row: ContextRow = {
      id: randomUUID(),
      user_id: userId,
      name,
      created_at: at,
      updated_at: at,
      message_count: 0,
      task_count: 0,
      last_message_at: null,
      storage_bytes: 0,
      leaf_task_id: null,
      leaf_cut_message_id: null,
    };
    await this.db
      .insertInto("contexts")
      .values({ ...row, storage_bytes: 0 })
      .execute();
    return row;
  }

  async rename(id: string, name: string): Promise<ContextRow | undefined> {
    await this.db
      .updateTable("contexts")
      .set({ name, updated_at: this.now().toISOString() })
      .where("id", "=", id)
      .execute();
    return this.findById(id);
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom("contexts").where("id", "=", id).execute();
  }
}
