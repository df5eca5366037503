import { describe, expect, it } from "vitest";
import { plannerIntent } from "./planner-intent.js";
import { type PlannerToolInfo, plannerToolCall } from "./planner-tools.js";

/** The built-in tools with the parts of their input schemas the planner reads. */
const builtin: PlannerToolInfo[] = [
  "query_orders",
  "sales_chart",
  "list_regions",
  "build_report",
  "fail_example",
  "server_metrics",
  "search_docs",
  "docs_tree",
  "feedback_form",
  "welcome_card",
  "release_notes",
  "site_traffic",
].map((name) => ({ name, inputSchema: { type: "object", properties: {} } }));
builtin.push(
  {
    name: "code_sample",
    inputSchema: { properties: { language: { enum: ["typescript", "python", "bash"] } } },
  },
  {
    name: "config_summary",
    inputSchema: { properties: { section: { enum: ["server", "log", "mcp"] } } },
  },
);

const map = (text: string, tools = builtin) => plannerToolCall(plannerIntent(text), tools);
const target = (text: string, tools = builtin) => {
  const call = map(text, tools);
  return call && { tool: call.tool, args: call.args };
};

describe("plannerToolCall", () => {
  it("asks site_traffic for the period a traffic request names", () => {
    expect(target("site traffic this week")).toEqual({ tool: "site_traffic", args: { days: 7 } });
    expect(target("How much traffic today?")).toEqual({ tool: "site_traffic", args: { days: 1 } });
    expect(target("page views this month")).toEqual({ tool: "site_traffic", args: { days: 30 } });
    expect(target("traffic dashboard for the quarter")).toEqual({
      tool: "site_traffic",
      args: { days: 90 },
    });
    expect(map("site traffic this week")?.intro).toBe(
      "Reading the website's traffic of the last 7 days with the `site_traffic` tool.",
    );
    expect(
      target(
        "site traffic",
        builtin.filter((t) => t.name !== "site_traffic"),
      ),
    ).toBeUndefined();
  });

  it("maps clear requests to the built-in tools with arguments read from the text", () => {
    expect(target("table of orders")).toEqual({ tool: "query_orders", args: {} });
    expect(target("Orders in Europe")).toEqual({
      tool: "query_orders",
      args: { region: "europe" },
    });
    expect(target("show me a table of pending orders in north america")).toEqual({
      tool: "query_orders",
      args: { region: "north-america", status: "pending" },
    });
    expect(target("orders from Middle East & Africa")).toEqual({
      tool: "query_orders",
      args: { region: "middle-east-africa" },
    });
    expect(target("chart of sales")).toEqual({
      tool: "sales_chart",
      args: { group_by: "month", chart_type: "bar", metric: "revenue" },
    });
    expect(target("pie chart of revenue by region")).toEqual({
      tool: "sales_chart",
      args: { group_by: "region", chart_type: "pie", metric: "revenue" },
    });
    expect(target("area chart of orders by product")).toEqual({
      tool: "sales_chart",
      args: { group_by: "product", chart_type: "area", metric: "orders" },
    });
    expect(target("line graph of sales")?.args).toMatchObject({ chart_type: "line" });
    expect(target("dashboard")).toEqual({ tool: "server_metrics", args: {} });
    expect(target("server metrics")).toEqual({ tool: "server_metrics", args: {} });
    expect(target("a form please")).toEqual({ tool: "feedback_form", args: {} });
    expect(target("I have feedback")).toEqual({ tool: "feedback_form", args: {} });
    expect(target("code sample")).toEqual({ tool: "code_sample", args: {} });
    expect(target("code in python")).toEqual({
      tool: "code_sample",
      args: { language: "python" },
    });
    expect(target("docs about agent cards")).toEqual({
      tool: "search_docs",
      args: { query: "agent cards" },
    });
    expect(target("search docs push notifications?")).toEqual({
      tool: "search_docs",
      args: { query: "push notifications" },
    });
    expect(target("tree")).toEqual({ tool: "docs_tree", args: {} });
    expect(target("docs structure")).toEqual({ tool: "docs_tree", args: {} });
    expect(target("welcome card")).toEqual({ tool: "welcome_card", args: {} });
    expect(target("release notes")).toEqual({ tool: "release_notes", args: {} });
    expect(target("config")).toEqual({ tool: "config_summary", args: {} });
    expect(target("show the log config as json")).toEqual({
      tool: "config_summary",
      args: { section: "log" },
    });
    expect(target("config of agents")).toEqual({ tool: "config_summary", args: {} });
    expect(target("sales report")).toEqual({ tool: "build_report", args: {} });
  });

  it("needs no tool for greetings, help, questions and sample topics", () => {
    for (const text of ["hello", "help", "ask me something", "make a table", "chart"]) {
      expect(map(text), text).toBeUndefined();
    }
    expect(map("table of planets")).toBeUndefined();
    expect(map("chart of widgets")).toBeUndefined();
  });

  it("leaves a request to the samples when the agent lacks the tool or it cannot take it", () => {
    expect(map("table of orders", [])).toBeUndefined();
    expect(
      map(
        "dashboard",
        builtin.filter((t) => t.name !== "server_metrics"),
      ),
    ).toBeUndefined();
    expect(map("code in go")).toBeUndefined();
    expect(
      target("code in rust", [{ name: "code_sample", inputSchema: { properties: {} } }]),
    ).toEqual({ tool: "code_sample", args: { language: "rust" } });
  });

  it("finds a tool renamed after a clash and says something around the call", () => {
    const renamed = [{ name: "analytics_query_orders", inputSchema: {} }];
    const call = map("orders in asia pacific", renamed);
    expect(call).toMatchObject({
      tool: "analytics_query_orders",
      args: { region: "asia-pacific" },
      intro: expect.stringContaining("Asia Pacific"),
      done: expect.any(String),
    });
  });

  it("is pure", () => {
    expect(map("pie chart of sales by product")).toEqual(map("pie chart of sales by product"));
  });
});
