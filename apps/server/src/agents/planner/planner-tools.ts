import type { RunnerTool } from "../model-runner.js";
import type { PlannerIntent } from "./planner-intent.js";

/** A built-in tool call the planner makes for a request, and what it says around it. */
export interface PlannerToolCall {
  /** The tool's name as offered to the agent. */
  tool: string;
  args: Record<string, unknown>;
  /** Said before the call. */
  intro: string;
  /** Said after a successful call. */
  done: string;
}

/** What the planner needs to know of a tool: its name and input schema. */
export type PlannerToolInfo = Pick<RunnerTool, "name" | "inputSchema">;

/** The offered tool for a built-in name: the name itself, or `<server>_<name>` after a clash. */
function offered(tools: PlannerToolInfo[], name: string): PlannerToolInfo | undefined {
  return tools.find((t) => t.name === name) ?? tools.find((t) => t.name.endsWith(`_${name}`));
}

/** The enum a tool's input schema allows for a property, when it declares one. */
function allowed(tool: PlannerToolInfo, property: string): unknown[] | undefined {
  const properties = tool.inputSchema.properties as
    | Record<string, { enum?: unknown[] } | undefined>
    | undefined;
  return properties?.[property]?.enum;
}

const regionLabel = (id: string) =>
  id
    .split("-")
    .map((w) => (w.length <= 2 ? w : `${w[0]?.toUpperCase()}${w.slice(1)}`))
    .join(" ");

/**
 * Maps an intent to a call of one of the agent's tools, with arguments read from the request;
 * undefined when the intent needs no tool, the agent lacks the tool, or the tool cannot take
 * what was asked (then the planner answers with its sample artifacts). Pure.
 */
export function plannerToolCall(
  intent: PlannerIntent,
  tools: PlannerToolInfo[],
): PlannerToolCall | undefined {
  const call = (
    name: string,
    args: Record<string, unknown>,
    intro: string,
    done: string,
  ): PlannerToolCall | undefined => {
    const tool = offered(tools, name);
    return tool ? { tool: tool.name, args, intro, done } : undefined;
  };
  switch (intent.kind) {
    case "orders": {
      const args: Record<string, unknown> = {};
      if (intent.region) args.region = intent.region;
      if (intent.status) args.status = intent.status;
      const which = [
        intent.status ? `${intent.status} ` : "",
        "orders",
        intent.region ? ` in ${regionLabel(intent.region)}` : "",
      ].join("");
      return call(
        "query_orders",
        args,
        `Looking up the ${which} with the \`query_orders\` tool.`,
        "Here they are as a table, newest first.",
      );
    }
    case "sales-chart":
      return call(
        "sales_chart",
        { group_by: intent.groupBy, chart_type: intent.chartType, metric: intent.metric },
        `Charting ${intent.metric} by ${intent.groupBy} with the \`sales_chart\` tool.`,
        `Here is the ${intent.chartType} chart.`,
      );
    case "dashboard":
      return call(
        "server_metrics",
        {},
        "Collecting the server's metrics with the `server_metrics` tool.",
        "Here is the dashboard.",
      );
    case "traffic":
      return call(
        "site_traffic",
        { days: intent.days },
        `Reading the website's traffic of the last ${intent.days === 1 ? "day" : `${intent.days} days`} with the \`site_traffic\` tool.`,
        "Here is the site's traffic.",
      );
    case "form":
      return call(
        "feedback_form",
        {},
        "Opening the feedback form with the `feedback_form` tool.",
        "Fill it in and send it when you are ready.",
      );
    case "code": {
      const tool = offered(tools, "code_sample");
      if (!tool) return undefined;
      const languages = allowed(tool, "language");
      if (intent.named && languages && !languages.includes(intent.language)) return undefined;
      return {
        tool: tool.name,
        args: intent.named ? { language: intent.language } : {},
        intro: `Fetching a code sample${intent.named ? ` in ${intent.language}` : ""} with the \`code_sample\` tool.`,
        done: "Here is the code.",
      };
    }
    case "docs":
      return call(
        "search_docs",
        { query: intent.query },
        `Searching the docs for "${intent.query}" with the \`search_docs\` tool.`,
        "Here is what the docs say.",
      );
    case "tree":
      return call(
        "docs_tree",
        {},
        "Listing the docs with the `docs_tree` tool.",
        "Here is the docs tree.",
      );
    case "card":
      return call(
        "welcome_card",
        {},
        "Making a welcome card with the `welcome_card` tool.",
        "Here is the card.",
      );
    case "release-notes":
      return call(
        "release_notes",
        {},
        "Fetching the release notes with the `release_notes` tool.",
        "Here are the release notes.",
      );
    case "config": {
      const tool = offered(tools, "config_summary");
      if (!tool) return undefined;
      const sections = allowed(tool, "section");
      const args =
        intent.section && (!sections || sections.includes(intent.section))
          ? { section: intent.section }
          : {};
      return {
        tool: tool.name,
        args,
        intro: `Reading the ${intent.section && "section" in args ? `\`${intent.section}\` ` : ""}configuration with the \`config_summary\` tool.`,
        done: "Here it is as JSON, secrets redacted.",
      };
    }
    case "report":
      return call(
        "build_report",
        {},
        "Building the sales report with the `build_report` tool.",
        "Here is the report.",
      );
    default:
      return undefined;
  }
}
