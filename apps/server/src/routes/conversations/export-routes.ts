import { exportQuerySchema, importMessages, maxImportBytes } from "@a2a-chat/contracts";
import { Hono } from "hono";
import { exportConversation, ownedConversation } from "../../conversations/export-conversation.js";
import { importConversations } from "../../conversations/import-conversations.js";
import { conversationMarkdown } from "../../conversations/markdown-export.js";
import { readImportFile } from "../../conversations/read-import-file.js";
import type { AppEnv } from "../../http/env.js";
import { AppError } from "../../http/errors.js";
import { readQuery } from "../../http/read-query.js";
import type { Services } from "../../http/services.js";

/** The import path under /api (the JSON body guard leaves it alone: the body is the file). */
export const importPath = "/api/v1/core/imports";

/** A download name for a conversation: its name, safe as a file name, and the extension. */
function downloadName(name: string, extension: string): string {
  const safe =
    name
      .replace(/[^\p{L}\p{N} ._-]+/gu, "_")
      .trim()
      .slice(0, 80) || "conversation";
  return `attachment; filename="${safe.replace(/[^\x20-\x7e]/g, "_")}.${extension}"; filename*=UTF-8''${encodeURIComponent(safe)}.${extension}`;
}

/**
 * GET /api/v1/core/contexts/{id}/export?format=json|markdown: one of the caller's conversations
 * as a download. Mounted on the contexts path before the contexts routes, guarded on its own path.
 */
export function contextExportRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use("/:id/export", ...services.protect);
  routes.get("/:id/export", async (c) => {
    const { format } = readQuery(c, exportQuerySchema);
    const kysely = services.db.kysely;
    const context = await ownedConversation(kysely, c.var.auth, c.req.param("id"));
    const doc = await exportConversation(kysely, context);
    if (format === "markdown") {
      return c.body(await conversationMarkdown(doc), 200, {
        "content-type": "text/markdown; charset=utf-8",
        "content-disposition": downloadName(context.name, "md"),
      });
    }
    return c.body(JSON.stringify(doc, null, 2), 200, {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": downloadName(context.name, "json"),
    });
  });
  return routes;
}

/** The request body as text, refused (413) as soon as it passes the import limit. */
async function readLimited(body: ReadableStream<Uint8Array> | null): Promise<[string, number]> {
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxImportBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AppError("payload_too_large", importMessages.tooLarge);
    }
    chunks.push(value);
  }
  return [Buffer.concat(chunks).toString("utf8"), bytes];
}

/**
 * POST /api/v1/core/imports: the body is an export file (ours or ChatGPT's conversations.json);
 * each conversation in it becomes a new conversation of the caller. 201 with their records.
 */
export function importRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use("*", ...services.protect);
  routes.post("/", async (c) => {
    const length = Number(c.req.header("content-length") ?? "0");
    if (length > maxImportBytes) throw new AppError("payload_too_large", importMessages.tooLarge);
    const [text, bytes] = await readLimited(c.req.raw.body);
    const docs = readImportFile(text, bytes);
    return c.json(await importConversations(services, c.var.auth, docs), 201);
  });
  return routes;
}
