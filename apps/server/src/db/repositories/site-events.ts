import { randomUUID } from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import type { Database, SiteEventsTable } from "../schema.js";

/** A website analytics event as stored, before it gets its id and time. */
export type NewSiteEvent = Omit<Insertable<SiteEventsTable>, "id" | "created_at">;

/** Writes the website's analytics events. */
export class SiteEventsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(event: NewSiteEvent, at: Date = new Date()): Promise<void> {
    await this.db
      .insertInto("site_events")
      .values({ ...event, id: randomUUID(), created_at: at.toISOString() })
      .execute();
  }
}
