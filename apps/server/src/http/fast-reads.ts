import { contextListQuerySchema } from "@a2a-chat/contracts";
import { type ContextsPage, readContextsPage } from "../contexts/contexts-page.js";
import { ContextsRepository } from "../db/repositories/contexts.js";
import { presentMe } from "../routes/me/me-routes.js";
import { type FastRead, fastRead, type ReadReply } from "./read-fast-path.js";
import type { Services } from "./services.js";

function pageReply(page: ContextsPage): ReadReply {
  return {
    body: page.records,
    headers: page.next ? [["Link", `<${page.next}>; rel="next"`]] : [],
  };
}

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
        answer: (auth, query, path) => {
          const page = readContextsPage(contexts, auth.userId, query, path);
          return page instanceof Promise ? page.then(pageReply) : pageReply(page);
        },
      }),
    ],
    [
      "/api/v1/core/me",
      fastRead({
        // The route reads no query.
        parse: () => null,
        answer: (auth) => ({ body: presentMe(auth) }),
      }),
    ],
  ]);
}
