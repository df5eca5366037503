import { fileMessages, fileNameHeader } from "@a2a-chat/contracts";
import { Hono } from "hono";
import { FilesRepository } from "../../db/repositories/files.js";
import { contentDisposition, fileStream } from "../../files/read-file.js";
import { deleteFile, uploadFile } from "../../files/upload-file.js";
import type { AppEnv } from "../../http/env.js";
import { AppError } from "../../http/errors.js";
import type { Services } from "../../http/services.js";

/** The path of uploads under /api (the JSON body guard leaves it alone: the body is the file). */
export const uploadPathPattern = /^\/api\/v1\/core\/contexts\/[^/]+\/files$/;

function decodedName(header: string | undefined): string {
  if (!header) return "file";
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}

/**
 * POST /api/v1/core/contexts/{id}/files: the request body is the file itself (its type in
 * Content-Type, its name percent-encoded in X-File-Name). Mounted on the contexts path before
 * the contexts routes, with its guards on its own path only.
 */
export function contextFilesRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use("/:id/files", ...services.protect);
  routes.post("/:id/files", async (c) => {
    const length = c.req.header("content-length");
    const declared = length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined;
    const file = await uploadFile(services, c.var.auth, {
      contextId: c.req.param("id"),
      name: decodedName(c.req.header(fileNameHeader)),
      mimeType: c.req.header("content-type") ?? "",
      ...(declared !== undefined ? { declaredBytes: declared } : {}),
      body: c.req.raw.body,
    });
    return c.json(file, 201);
  });
  return routes;
}

/** GET and DELETE /api/v1/core/files/{id}: one of the caller's files (another's reads as 404). */
export function filesRoutes(services: Services): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const files = new FilesRepository(services.db.kysely);
  routes.use("*", ...services.protect);
  routes.get("/:id", async (c) => {
    const row = await files.findForUser(c.var.auth.userId, c.req.param("id"));
    if (!row) throw new AppError("not_found", fileMessages.notFound);
    return new Response(fileStream(files, row.id), {
      headers: {
        "content-type": row.mime_type,
        "content-length": String(row.size),
        "content-disposition": contentDisposition(row.name, row.mime_type),
        "cache-control": "private, no-store",
      },
    });
  });
  routes.delete("/:id", async (c) => {
    await deleteFile(services, c.var.auth, c.req.param("id"));
    return c.body(null, 204);
  });
  return routes;
}
