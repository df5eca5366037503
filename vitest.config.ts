import react from "@vitejs/plugin-react";
import { configDefaults, defineConfig } from "vitest/config";

/** The web project's settings, shared by its two halves. */
const web = {
  root: "apps/web",
  environment: "jsdom",
  setupFiles: ["./src/test-setup.ts"],
  // jsdom renders and lazy imports take seconds on a loaded 2-core machine; tests wait on
  // conditions, so a longer bound only matters when something is really stuck. In a clean-clone
  // CI on a slow machine (the web lane niced beside the others) tests ran up to 15 times slower
  // than idle: a chart test of 1 s took 15.8 s.
  testTimeout: 60_000,
};
const webFiles = ["src/**/*.test.{ts,tsx}", "site-build/**/*.test.{ts,tsx}"];
/**
 * Web test files that need a real process's globals, not a VM context's: web streams
 * (ReadableStream, TransformStream) and Node's Error class are not a VM context's, and a VM
 * context's window.location cannot be redefined. They mock no module, so they run one after
 * another in one process that keeps its module graph (`isolate: false`): a process each cost
 * 0.7 s of jsdom and set-up per file.
 */
const webProcessFiles = [
  "src/auth/AuthFailedScreen.test.tsx",
  "src/auth/AuthGate.test.tsx",
  "src/chat/engine/agent-client.test.ts",
  "src/api/stream-client.test.ts",
  "src/stream/useContextStream.test.tsx",
  "src/api/list-server-tools.test.ts",
  "src/api/mcp-watch-api.test.ts",
  "src/api/mcp-tool-call.test.ts",
];
/**
 * Web test files that run in vitest's default pool, a process per file: the site build's (Node,
 * not jsdom, and several times slower in a VM context; in the shared process above they cost
 * more, not less), and those whose vi.mock, vi.resetModules or first lazy load (a viewer's
 * loading state) need a process of their own.
 */
const webForkFiles = [
  "site-build/**/*.test.ts",
  "src/artifacts/ArtifactView.test.tsx",
  "src/chat/parts/TextPart.streaming.test.tsx",
  "src/stores/agents-store.test.ts",
  "src/tools/ArtifactRefreshButton.test.tsx",
  "src/tools/ToolResultModal.test.tsx",
  "src/tools/browse/ServerBrowse.test.tsx",
  "src/chat/search/SearchDialog.test.tsx",
  "src/artifacts/mcp-app/McpAppView.test.tsx",
];

/**
 * Server test files that start processes (the server as replicas or restarted, the admin and
 * backup commands, server-everything and the MCP App servers) or make PostgreSQL refuse or end
 * connections, and spend most of their time waiting on them and on timers: the server worker
 * ran at a quarter of a core. They are a project of their own, which `npm test` runs in a lane
 * beside the other server files (scripts/test.ts). A process-starting file left out of the list
 * still works in the server project, only without this one's bundle (through tsx).
 */
const serverProcessFiles = [
  "src/admin/admin-process.test.ts",
  "src/agents/agent-resource-links.test.ts",
  "src/agents/providers/ai-sdk-lazy.test.ts",
  "src/agents/replica-overload.test.ts",
  "src/agents/replica-runs.test.ts",
  "src/agents/run-recovery.test.ts",
  "src/auth/revocation-replicas.test.ts",
  "src/backup/backup-process.test.ts",
  "src/db/dropped-connections.test.ts",
  "src/db/full-disk.test.ts",
  "src/db/locked-file.test.ts",
  "src/db/refused-login.test.ts",
  "src/main.test.ts",
  "src/mcp/external/external-mcp-routes.test.ts",
  "src/mcp/external/proxy-browse.test.ts",
  "src/mcp/external/proxy-watch.test.ts",
  "src/mcp/external/result-content.test.ts",
  "src/mcp/external/task-call.test.ts",
  "src/mcp/requests/agent-elicitation-answers.test.ts",
  "src/mcp/requests/agent-elicitation.test.ts",
  "src/mcp/requests/mcp-requests.test.ts",
  "src/mcp/requests/replicas.test.ts",
  "src/mcp/requests/url-elicitation-retry.test.ts",
  "src/mcp/server-everything.test.ts",
  "src/metrics/metrics-port-process.test.ts",
  "src/net/connection-check.test.ts",
  "src/net/connection-doctor-routes.test.ts",
  "src/observe/tracing-process.test.ts",
  "src/routes/mcp/config-server-watch.test.ts",
  "src/stream/replicas.test.ts",
];

