import { contextListQuerySchema } from "@a2a-chat/contracts";
import { readContextsPage } from "../contexts/contexts-page.js";
import { ContextsRepository } from "../db/repositories/contexts.js";
import { presentMe } from "../routes/me/me-routes.js";
import { type FastRead, fastRead } from "./read-fast-path.js";
import type { Services } from "./services.js";

/**
 * The reads answered before Hono (read-fast-path.ts), by path: each calls the same function as
 * its route, so both send the same reply: the conversation list (the API's most common read) and
 * who the caller is (read by the web app at every start).
 */
export function fastReads(services: Services): Map<string, FastRead> {
  const contexts = new ContextsRepository(services.db.kysely, undefined, services.db.readNow);
  return new Map([
    [
      "/api/v1/core/contexts",
      fastRead({
        parse: (query) => {
          const parsed = contextListQuerySchema.safeParse(query);
          return parsed.success ? parsed.data : undefined;
        },
        answer: async (auth, query, path) => {
          const page = await readContextsPage(contexts, auth.userId, query, path);
          return {
            body: page.records,
            headers: page.next ? [["Link", `<${page.next}>; rel="next"`]] : [],
          };
        },
      }),
    ],
    [
      "/api/v1/core/me",
      fastRead({
        // The route reads no query.
        parse: () => null,
        answer: async (auth) => ({ body: presentMe(auth) }),
      }),
    ],
  ]);
}
