import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { artifactOutput, artifactResult, errorResult } from "../../artifact-output.js";
import type { ServerLog } from "../../server-features.js";
import type { ToolContext } from "../../tool-context.js";
import { orders, regionLabel, regions } from "./dataset.js";

/** How long each of the report's five steps takes; the whole report takes about 2 s. */
export const reportStepMs = 400;

const output = artifactOutput(z.object({ title: z.string(), content: z.string() }), {
  type: "markdown",
  behavior: "both",
});

const usd = (n: number) =>
  n.toLocaleString("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * build_report: a slow yearly report that reports progress, logs each step (`info`, and `debug`
 * with the step's text) and stops when cancelled.
 */
export function registerBuildReport(server: McpServer, context: ToolContext, log: ServerLog): void {
  server.registerTool(
    "build_report",
    {
      title: "Build yearly report",
      description:
        "Builds the 2024 sales report of the sample business step by step (about 2 seconds), reporting progress; can be cancelled.",
      inputSchema: {},
      outputSchema: output,
    },
    async (_args, extra) => {
      const signal = AbortSignal.any([extra.signal, context.signal]);
      const token = extra._meta?.progressToken;
      const steps: [string, () => string][] = [
        [
          "Totals",
          () => {
            const paid = orders.filter((o) => o.status === "completed" || o.status === "shipped");
            return `${orders.length} orders, ${paid.length} paid, revenue ${usd(paid.reduce((s, o) => s + o.amount, 0))}.`;
          },
        ],
        [
          "Regions",
          () =>
            regions
              .map(
                (r) =>
                  `- ${regionLabel(r.id)}: ${orders.filter((o) => o.region === r.id).length} orders`,
              )
              .join("\n"),
        ],
        [
          "Refunds",
          () => `${orders.filter((o) => o.status === "refunded").length} orders were refunded.`,
        ],
        [
          "Open orders",
          () => `${orders.filter((o) => o.status === "pending").length} orders are pending.`,
        ],
        [
          "Largest order",
          () => {
            const top = [...orders].sort((a, b) => b.amount - a.amount)[0];
            return top ? `${top.order_id} by ${top.customer}: ${usd(top.amount)}.` : "None.";
          },
        ],
      ];
      const sections: string[] = [];
      try {
        await log.send(extra, "info", `Building the 2024 report in ${steps.length} steps`);
        for (const [index, [heading, write]] of steps.entries()) {
          await sleep(reportStepMs, signal);
          const text = write();
          sections.push(`## ${heading}\n\n${text}`);
          await log.send(extra, "info", `Step ${index + 1} of ${steps.length}: ${heading}`);
          await log.send(extra, "debug", { step: heading, text });
          if (token !== undefined) {
            await extra.sendNotification({
              method: "notifications/progress",
              params: {
                progressToken: token,
                progress: index + 1,
                total: steps.length,
                message: heading,
              },
            });
          }
        }
      } catch (error) {
        if (signal.aborted) {
          await log.send(extra, "warning", "Report cancelled").catch(() => undefined);
          return errorResult("Report cancelled");
        }
        throw error;
      }
      const title = "Sales report 2024";
      return artifactResult({ title, content: `# ${title}\n\n${sections.join("\n\n")}\n` });
    },
  );
}
