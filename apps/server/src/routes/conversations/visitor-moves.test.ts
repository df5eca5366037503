import { searchHitSchema, shareRecordSchema } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { accountClient, passkeyLimitsOff } from "../../test/accounts.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { taskUser } from "../../test/tasks.js";
import { bearer } from "../../test/tokens.js";

describeEachDialect("a visitor's search and share links when they register", (get) => {
  it("finds the visitor's messages and lists their links under the new account", async () => {
    const app = createTestApp(get(), { config: passkeyLimitsOff });
    const visitor = await taskUser(app);
    const ctx = await visitor.createContext("Visitor chat");
    await visitor.task(ctx, "v-1", "a quokka smiles");
    const shared = await app.request(`/api/v1/core/contexts/${ctx}/shares`, {
      method: "POST",
      headers: { ...visitor.headers, "content-type": "application/json" },
      body: "{}",
    });
    const share = shareRecordSchema.parse(await shared.json());

    const account = await accountClient(app).signUp(
      { username: `quokka_${Date.now().toString(36)}`, email: `quokka.${Date.now()}@example.com` },
      visitor.session.access_token,
    );
    const headers = bearer(account.access_token);
    const hits = searchHitSchema
      .array()
      .parse(await (await app.request("/api/v1/core/search?q=quokka", { headers })).json());
    expect(hits.map((h) => [h.context_id, h.message_id])).toEqual([[ctx, "v-1"]]);
    const links = shareRecordSchema
      .array()
      .parse(await (await app.request("/api/v1/core/shares", { headers })).json());
    expect(links.map((l) => l.id)).toEqual([share.id]);
    expect((await app.request(`/api/v1/public/shares/${share.id}`)).status).toBe(200);
  });
});