/** The server projects' common settings. */
const server = {
  root: "apps/server",
  environment: "node" as const,
  globalSetup: ["./src/test/global-setup.ts"],
  // Integration tests open real databases: every test database is its own SQLite file or
  // PostgreSQL schema, so files run in parallel without colliding.
  testTimeout: 20_000,
  hookTimeout: 30_000,
  // Files share a worker's module graph instead of importing Hono, Kysely and the app afresh
  // each (no test mocks modules or leaves globals behind; each opens its own databases and
  // servers).
  isolate: false,
};

/** The JSON reporter writing to a file of its own in `dir` (one per vitest process). */
function jsonReport(dir: string): ["json", { outputFile: string }] {
  return ["json", { outputFile: `${dir}/vitest-${process.pid}.json` }];
}

export default defineConfig({
  test: {
    // TEST_PROFILE_DIR=<dir> also writes each run's JSON report there (per-file and per-test
    // times, for docs/benchmarks/notes/test-time.md); `npm test` runs two vitest processes.
    reporters: [
      "default",
      "./scripts/summary-reporter.ts",
      ...(process.env.TEST_PROFILE_DIR ? [jsonReport(process.env.TEST_PROFILE_DIR)] : []),
    ],
    // Vitest's default on 2 cores is one worker (cores - 1), kept for the unit and integration
    // files. Two workers no longer break PostgreSQL (that was Kysely's introspection reading
    // every schema while another file dropped its own; see db/schema-introspector.ts) but were
    // slower here: 271 s against 229 s for this phase, each server file ~2.4 times slower side by
    // side, 44% more CPU time (modules imported per worker), and a test's 200 ms health bound
    // missed. The e2e project runs two files at a time (below).
    projects: [
      {
        test: {
          name: "contracts",
          root: "packages/contracts",
          environment: "node",
          include: ["src/**/*.test.ts"],
        },
      },
      {
        test: {
          ...server,
          name: "server",
          include: ["src/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...serverProcessFiles],
        },
      },
      { test: { ...server, name: "server-processes", include: serverProcessFiles } },
      {
        plugins: [react()],
        test: {
          ...web,
          name: "web",
          include: webFiles,
          exclude: [...configDefaults.exclude, ...webProcessFiles, ...webForkFiles],
          // One VM context for all the project's files: vitest 4 forces `isolate` off for VM
          // pools, so they share one jsdom document and one module graph (stores included).
          // test-setup.ts sets the stores, storage, page, globals and timers back before each
          // file. A context per file (the threads pool) took this project from 18 s to 226 s
          // of CPU (170 s wall): jsdom and React imported again for every file.
          pool: "vmThreads",
          // recharts' CommonJS build requires @reduxjs/toolkit, which Node resolves to an ES
          // module a VM context cannot require; pre-bundled, it loads as one ES module.
          deps: { optimizer: { client: { enabled: true, include: ["recharts"] } } },
          // The pools run one after another, not taking turns for the one worker slot.
          sequence: { groupOrder: 1 },
        },
      },
      {
        plugins: [react()],
        test: {
          ...web,
          name: "web-process",
          include: webProcessFiles,
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        plugins: [react()],
        test: { ...web, name: "web-forks", include: webForkFiles, sequence: { groupOrder: 3 } },
      },
      {
        test: {
          name: "e2e",
          root: "e2e",
          environment: "node",
          include: ["**/*.e2e.ts"],
          // `npm test` runs these beside the CPU-bound typecheck and unit tests (scripts/test.ts):
          // a file's steps wait on conditions, the bound only matters when something is stuck.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A browser on a loaded machine can take seconds to lay out again (a resize, a reply):
          // polls wait for the state as long as a locator would, not vitest's default second.
          expect: { poll: { timeout: 15_000 } },
          // Browser tests run two files at a time: each has its own server, data dir and
          // browser, and most of a file's time is waiting (replies streamed at a pace,
          // reconnects), about 0.4 of a core per file on this machine. In a plain `vitest run`
          // they come after the unit and integration tests; `npm test` (scripts/test.ts) runs
          // them in a lane of their own beside those. Three at a time took the lane from 457 to
          // 329 s, but the server lane (512 s) is the longest anyway, and the extra load made a
          // reload test of chat-streaming miss its bound once: two.
          maxWorkers: 2,
          // A worker runs file after file (each file still starts its own server and browser):
          // a fresh process per file imported vitest and Playwright again every time.
          isolate: false,
          sequence: { groupOrder: 4 },
        },
      },
    ],
  },
});
