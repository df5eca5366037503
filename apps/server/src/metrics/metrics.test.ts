import { TaskState } from "@a2a-js/sdk";
import { expect, it } from "vitest";
import { a2aClient, inProcessFetch, sendParams, textMessage } from "../test/a2a.js";
import { createTestApp } from "../test/app.js";
import { describeEachDialect } from "../test/databases.js";
import { taskUser } from "../test/tasks.js";
import { bearer } from "../test/tokens.js";

const token = "metrics-test-token-0123456789";

/** One sample line: the series name, its labels and its value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1] ?? ""] = pair[2] ?? "";
    }
    samples.push({ name: match[1] ?? "", labels, value: Number(match[3]) });
  }
  return samples;
}

function sampleSum(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length === 0) throw new Error(`no sample ${name} ${JSON.stringify(labels)}`);
  return found.reduce((sum, s) => sum + s.value, 0);
}

describeEachDialect("GET /metrics", (get, dialect) => {
  it("is not found when metrics are off", async () => {
    const app = createTestApp(get());
    expect((await app.request("/metrics")).status).toBe(404);
    expect((await app.request("/metrics", { headers: bearer(token) })).status).toBe(404);
  });

  it("refuses a request without the token, or with another one", async () => {
    const app = createTestApp(get(), { config: { metrics: { token } } });
    const none = await app.request("/metrics");
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect((await app.request("/metrics", { headers: bearer(`${token}x`) })).status).toBe(401);
    expect((await app.request("/metrics", { headers: bearer(token) })).status).toBe(200);
  });

  it("counts a known sequence of calls under bounded labels", async () => {
    const app = createTestApp(get(), { config: { metrics: { token } } });
    const user = await taskUser(app);
    const contextId = await user.createContext("Secret plans for Zanzibar");
    const stream = await user.openStream();
    expect((await user.get(`/contexts/${contextId}/tasks`)).status).toBe(200);
    expect((await user.get(`/contexts/${contextId}/tasks`)).status).toBe(200);
    const missing = `no-such-task-${Math.random().toString(36).slice(2)}`;
    expect((await user.get(`/tasks/${missing}`)).status).toBe(404);

    // A turn of the default agent (the planner without a model) calling a built-in MCP tool.
    const assistant = await a2aClient(inProcessFetch(app, user.session.access_token), "assistant");
    const sent = await assistant.sendMessage(
      sendParams(textMessage(contextId, "table of orders in europe")),
    );
    if (!("id" in sent)) throw new Error("expected a task");
    expect(sent.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    // The stream got the turn's events.
    await stream.next();

    const res = await app.request("/metrics", { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    const samples = parse(text);

    const tasksRoute = "/api/v1/core/contexts/:id/tasks";
    expect(
      sampleSum(samples, "a2a_http_requests_total", {
        method: "GET",
        route: tasksRoute,
        status: "200",
      }),
    ).toBe(2);
    expect(
      sampleSum(samples, "a2a_http_request_duration_seconds_count", {
        method: "GET",
        route: tasksRoute,
        status: "200",
      }),
    ).toBe(2);
    expect(
      sampleSum(samples, "a2a_http_requests_total", {
        method: "GET",
        route: "/api/v1/core/tasks/:id",
        status: "404",
      }),
    ).toBe(1);
    expect(
      sampleSum(samples, "a2a_http_requests_total", {
        method: "POST",
        route: "/api/v1/core/contexts",
        status: "201",
      }),
    ).toBe(1);
    // The turn itself: one A2A request to the agent, its tool call through the MCP endpoint.
    expect(sampleSum(samples, "a2a_http_requests_total", { route: "/api/v1/agents/:name" })).toBe(
      1,
    );
    expect(
      sampleSum(samples, "a2a_http_requests_total", { route: "/api/v1/mcp/:name/mcp" }),
    ).toBeGreaterThanOrEqual(1);
    expect(sampleSum(samples, "a2a_agent_turns_total", { outcome: "completed" })).toBe(1);
    expect(sampleSum(samples, "a2a_agent_turns_running")).toBe(0);
    expect(sampleSum(samples, "a2a_tool_calls_total", { server: "analytics", outcome: "ok" })).toBe(
      1,
    );
    expect(sampleSum(samples, "a2a_streams_open")).toBe(1);
    expect(sampleSum(samples, "a2a_stream_events_sent_total")).toBeGreaterThanOrEqual(1);
    expect(sampleSum(samples, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(sampleSum(samples, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(sampleSum(samples, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);

    if (dialect === "postgres") {
      expect(sampleSum(samples, "a2a_db_pool_connections", { state: "waiting" })).toBe(0);
      expect(sampleSum(samples, "a2a_db_pool_connections", { state: "idle" })).toBeGreaterThan(0);
      expect(samples.some((s) => s.name === "a2a_db_sqlite_cache_entries")).toBe(false);
    } else {
      expect(samples.some((s) => s.name === "a2a_db_pool_connections")).toBe(false);
      // The turn's queries were prepared once and kept.
      expect(
        sampleSum(samples, "a2a_db_sqlite_cache_entries", { cache: "statements" }),
      ).toBeGreaterThan(0);
    }

    // No label value carries an id, the token, or what the user wrote.
    const secrets = [
      user.owner.userId,
      contextId,
      sent.id,
      missing,
      user.session.access_token,
      "Zanzibar",
      "europe",
    ];
    for (const sample of samples) {
      for (const value of Object.values(sample.labels)) {
        for (const secret of secrets) expect(value).not.toContain(secret);
        // Route labels are templates: no UUIDs or other long opaque segments.
        expect(value).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
      }
    }
    await stream.close();
  });

  it("counts rate-limit refusals by route", async () => {
    const app = createTestApp(get(), {
      config: { metrics: { token }, rateLimit: { apiRequestsPerUser: 2 } },
    });
    const user = await taskUser(app);
    for (let i = 0; i < 4; i += 1) await user.get("/contexts");
    const samples = parse(await (await app.request("/metrics", { headers: bearer(token) })).text());
    expect(sampleSum(samples, "a2a_rate_limit_refusals_total")).toBeGreaterThanOrEqual(2);
    expect(
      samples
        .filter((s) => s.name === "a2a_rate_limit_refusals_total")
        .every((s) => s.labels.route?.startsWith("/api/")),
    ).toBe(true);
  });
});
