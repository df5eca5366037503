import { webClientId } from "@a2a-chat/contracts";
import { expect, it } from "vitest";
import { accountClient, pkcePair, testRedirectUri } from "../../test/accounts.js";
import { createTestApp } from "../../test/app.js";
import { describeEachDialect } from "../../test/databases.js";
import { passkeyEmailLimitMessage, passkeyIpLimitMessage } from "./passkey-routes.js";

const base = "/api/v1/core/oauth/webauthn";
// A day: the windows are fixed on the clock, and a test that straddles the end of a one-minute
// window would see its counts start again.
const windowSeconds = 86_400;

describeEachDialect(
  "passkey rate limits",
  (get) => {
    const challenges = async () =>
      Number(
        (
          await get()
            .db.kysely.selectFrom("webauthn_challenges")
            .select((eb) => eb.fn.countAll<string | number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const limited = async (res: Response, message: string) => {
      expect(res.status).toBe(429);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const retryAfter = Number(res.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
      expect(await res.json()).toEqual({
        error: "rate_limited",
        error_description: message,
        message,
      });
    };

    it("refuses a network past its passkey calls per window, on every webauthn endpoint", async () => {
      const app = createTestApp(get(), {
        config: {
          server: { trustProxyHops: 1 },
          rateLimit: { passkeyRequestsPerIp: 3, windowSeconds },
        },
      });
      const from = (ip: string) => ({ "x-forwarded-for": ip });
      const authStart = (email: string, ip: string) =>
        app.request(`${base}/auth/start?${new URLSearchParams({ email, oauth_state: "s" })}`, {
          method: "POST",
          headers: from(ip),
        });
      for (const n of [1, 2, 3]) {
        expect((await authStart(`ip${n}@example.com`, "203.0.113.5")).status).toBe(200);
      }
      const before = await challenges();
      await limited(await authStart("ip4@example.com", "203.0.113.5"), passkeyIpLimitMessage);
      await limited(
        await app.request(
          `${base}/register/start?${new URLSearchParams({ username: "some_one", email: "one@example.com" })}`,
          { method: "POST", headers: from("203.0.113.5") },
        ),
        passkeyIpLimitMessage,
      );
      await limited(
        await app.request(`${base}/auth/finish`, {
          method: "POST",
          headers: { ...from("203.0.113.5"), "content-type": "application/json" },
          body: "{}",
        }),
        passkeyIpLimitMessage,
      );
      const pkce = pkcePair();
      await limited(
        await app.request(
          `${base}/complete?${new URLSearchParams({
            user_id: crypto.randomUUID(),
            response_type: "code",
            client_id: webClientId,
            redirect_uri: testRedirectUri,
            scope: "user",
            state: pkce.state,
            code_challenge: pkce.challenge,
            code_challenge_method: "S256",
          })}`,
          { headers: from("203.0.113.5") },
        ),
        passkeyIpLimitMessage,
      );
      // Nothing was started by the refused calls; another network is not affected.
      expect(await challenges()).toBe(before);
      expect((await authStart("ip5@example.com", "198.51.100.7")).status).toBe(200);
    });

    it("refuses more sign-ins for one e-mail, known or not, whatever its case", async () => {
      const app = createTestApp(get(), {
        config: { rateLimit: { passkeySignInsPerEmail: 2, windowSeconds } },
      });
      const client = accountClient(app);
      const known = { username: "limit_ada", email: "limit.ada@example.com" };
      await client.register(known);
      for (const email of [known.email, "nobody.here@example.com"]) {
        expect((await client.authStart(email, "s1")).status).toBe(200);
        expect((await client.authStart(email.toUpperCase(), "s2")).status).toBe(200);
        const before = await challenges();
        await limited(await client.authStart(` ${email} `, "s3"), passkeyEmailLimitMessage);
        expect(await challenges()).toBe(before);
      }
      // Other e-mails and registration are not held back by it.
      expect((await client.authStart("someone.else@example.com", "s4")).status).toBe(200);
      expect(
        (await client.registerStart({ username: "limit_bob", email: "limit.bob@example.com" }))
          .status,
      ).toBe(200);
    });
  },
  { per: "test" },
);
