import { monitorEventLoopDelay } from "node:perf_hooks";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { migrationLevel } from "../../../db/migrate.js";
import type { Services } from "../../../http/services.js";
import { artifactOutput, artifactResult } from "../../artifact-output.js";

const sectionTypes = ["metrics_cards", "chart", "table", "list", "status"] as const;

const output = artifactOutput(
  z.object({
    title: z.string(),
    description: z.string(),
    sections: z.array(
      z.object({
        section_id: z.string(),
        section_type: z.enum(sectionTypes),
        title: z.string(),
        layout: z.object({ order: z.number().int() }),
        data: z.record(z.string(), z.unknown()),
      }),
    ),
  }),
  { type: "dashboard", behavior: "both" },
);

// One histogram for the process, started on first use; it samples every 20 ms.
let loopDelay: ReturnType<typeof monitorEventLoopDelay> | undefined;
function eventLoopDelay() {
  if (!loopDelay) {
    loopDelay = monitorEventLoopDelay({ resolution: 20 });
    loopDelay.enable();
  }
  return loopDelay;
}

const mb = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;
const ms = (ns: number) => (Number.isFinite(ns) ? Math.round(ns / 10_000) / 100 : 0);

function duration(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d > 0 ? `${d}d ${h}h` : h > 0 ? `${h}h ${m}m` : `${m}m ${Math.floor(seconds % 60)}s`;
}

/** Who asks: site-wide counts are for admins; everyone else sees their own. */
export interface MetricsCaller {
  userId: string;
  isAdmin: boolean;
}

async function counts(services: Services, caller: MetricsCaller) {
  const k = services.db.kysely;
  const count = async (table: "contexts" | "tasks" | "artifacts") => {
    let query = k.selectFrom(table).select((eb) => eb.fn.countAll().as("n"));
    if (!caller.isAdmin) query = query.where("user_id", "=", caller.userId);
    const row = await query.executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  const users = async () => {
    if (!caller.isAdmin) return undefined;
    const row = await k
      .selectFrom("users")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  const [userCount, contexts, tasks, artifacts] = await Promise.all([
    users(),
    count("contexts"),
    count("tasks"),
    count("artifacts"),
  ]);
  return { users: userCount, contexts, tasks, artifacts };
}

function countRows(caller: MetricsCaller, totals: Awaited<ReturnType<typeof counts>>) {
  const label = (siteWide: string, own: string) => (caller.isAdmin ? siteWide : own);
  return [
    ...(totals.users === undefined ? [] : [{ metric: "Users", value: String(totals.users) }]),
    { metric: label("Conversations", "Your conversations"), value: String(totals.contexts) },
    { metric: label("Tasks", "Your tasks"), value: String(totals.tasks) },
    { metric: label("Artifacts", "Your artifacts"), value: String(totals.artifacts) },
  ];
}

/** server_metrics: a dashboard of this server process's live health. */
export function registerServerMetrics(
  server: McpServer,
  services: Services,
  caller: MetricsCaller,
): void {
  eventLoopDelay();
  server.registerTool(
    "server_metrics",
    {
      title: "Server metrics",
      description:
        "Shows this server's live metrics: uptime, memory, event-loop delay, database, stream connections and counts.",
      inputSchema: {},
      outputSchema: output,
    },
    async () => {
      const memory = process.memoryUsage();
      const delay = eventLoopDelay();
      const [level, totals] = await Promise.all([
        migrationLevel(services.db),
        counts(services, caller),
      ]);
      const p99 = ms(delay.percentile(99));
      const { config } = services;
      const mcp = config.mcp;
      const sections = [
        {
          section_id: "vitals",
          section_type: "metrics_cards" as const,
          title: "Process",
          layout: { order: 1 },
          data: {
            cards: [
              {
                title: "Uptime",
                value: duration(process.uptime()),
                subtitle: `pid ${process.pid}`,
                icon: "clock",
                status: "healthy",
              },
              {
                title: "Memory (RSS)",
                value: `${mb(memory.rss)} MB`,
                subtitle: `heap ${mb(memory.heapUsed)} of ${mb(memory.heapTotal)} MB`,
                icon: "memory",
                status: "healthy",
              },
              {
                title: "Event-loop delay (p99)",
                value: `${p99} ms`,
                subtitle: `mean ${ms(delay.mean)} ms`,
                icon: "activity",
                status: p99 > 100 ? "warning" : "healthy",
              },
              caller.isAdmin
                ? {
                    title: "Stream connections",
                    value: String(services.hub.size),
                    subtitle: "live SSE clients on this process",
                    icon: "radio",
                    status: "healthy",
                  }
                : {
                    title: "Your live streams",
                    value: String(services.hub.sizeOf(caller.userId)),
                    subtitle: "your SSE connections on this process",
                    icon: "radio",
                    status: "healthy",
                  },
            ],
          },
        },
        {
          section_id: "memory",
          section_type: "chart" as const,
          title: "Memory (MB)",
          layout: { order: 2 },
          data: {
            chart_type: "bar",
            labels: ["RSS", "Heap total", "Heap used", "External", "Array buffers"],
            datasets: [
              {
                label: "MB",
                data: [
                  memory.rss,
                  memory.heapTotal,
                  memory.heapUsed,
                  memory.external,
                  memory.arrayBuffers,
                ].map(mb),
                color: "#f97316",
              },
            ],
          },
        },
        {
          section_id: "database",
          section_type: "table" as const,
          title: "Database",
          layout: { order: 3 },
          data: {
            columns: [
              { name: "metric", type: "string" },
              { name: "value", type: "string" },
            ],
            rows: [
              { metric: "Dialect", value: services.db.dialect },
              { metric: "Migration level", value: level.latest ?? "none" },
              { metric: "Migrations applied", value: String(level.applied.length) },
              ...countRows(caller, totals),
            ],
          },
        },
        {
          section_id: "services",
          section_type: "list" as const,
          title: "Agents and tool servers",
          layout: { order: 4 },
          data: {
            items: [
              ...config.agents.map((a) => ({
                text: `Agent ${a.name}`,
                icon: "bot",
                status: "active",
              })),
              ...(["analytics", "product"] as const).map((name) => ({
                text: `MCP server ${name}`,
                icon: "wrench",
                status: mcp.builtin[name].enabled ? "active" : "inactive",
              })),
              ...mcp.servers.map((s) => ({
                text: `External MCP server ${s.name}`,
                icon: "globe",
                status: s.enabled ? "active" : "inactive",
              })),
            ],
          },
        },
        {
          section_id: "health",
          section_type: "status" as const,
          title: "Health",
          layout: { order: 5 },
          data: {
            indicators: [
              { label: "Database", message: `${services.db.dialect} answering`, status: "healthy" },
              {
                label: "Event loop",
                message: `p99 delay ${p99} ms`,
                status: p99 > 100 ? "warning" : "healthy",
              },
              {
                label: "Schema",
                message: level.latest ? `at ${level.latest}` : "no migrations applied",
                status: level.latest ? "healthy" : "error",
              },
            ],
          },
        },
      ];
      return artifactResult({
        title: "Server metrics",
        description: `Live metrics of process ${process.pid}, measured ${new Date().toISOString()}`,
        sections,
      });
    },
  );
}
