import { startBuiltServer } from "../e2e/harness/server.js";
import { runLoad } from "./http-load.js";
import { cpuMs, median } from "./report.js";

/**
 * A/B of a V8 flag on request throughput (by hand: `npx tsx bench/semi-space-ab.ts`): authenticated
 * GET /api/v1/core/me and anonymous session creation, 16 connections, alternating the variants.
 * Besides requests per second (which a shared machine's load swamps), the server's CPU time per
 * request (user + system, from /proc), which other processes' load barely moves.
 */
const variants: Record<string, string[]> = {
  default: [],
  "semi-space 2 MB": ["--max-semi-space-size=2"],
};
const rounds = Number(process.env.AB_ROUNDS ?? 3);
const results: Record<
  string,
  { me: number[]; sessions: number[]; meCpu: number[]; sessionCpu: number[] }
> = {};
for (let round = 0; round < rounds; round++) {
  for (const [name, args] of Object.entries(variants)) {
    const server = await startBuiltServer(
      { RATE_LIMIT_SESSIONS_PER_IP: "0", RATE_LIMIT_API_PER_USER: "0", LOG_LEVEL: "warn" },
      args,
    );
    try {
      const sessionUrl = `${server.url}/api/v1/core/oauth/session`;
      const reply = (await (await fetch(sessionUrl, { method: "POST" })).json()) as {
        access_token: string;
      };
      let cpu = cpuMs(server.pid);
      const me = await runLoad({
        url: `${server.url}/api/v1/core/me`,
        headers: { authorization: `Bearer ${reply.access_token}` },
        concurrency: 16,
        durationMs: 4000,
      });
      const meCpu = (cpuMs(server.pid) - cpu) / me.requests;
      cpu = cpuMs(server.pid);
      const sessions = await runLoad({
        url: sessionUrl,
        method: "POST",
        concurrency: 16,
        durationMs: 4000,
      });
      results[name] ??= { me: [], sessions: [] };
      results[name].me.push(me.perSecond);
      results[name].sessions.push(sessions.perSecond);
      console.log(
        `${name} round ${round + 1}: me ${me.perSecond.toFixed(0)}/s, sessions ${sessions.perSecond.toFixed(0)}/s`,
      );
    } finally {
      await server.stop();
    }
  }
}
for (const [name, r] of Object.entries(results)) {
  console.log(
    `${name}: median me ${median(r.me).toFixed(0)}/s, sessions ${median(r.sessions).toFixed(0)}/s`,
  );
}
