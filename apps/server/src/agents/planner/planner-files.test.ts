import { contextFilesPath, fileSizeMetadataKey, uploadedFileSchema } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";

/** A text of `lines` numbered lines of five words each. */
function sampleText(lines: number): string {
  const out: string[] = [];
  for (let i = 1; i <= lines; i += 1) out.push(`line ${i} of the notes`);
  return `${out.join("\n")}\n`;
}

describeEachDialect("the built-in assistant reads uploaded files", (get) => {
  const setup = async () => {
    const app = createTestApp(get());
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const upload = async (
      who: typeof user,
      context: string,
      body: Buffer,
      name: string,
      type: string,
    ) => {
      const res = await app.request(contextFilesPath(context), {
        method: "POST",
        headers: { ...who.headers, "content-type": type, "x-file-name": name },
        body,
      });
      expect(res.status).toBe(201);
      return uploadedFileSchema.parse(await res.json());
    };
    const send = async (who: typeof user, context: string, parts: unknown[]) => {
      const res = await app.request("/api/v1/agents/assistant", {
        method: "POST",
        headers: { ...who.headers, "content-type": "application/json", "a2a-version": "1.0" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "SendMessage",
          params: {
            message: {
              messageId: crypto.randomUUID(),
              contextId: context,
              role: "ROLE_USER",
              parts,
            },
          },
        }),
      });
      expect(res.status).toBe(200);
      return JSON.stringify(await res.json());
    };
    return { app, user, contextId, upload, send };
  };

  it("summarises a multi-megabyte text file sent as a link to this server", async () => {
    const { user, contextId, upload, send } = await setup();
    const text = sampleText(150_000);
    expect(text.length).toBeGreaterThan(3_000_000);
    const file = await upload(user, contextId, Buffer.from(text), "notes.txt", "text/plain");
    const reply = await send(user, contextId, [
      { text: "What is in this file?" },
      {
        url: `http://localhost:8080${file.uri}`,
        filename: "notes.txt",
        mediaType: "text/plain",
        metadata: { [fileSizeMetadataKey]: file.size },
      },
    ]);
    expect(reply).toContain(
      "I read **notes.txt** (text/plain, 3.47 MB): 150,000 lines and 750,000 words. It begins “line 1 of the notes” and ends “line 150000 of the notes”.",
    );
  });

  it("tells an image's size from its header", async () => {
    const { user, contextId, upload, send } = await setup();
    // A PNG signature and IHDR of 640 x 480; the rest does not matter to the header.
    const png = Buffer.alloc(2000);
    Buffer.from("89504e470d0a1a0a0000000d49484452", "hex").copy(png, 0);
    png.writeUInt32BE(640, 16);
    png.writeUInt32BE(480, 20);
    const file = await upload(user, contextId, png, "photo.png", "image/png");
    const reply = await send(user, contextId, [
      { url: file.uri, filename: "photo.png", mediaType: "image/png", metadata: { size: 2000 } },
    ]);
    expect(reply).toContain("**photo.png** is a PNG image of 640 × 480 pixels (1.95 KB).");
  });

  it("cannot read another user's file for its caller", async () => {
    const { app, user, contextId, upload, send } = await setup();
    const file = await upload(
      user,
      contextId,
      Buffer.from("secret plans\n"),
      "plans.txt",
      "text/plain",
    );
    const other = await taskUser(app);
    const reply = await send(other, await other.createContext(), [
      { url: file.uri, filename: "plans.txt", mediaType: "text/plain" },
    ]);
    expect(reply).toContain("I could not read **plans.txt**: The file is no longer there.");
    expect(reply).not.toContain("secret plans");
  });
});
