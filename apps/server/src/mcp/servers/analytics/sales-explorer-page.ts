import { appSdkScript } from "../../apps/app-sdk-script.js";

/**
 * The sales explorer's view: pick a grouping and a metric, and it calls `sales_chart` through
 * the host (the MCP Apps bridge) and draws the answer as bars and a table. "Ask about this" adds a
 * user message to the conversation; every view is given to the model as context for the next
 * turn. Plain DOM, no dependencies besides the MCP Apps SDK.
 */
const viewScript = `(() => {
  const { App } = globalThis.McpApps;
  const app = new App({ name: "Sales explorer", version: "1.0.0" }, {});
  const state = { group_by: "month", metric: "revenue" };
  const $ = (id) => document.getElementById(id);
  const status = (text) => { $("status").textContent = text; };
  function draw(chart) {
    const set = (chart.datasets && chart.datasets[0]) || { data: [], label: "" };
    const max = Math.max(1, ...set.data);
    const bars = $("bars");
    const rows = $("rows");
    bars.replaceChildren();
    rows.replaceChildren();
    chart.labels.forEach((label, i) => {
      const value = set.data[i] ?? 0;
      const bar = document.createElement("div");
      bar.className = "bar";
      bar.style.height = Math.round((value / max) * 100) + "%";
      bar.title = label + ": " + value;
      const name = document.createElement("span");
      name.textContent = label;
      bar.appendChild(name);
      bars.appendChild(bar);
      const row = document.createElement("tr");
      for (const text of [label, value.toLocaleString("en-US")]) {
        const cell = document.createElement("td");
        cell.textContent = text;
        row.appendChild(cell);
      }
      rows.appendChild(row);
    });
    $("heading").textContent = set.label + " by " + state.group_by;
    const total = set.data.reduce((a, b) => a + b, 0);
    $("total").textContent = "Total: " + (Math.round(total * 100) / 100).toLocaleString("en-US");
  }
  async function load() {
    status("Loading...");
    for (const button of document.querySelectorAll("[data-group],[data-metric]")) {
      const on = button.dataset.group === state.group_by || button.dataset.metric === state.metric;
      button.setAttribute("aria-pressed", String(on));
    }
    try {
      const result = await app.callServerTool({
        name: "sales_chart",
        arguments: { group_by: state.group_by, metric: state.metric, chart_type: "bar" },
      });
      if (result.isError || !result.structuredContent) {
        status("sales_chart failed: " + ((result.content && result.content[0] && result.content[0].text) || "no data"));
        return;
      }
      draw(result.structuredContent);
      status("");
      const set = result.structuredContent.datasets[0];
      const summary = result.structuredContent.labels.map((l, i) => l + " " + set.data[i]).join(", ");
      await app.updateModelContext({
        content: [{ type: "text", text: "The user is viewing " + set.label + " by " + state.group_by + " in the sales explorer: " + summary }],
      }).catch(() => undefined);
    } catch (error) {
      status("sales_chart failed: " + (error && error.message ? error.message : error));
    }
  }
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.group) state.group_by = button.dataset.group;
    else if (button.dataset.metric) state.metric = button.dataset.metric;
    else if (button.id === "ask") {
      const text = "Tell me about the " + state.metric + " by " + state.group_by + " in the sample orders.";
      app.sendMessage({ role: "user", content: [{ type: "text", text }] }).catch(() => undefined);
      return;
    } else return;
    void load();
  });
  app.ontoolresult = (result) => {
    const initial = result.structuredContent || {};
    if (initial.group_by) state.group_by = initial.group_by;
    if (initial.metric) state.metric = initial.metric;
    void load();
  };
  app.onhostcontextchanged = (context) => {
    if (context.theme) document.documentElement.dataset.theme = context.theme;
  };
  app.connect().then(() => {
    const context = app.getHostContext();
    if (context && context.theme) document.documentElement.dataset.theme = context.theme;
  });
})();`;

const style = `
:root{color-scheme:dark;--bg:#0a0a0a;--fg:#e5e5e5;--muted:#a3a3a3;--line:#262626;--accent:#f97316}
:root[data-theme=light]{color-scheme:light;--bg:#fff;--fg:#171717;--muted:#525252;--line:#e5e5e5}
body{margin:0;padding:12px;font:14px system-ui,sans-serif;background:var(--bg);color:var(--fg)}
h1{font-size:16px;margin:0 0 8px}.row{display:flex;flex-wrap:wrap;gap:6px;margin-bottom:8px}
button{font:inherit;padding:4px 10px;border-radius:6px;border:1px solid var(--line);background:transparent;color:var(--fg);cursor:pointer}
button[aria-pressed=true]{background:var(--accent);border-color:var(--accent);color:#000}
#bars{display:flex;align-items:flex-end;gap:4px;height:140px;border-bottom:1px solid var(--line);margin:8px 0 28px}
.bar{flex:1;background:var(--accent);position:relative;min-height:1px;border-radius:3px 3px 0 0}
.bar span{position:absolute;top:100%;left:0;right:0;text-align:center;font-size:10px;color:var(--muted);padding-top:3px;white-space:nowrap;overflow:hidden}
table{border-collapse:collapse;width:100%;font-size:12px}td{border-top:1px solid var(--line);padding:3px 4px}
td:last-child{text-align:right}#status,#total{color:var(--muted);font-size:12px}`;

/** The explorer's single HTML file (text/html;profile=mcp-app). */
export function salesExplorerHtml(): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Sales explorer</title><style>${style}</style></head>
<body>
<h1 id="heading">Sales explorer</h1>
<div class="row" role="group" aria-label="Group by">
<button data-group="month">By month</button><button data-group="region">By region</button><button data-group="product">By product</button>
</div>
<div class="row" role="group" aria-label="Metric">
<button data-metric="revenue">Revenue</button><button data-metric="orders">Orders</button>
<button id="ask">Ask about this</button>
</div>
<p id="status" role="status"></p>
<div id="bars" aria-hidden="true"></div>
<table><tbody id="rows"></tbody></table>
<p id="total"></p>
<script>${appSdkScript()}</script>
<script>${viewScript}</script>
</body></html>`;
}
