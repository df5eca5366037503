import { taskStates } from "@a2a-chat/contracts";
import type { Registry } from "prom-client";
import { onSignal, type Signal } from "../observe/signals.js";

/** What the metrics read at scrape time rather than count as they happen. */
export interface MetricsSources {
  /** Live streams open in this process. */
  streamsOpen: () => number;
  /** Agent turns running in this process. */
  turnsRunning: () => number;
  /** The PostgreSQL pool's connections, when there is one. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** SQLite's statement and read caches, when the database is SQLite. */
  sqliteCaches?: () => { statements: number; reads: number };
  /** Names a tool call's server may carry as a label (configured and built-in); others are "external". */
  serverNames: ReadonlySet<string>;
}

/** The HTTP methods a label may carry; anything else is "other". */
const methods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const turnOutcomes = new Set<string>(taskStates);
const proxyOutcomes = new Set(["1xx", "2xx", "3xx", "4xx", "5xx", "failed"]);

/** The server's Prometheus metrics: one registry per app, fed by signals and HTTP middleware. */
export interface Metrics {
  registry: Registry;
  /** Counts one answered HTTP request under its route template. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** Stops listening to signals and sampling the event loop. */
  stop(): void;
}

/** prom-client, loaded only when metrics are on (see loadAppMetrics). */
export type PromClient = typeof import("prom-client");

/** Builds the registry and starts listening; call only when metrics are on. */
export function createMetrics(prom: PromClient, sources: MetricsSources): Metrics {
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = prom;
  const registry = new Registry();
  // Event-loop delay (a histogram sampled by Node), memory, CPU, handles, GC.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];

  const requests = new Counter({
    name: "a2a_http_requests_total",
    help: "HTTP requests answered, by method, route template and status.",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const duration = new Histogram({
    name: "a2a_http_request_duration_seconds",
    help: "Time from a request's arrival to its response head, by method, route template and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const refusals = new Counter({
    name: "a2a_rate_limit_refusals_total",
    help: "Requests refused with 429 by a rate limit, by route template.",
    labelNames: ["route"] as const,
    registers,
  });
  new Gauge({
    name: "a2a_streams_open",
    help: "Live event streams (SSE) open in this process.",
    registers,
    collect() {
      this.set(sources.streamsOpen());
    },
  });
  const eventsSent = new Counter({
    name: "a2a_stream_events_sent_total",
    help: "Logged events written to live streams (heartbeats not counted).",
    registers,
  });
  new Gauge({
    name: "a2a_agent_turns_running",
    help: "Agent turns running in this process.",
    registers,
    collect() {
      this.set(sources.turnsRunning());
    },
  });
  const turns = new Counter({
    name: "a2a_agent_turns_total",
    help: "Agent turns ended (or paused for the user), by the task state they ended in.",
    labelNames: ["outcome"] as const,
    registers,
  });
  const toolCalls = new Counter({
    name: "a2a_tool_calls_total",
    help: 'Tool calls made by agent turns, by MCP server (configured or built-in name, else "external") and outcome (ok, error: the tool reported an error, failed: the call threw).',
    labelNames: ["server", "outcome"] as const,
    registers,
  });
  const proxyCalls = new Counter({
    name: "a2a_proxy_calls_total",
    help: "Requests to proxied (external) agents, by outcome: the answer's status class, or failed.",
    labelNames: ["outcome"] as const,
    registers,
  });
  const { pool } = sources;
  if (pool) {
    new Gauge({
      name: "a2a_db_pool_connections",
      help: "PostgreSQL pool connections by state: in_use, idle, and waiting (requests queued for one).",
      labelNames: ["state"] as const,
      registers,
      collect() {
        const now = pool();
        this.set({ state: "in_use" }, now.total - now.idle);
        this.set({ state: "idle" }, now.idle);
        this.set({ state: "waiting" }, now.waiting);
      },
    });
  }

  const { sqliteCaches } = sources;
  if (sqliteCaches) {
    new Gauge({
      name: "a2a_db_sqlite_cache_entries",
      help: "SQLite caches by kind: statements (prepared statements kept, native memory) and reads (answers kept until the next write).",
      labelNames: ["cache"] as const,
      registers,
      collect() {
        const now = sqliteCaches();
        this.set({ cache: "statements" }, now.statements);
        this.set({ cache: "reads" }, now.reads);
      },
    });
  }

  const listen = (value: Signal): void => {
    switch (value.kind) {
      case "turn_ended":
        turns.inc({ outcome: turnOutcomes.has(value.outcome) ? value.outcome : "other" });
        return;
      case "tool_call":
        toolCalls.inc({
          server: sources.serverNames.has(value.server) ? value.server : "external",
          outcome: value.outcome,
        });
        return;
      case "proxy_call":
        proxyCalls.inc({ outcome: proxyOutcomes.has(value.outcome) ? value.outcome : "other" });
        return;
      case "events_sent":
        eventsSent.inc(value.count);
        return;
    }
  };
  const unsubscribe = onSignal(listen);

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = {
        method: methods.has(method) ? method : "other",
        route,
        status: String(status),
      };
      requests.inc(labels);
      duration.observe(labels, seconds);
      if (status === 429) refusals.inc({ route });
    },
    stop() {
      unsubscribe();
      registry.clear();
    },
  };
}
