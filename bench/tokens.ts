import { generateSigningKey } from "../apps/server/src/auth/signing-key.js";
import { TokenService } from "../apps/server/src/auth/token-service.js";
import { startBuiltServer } from "../e2e/harness/server.js";
import { runLoad } from "./http-load.js";
import { machineLine, median, writeSection } from "./report.js";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const durationMs = 3000;
const concurrency = 16;

async function cryptoVerifiesPerSecond(): Promise<number> {
  const key = (await generateSigningKey()).key;
  const tokens = new TokenService(key, {
    issuer: "bench",
    audience: "bench",
    lifetimeSeconds: 3600,
  });
  const { token } = await tokens.issue({
    userId: "u",
    sessionId: "s",
    userType: "anon",
    username: "Anonymous",
    email: null,
    scopes: ["anonymous"],
  });
  for (let i = 0; i < 200; i++) await tokens.verify(token);
  const count = 3000;
  const started = performance.now();
  for (let i = 0; i < count; i++) await tokens.verify(token);
  return count / ((performance.now() - started) / 1000);
}

async function httpRuns(): Promise<{ sessions: number; verifies: number }> {
  const server = await startBuiltServer({
    RATE_LIMIT_SESSIONS_PER_IP: "0",
    RATE_LIMIT_API_PER_USER: "0",
    LOG_LEVEL: "warn",
  });
  try {
    const sessionUrl = `${server.url}/api/v1/core/oauth/session`;
    const sessions = await runLoad({
      url: sessionUrl,
      method: "POST",
      concurrency,
      durationMs,
    });
    const reply = (await (await fetch(sessionUrl, { method: "POST" })).json()) as {
      access_token: string;
    };
    const verifies = await runLoad({
      url: `${server.url}/api/v1/core/me`,
      headers: { authorization: `Bearer ${reply.access_token}` },
      concurrency,
      durationMs,
    });
    if (sessions.errors + verifies.errors > 0) {
      throw new Error(`errors during load: ${sessions.errors} session, ${verifies.errors} verify`);
    }
    return { sessions: sessions.perSecond, verifies: verifies.perSecond };
  } finally {
    await server.stop();
  }
}

/** Token verifications and anonymous sessions per second on one process (SQLite). */
export async function tokenThroughput(): Promise<void> {
  const crypto: number[] = [];
  const sessions: number[] = [];
  const verifies: number[] = [];
  for (let i = 0; i < runs; i++) {
    crypto.push(await cryptoVerifiesPerSecond());
    const http = await httpRuns();
    sessions.push(http.sessions);
    verifies.push(http.verifies);
    console.log(
      `tokens run ${i + 1}/${runs}: verify ${crypto.at(-1)?.toFixed(0)}/s in-process, ` +
        `${http.verifies.toFixed(0)}/s over HTTP; sessions ${http.sessions.toFixed(0)}/s`,
    );
  }
  const fmt = (values: number[]) => values.map((v) => v.toFixed(0)).join(", ");
  writeSection(
    "tokens",
    `## Token verification and anonymous sessions (one process, SQLite)

- *In-process verify*: \`TokenService.verify\` (ES256 signature, kid, iss, aud, exp, claim schema)
  on one token, 3000 calls after warm-up.
- *Authenticated requests over HTTP*: \`GET /api/v1/core/me\` on the built server: verify plus the
  session-revocation lookup, ${concurrency} concurrent connections for ${durationMs / 1000} s.
- *Anonymous sessions over HTTP*: \`POST /api/v1/core/oauth/session\`: user and session rows in one
  transaction plus an ES256 signature, ${concurrency} concurrent for ${durationMs / 1000} s.

Rate limits off, log level warn; load from autocannon in the bench process on the same two cores. Median of ${runs} runs.

| measure | median per second | runs |
|---|---|---|
| in-process token verifications | **${median(crypto).toFixed(0)}** | ${fmt(crypto)} |
| authenticated requests (verify + session check) | **${median(verifies).toFixed(0)}** | ${fmt(verifies)} |
| anonymous sessions created | **${median(sessions).toFixed(0)}** | ${fmt(sessions)} |

Machine: ${machineLine()}. Measured ${new Date().toISOString().slice(0, 10)}.`,
    [
      { measure: "in-process token verifications", latest: `${median(crypto).toFixed(0)}/s` },
      {
        measure: "authenticated requests (verify + session check)",
        latest: `${median(verifies).toFixed(0)}/s`,
      },
      { measure: "anonymous sessions created", latest: `${median(sessions).toFixed(0)}/s` },
    ],
  );
}
