import { attachmentBytesLimit, limitsPath, limitsResponseSchema } from "@a2a-chat/contracts";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";

describe("attachmentBytesLimit", () => {
  it("is what fits base64-encoded in the smaller of the two limits, less room for the text", () => {
    expect(attachmentBytesLimit(524_288, 1_048_576)).toBe(390_144);
    expect(attachmentBytesLimit(0, 1_048_576)).toBe(783_360);
    expect(attachmentBytesLimit(2000, 1_048_576)).toBe(0);
  });
});

describeEachDialect("GET /api/v1/core/limits", (get) => {
  it("tells anyone the configured limits, and a message at the attachment limit is accepted", async () => {
    const app = createTestApp(get(), {
      config: {
        quotas: { messageBytes: 40_000, fileBytes: 3_000_000 },
        server: { bodyLimitBytes: 100_000 },
      },
    });
    const res = await app.request(limitsPath);
    expect(res.status).toBe(200);
    const limits = limitsResponseSchema.parse(await res.json());
    expect(limits).toEqual({
      message_bytes: 40_000,
      request_body_bytes: 100_000,
      attachment_bytes: attachmentBytesLimit(40_000, 100_000),
      file_bytes: 3_000_000,
    });

    // A file of exactly that size, with some text, goes through the agent's endpoint.
    const user = await taskUser(app);
    const contextId = await user.createContext();
    const bytes = Buffer.alloc(limits.attachment_bytes, 7).toString("base64");
    const send = (fileBytes: string) =>
      app.request("/api/v1/agents/assistant", {
        method: "POST",
        headers: { ...user.headers, "content-type": "application/json", "a2a-version": "1.0" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "SendMessage",
          params: {
            message: {
              messageId: crypto.randomUUID(),
              contextId,
              role: "ROLE_USER",
              parts: [
                { text: "Here is the file, please have a look at it." },
                { raw: fileBytes, filename: "big.bin", mediaType: "application/octet-stream" },
              ],
            },
          },
        }),
      });
    const fits = await send(bytes);
    expect(fits.status).toBe(200);
    const answer = (await fits.json()) as { result?: unknown; error?: unknown };
    expect(answer.error).toBeUndefined();
    expect(answer.result).toBeDefined();
    // A few bytes more and the message is refused.
    const over = await send(Buffer.alloc(limits.attachment_bytes + 4000, 7).toString("base64"));
    expect(JSON.stringify(await over.json())).toContain("Message is too large");
  });
});
