import {
  contextFilesPath,
  fileMessages,
  filesPath,
  quotaMessages,
  uploadedFileSchema,
} from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { FilesRepository } from "../../db/repositories/files.js";
import { fileChunkBytes } from "../../files/upload-file.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";

/** Bytes that differ from chunk to chunk, so a reordered or lost chunk shows. */
function sampleBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + Math.floor(i / 4096)) % 251;
  return bytes;
}

describeEachDialect("files: upload, read, delete", (get) => {
  const setup = async (config: Parameters<typeof createTestApp>[1] = {}) => {
    const app = createTestApp(get(), config);
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const upload = (
      body: Buffer | ReadableStream<Uint8Array>,
      options: {
        name?: string;
        type?: string;
        context?: string;
        headers?: Record<string, string>;
      } = {},
    ) =>
      app.request(contextFilesPath(options.context ?? contextId), {
        method: "POST",
        headers: {
          ...(options.headers ?? user.headers),
          "content-type": options.type ?? "text/plain",
          "x-file-name": encodeURIComponent(options.name ?? "notes.txt"),
          ...(Buffer.isBuffer(body) ? { "content-length": String(body.byteLength) } : {}),
        },
        body,
        ...(Buffer.isBuffer(body) ? {} : { duplex: "half" }),
      } as RequestInit);
    const storage = async () => {
      const res = await user.get("/contexts");
      const body = (await res.json()) as {
        contexts?: { context_id: string; storage_bytes?: number }[];
      };
      return body;
    };
    return { app, user, contextId, upload, storage };
  };

  it("stores a multi-chunk file once and gives its owner the same bytes, type and name", async () => {
    const { app, user, upload } = await setup();
    const bytes = sampleBytes(fileChunkBytes * 2 + 12_345);
    const res = await upload(bytes, { name: "résumé notes.txt" });
    expect(res.status).toBe(201);
    const file = uploadedFileSchema.parse(await res.json());
    expect(file).toMatchObject({
      name: "résumé notes.txt",
      mime_type: "text/plain",
      size: bytes.byteLength,
      uri: `${filesPath}/${file.id}`,
    });

    const read = await app.request(file.uri, { headers: user.headers });
    expect(read.status).toBe(200);
    expect(read.headers.get("content-type")).toBe("text/plain");
    expect(read.headers.get("content-length")).toBe(String(bytes.byteLength));
    expect(read.headers.get("content-disposition")).toContain(
      `filename*=UTF-8''${encodeURIComponent("résumé notes.txt")}`,
    );
    expect(Buffer.from(await read.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("takes a streamed body of unknown length", async () => {
    const { app, user, upload } = await setup();
    const pieces = [sampleBytes(300_000), sampleBytes(400_000), sampleBytes(500_000)];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(new Uint8Array(piece));
        controller.close();
      },
    });
    const res = await upload(stream, { type: "application/octet-stream", name: "data.bin" });
    expect(res.status).toBe(201);
    const file = uploadedFileSchema.parse(await res.json());
    expect(file.size).toBe(1_200_000);
    const read = await app.request(file.uri, { headers: user.headers });
    expect(Buffer.from(await read.arrayBuffer()).equals(Buffer.concat(pieces))).toBe(true);
    expect(read.headers.get("content-disposition")).toMatch(/^attachment;/);
  });

  it("refuses another user's read and delete with 404, and an unsigned request with 401", async () => {
    const { app, upload } = await setup();
    const file = uploadedFileSchema.parse(await (await upload(sampleBytes(1000))).json());
    const other = await taskUser(app);
    const read = await app.request(file.uri, { headers: other.headers });
    expect(read.status).toBe(404);
    expect(await read.json()).toMatchObject({ message: fileMessages.notFound });
    const remove = await app.request(file.uri, { method: "DELETE", headers: other.headers });
    expect(remove.status).toBe(404);
    expect((await app.request(file.uri)).status).toBe(401);
    // Nor can they upload into the owner's conversation.
    const intoTheirs = await app.request(contextFilesPath(await other.createContext()), {
      method: "POST",
      headers: { ...other.headers, "content-type": "text/plain" },
      body: "x",
    });
    expect(intoTheirs.status).toBe(201);
    const { contextId } = await setup();
    const intoOwners = await upload(sampleBytes(10), {
      context: contextId,
      headers: other.headers,
    });
    expect(intoOwners.status).toBe(404);
  });

  it("refuses a file over the limit with its message, by declared length and by bytes sent", async () => {
    const { app, user, upload } = await setup({ config: { quotas: { fileBytes: 100_000 } } });
    const declared = await upload(sampleBytes(100_001));
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({
      error: "payload_too_large",
      message: "File is too large: the limit is 100000 bytes.",
    });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(sampleBytes(60_000)));
        controller.enqueue(new Uint8Array(sampleBytes(60_000)));
        controller.close();
      },
    });
    const streamed = await upload(stream);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ message: fileMessages.tooLargeBytes(100_000) });
    // Exactly at the limit is fine, and nothing of the refused ones was kept.
    expect((await upload(sampleBytes(100_000))).status).toBe(201);
    const rows = await app.services.db.kysely
      .selectFrom("files")
      .select(["size", "complete"])
      .where("user_id", "=", user.owner.userId)
      .execute();
    expect(rows.map((r) => [Number(r.size), Number(r.complete)])).toEqual([[100_000, 1]]);
  });

  it("counts files against the storage quota and frees them when deleted", async () => {
    const { app, user, contextId, upload } = await setup({
      config: { quotas: { storageBytesPerUser: 250_000 } },
    });
    const stored = async () =>
      Number(
        (
          await app.services.db.kysely
            .selectFrom("contexts")
            .select("storage_bytes")
            .where("id", "=", contextId)
            .executeTakeFirstOrThrow()
        ).storage_bytes,
      );
    const first = uploadedFileSchema.parse(await (await upload(sampleBytes(200_000))).json());
    expect(await stored()).toBe(200_000);
    const refused = await upload(sampleBytes(60_000));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: quotaMessages.storage(250_000) });

    const removed = await app.request(first.uri, { method: "DELETE", headers: user.headers });
    expect(removed.status).toBe(204);
    expect(await stored()).toBe(0);
    expect((await app.request(first.uri, { headers: user.headers })).status).toBe(404);
    expect((await upload(sampleBytes(60_000))).status).toBe(201);
  });

  it("is not held to the JSON body limit: a file larger than a request body goes through", async () => {
    const { upload } = await setup({ config: { server: { bodyLimitBytes: 1024 } } });
    const res = await upload(sampleBytes(50_000), { type: "image/png", name: "a.png" });
    expect(res.status).toBe(201);
  });

  it("deletes a conversation's files, bytes and all, with the conversation", async () => {
    const { app, user, contextId, upload } = await setup();
    await user.createContext("Another");
    const file = uploadedFileSchema.parse(
      await (await upload(sampleBytes(fileChunkBytes + 1))).json(),
    );
    expect((await user.deleteContext(contextId)).status).toBe(204);
    expect((await app.request(file.uri, { headers: user.headers })).status).toBe(404);
    const files = new FilesRepository(app.services.db.kysely);
    expect(await files.chunk(file.id, 0)).toBeUndefined();
    const left = await app.services.db.kysely
      .selectFrom("file_chunks")
      .select("seq")
      .where("file_id", "=", file.id)
      .execute();
    expect(left).toEqual([]);
  });
});
