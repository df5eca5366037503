import { startBuiltServer } from "../e2e/harness/server.js";
import { runLoad } from "./http-load.js";
import { cpuMs, median } from "./report.js";

/**
 * A/B of the young generation's size on request cost (by hand: `npx tsx bench/semi-space-ab.ts`):
 * authenticated GET /api/v1/core/me, then anonymous session creation, 16 connections for 4 s
 * each, the variants alternating. Besides requests per second (which a shared machine's load
 * swamps), the server's CPU time per request (user + system from /proc), which others' load
 * barely moves.
 */
// startBuiltServer runs node with npm start's options (startNodeOptions); a later flag wins.
const variants: Record<string, string[]> = {
  "V8 default (16 MB)": ["--max-semi-space-size=16"],
  "semi-space 2 MB": [],
};
const rounds = Number(process.env.AB_ROUNDS ?? 3);

interface Figures {
  me: number[];
  meCpu: number[];
  sessions: number[];
  sessionCpu: number[];
}
const results: Record<string, Figures> = {};

async function measure(name: string, args: string[]): Promise<void> {
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
    const sessionCpu = (cpuMs(server.pid) - cpu) / sessions.requests;
    const figures = results[name] ?? { me: [], meCpu: [], sessions: [], sessionCpu: [] };
    results[name] = figures;
    figures.me.push(me.perSecond);
    figures.meCpu.push(meCpu);
    figures.sessions.push(sessions.perSecond);
    figures.sessionCpu.push(sessionCpu);
    console.log(
      `${name}: me ${me.perSecond.toFixed(0)}/s (${meCpu.toFixed(3)} ms CPU each), sessions ${sessions.perSecond.toFixed(0)}/s (${sessionCpu.toFixed(3)} ms CPU each)`,
    );
  } finally {
    await server.stop();
  }
}

for (let round = 0; round < rounds; round++) {
  for (const [name, args] of Object.entries(variants)) await measure(name, args);
}
for (const [name, r] of Object.entries(results)) {
  console.log(
    `${name} (median of ${rounds}): me ${median(r.me).toFixed(0)}/s, ${median(r.meCpu).toFixed(3)} ms CPU each; sessions ${median(r.sessions).toFixed(0)}/s, ${median(r.sessionCpu).toFixed(3)} ms CPU each`,
  );
}
