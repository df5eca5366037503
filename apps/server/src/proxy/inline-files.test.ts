import type { Message } from "@a2a-chat/contracts";
import { describe, expect, it } from "vitest";
import { readUpTo } from "../agents/turn-files.js";
import {
  InlineFileError,
  inlineFileMessages,
  inlineOwnFiles,
  ownUploadId,
  type UploadReader,
} from "./inline-files.js";

const id = "0b5c7a4e-1f2d-4c3b-9a8e-7d6c5b4a3f21";
const other = "9f8e7d6c-5b4a-4321-8fed-cba987654321";

function message(parts: Message["parts"]): Message {
  return { messageId: "m1", role: "user", parts, contextId: "c1" };
}

/** A reader over an in-memory store of one user's uploads, as the files endpoint reads them. */
function store(files: Record<string, Buffer>): UploadReader & { reads: string[] } {
  const reads: string[] = [];
  const read = async (fileId: string, maxBytes: number) => {
    reads.push(fileId);
    const bytes = files[fileId];
    if (!bytes) throw new Error("The file is no longer there.");
    return readUpTo(new Blob([bytes]).stream(), maxBytes);
  };
  return Object.assign(read, { reads });
}

describe("ownUploadId", () => {
  it("knows paths and links to our hosts, and nothing else", () => {
    const hosts = ["chat.example:8443"];
    expect(ownUploadId(`/api/v1/core/files/${id}`, hosts)).toBe(id);
    expect(ownUploadId(`https://chat.example:8443/api/v1/core/files/${id}`, hosts)).toBe(id);
    expect(ownUploadId(`https://CHAT.example:8443/api/v1/core/files/${id}`, hosts)).toBe(id);
    // Same path on another host, or another port, is someone else's link.
    expect(ownUploadId(`https://other.example/api/v1/core/files/${id}`, hosts)).toBeUndefined();
    expect(ownUploadId(`https://chat.example/api/v1/core/files/${id}`, hosts)).toBeUndefined();
    expect(ownUploadId(`//chat.example:8443/api/v1/core/files/${id}`, hosts)).toBeUndefined();
    expect(ownUploadId("/api/v1/core/contexts/x", hosts)).toBeUndefined();
    expect(ownUploadId("https://chat.example:8443/elsewhere.txt", hosts)).toBeUndefined();
  });
});

describe("inlineOwnFiles", () => {
  const hosts = ["localhost:3000"];

  it("turns each link to one of our uploads into its bytes, keeping text, inline bytes and other links", async () => {
    const notes = Buffer.from("first line\nsecond line\n");
    const image = Buffer.from([0, 1, 2, 250, 251, 252]);
    const read = store({ [id]: notes, [other]: image });
    const input = message([
      { kind: "text", text: "see these" },
      {
        kind: "file",
        file: { name: "notes.txt", mimeType: "text/plain", uri: `/api/v1/core/files/${id}` },
        metadata: { size: notes.byteLength },
      },
      { kind: "file", file: { uri: `http://localhost:3000/api/v1/core/files/${other}` } },
      { kind: "file", file: { name: "a.txt", mimeType: "text/plain", bytes: "aGk=" } },
      { kind: "file", file: { name: "far.pdf", uri: "https://files.example/far.pdf" } },
    ]);
    const out = await inlineOwnFiles(input, { ownHosts: hosts, read, maxBytes: 1000 });
    expect(out.parts).toEqual([
      { kind: "text", text: "see these" },
      {
        kind: "file",
        file: { name: "notes.txt", mimeType: "text/plain", bytes: notes.toString("base64") },
        metadata: { size: notes.byteLength },
      },
      {
        kind: "file",
        file: {
          name: "Unnamed file",
          mimeType: "application/octet-stream",
          bytes: image.toString("base64"),
        },
      },
      input.parts[3],
      input.parts[4],
    ]);
    expect(read.reads).toEqual([id, other]);
    // The message it came from is left as it was (it is stored with its links).
    expect(input.parts[1]).toMatchObject({ file: { uri: `/api/v1/core/files/${id}` } });
  });

  it("refuses the message, naming the file, when the user cannot read it", async () => {
    const read = store({});
    const attempt = inlineOwnFiles(
      message([{ kind: "file", file: { name: "secret.txt", uri: `/api/v1/core/files/${id}` } }]),
      { ownHosts: hosts, read, maxBytes: 1000 },
    );
    await expect(attempt).rejects.toBeInstanceOf(InlineFileError);
    await expect(attempt).rejects.toThrow(
      inlineFileMessages.unreadable("secret.txt", "The file is no longer there."),
    );
    expect(inlineFileMessages.unreadable("secret.txt", "The file is no longer there.")).toBe(
      "Cannot send secret.txt to the agent: The file is no longer there.",
    );
  });

  it("refuses files above the bound in all, counting inline bytes too, and takes files up to it", async () => {
    const read = store({ [id]: Buffer.alloc(600, 1), [other]: Buffer.alloc(400, 2) });
    const link = (fileId: string) =>
      ({ kind: "file", file: { uri: `/api/v1/core/files/${fileId}` } }) as const;
    const both = message([link(id), link(other)]);
    const exact = await inlineOwnFiles(both, { ownHosts: hosts, read, maxBytes: 1000 });
    expect(exact.parts).toHaveLength(2);
    await expect(inlineOwnFiles(both, { ownHosts: hosts, read, maxBytes: 999 })).rejects.toThrow(
      inlineFileMessages.tooLarge(999),
    );
    // 4 base64 characters are 3 bytes: 402 inline and 600 linked are over 1000.
    const mixed = message([
      { kind: "file", file: { bytes: Buffer.alloc(402).toString("base64") } },
      link(id),
    ]);
    await expect(inlineOwnFiles(mixed, { ownHosts: hosts, read, maxBytes: 1000 })).rejects.toThrow(
      inlineFileMessages.tooLarge(1000),
    );
    const alone = message([
      { kind: "file", file: { bytes: Buffer.alloc(1002).toString("base64") } },
    ]);
    await expect(inlineOwnFiles(alone, { ownHosts: hosts, read, maxBytes: 1000 })).rejects.toThrow(
      InlineFileError,
    );
  });

  it("leaves a message with no links of ours as it was, reading nothing", async () => {
    const read = store({});
    const input = message([
      { kind: "text", text: "hi" },
      { kind: "file", file: { uri: `https://elsewhere.example/api/v1/core/files/${id}` } },
    ]);
    expect(await inlineOwnFiles(input, { ownHosts: hosts, read, maxBytes: 10 })).toEqual(input);
    expect(read.reads).toEqual([]);
  });
});
