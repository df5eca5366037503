// Import rules checked by `npm run lint` (dependency-cruiser). The layers are described in
// docs/architecture.md ("Layers"); every rule counts type-only and lazy (dynamic) imports too.
// Tests (*.test.ts[x]) and test helpers may import across layers; circles are checked for them as well.

const server = "^apps/server/src/";
const web = "^apps/web/src/";
const tests = ["\\.test\\.tsx?$", "^apps/server/src/test/", "^apps/web/src/test/"];
// The server's app: the process, the Hono app, its middleware and the fast paths in front of it.
const serverApp = `${server}((main|server)\\.ts$|http/(app|fast-reads|[a-z-]+-fast-path)\\.ts$|http/middleware/)`;

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import circles (a type the modules share goes down into a module of its own).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "server-app-on-top",
      comment:
        "The app (process, Hono app, middleware, fast paths) composes the rest; nothing imports it.",
      severity: "error",
      from: { path: server, pathNot: [...tests, serverApp] },
      to: { path: serverApp },
    },
    {
      name: "server-routes-only-from-the-app",
      comment: "Routes are mounted by the app; agents, proxy and MCP servers use commands.",
      severity: "error",
      from: {
        path: server,
        pathNot: [...tests, serverApp, `${server}routes/`, "-routes\\.ts$"],
      },
      to: { path: [`${server}routes/`, "-routes\\.ts$"] },
    },
    {
      name: "server-commands-below-hosts",
      comment:
        "Commands (tasks, contexts, files, conversations) take CommandServices, never the service container, agents, proxy or MCP servers.",
      severity: "error",
      from: { path: `${server}(tasks|contexts|files|conversations)/`, pathNot: tests },
      to: { path: [`${server}(agents|proxy|mcp|routes)/`, `${server}http/services\\.ts$`] },
    },
    {
      name: "server-storage-at-the-bottom",
      comment:
        "Repositories, policies and the database import only each other, config, log, the caller's type and the active-session cache a revoke empties.",
      severity: "error",
      from: { path: `${server}(db|policies)/`, pathNot: tests },
      to: {
        path: server,
        pathNot: [
          `${server}(db|policies|config|log)/`,
          `${server}auth/(auth-context|active-session-cache)\\.ts$`,
        ],
      },
    },
    {
      name: "web-app-on-top",
      comment: "app/ (router, shell, pages) composes the features; nothing imports it.",
      severity: "error",
      from: { path: web, pathNot: [...tests, `${web}(app/|main\\.tsx$)`] },
      to: { path: `${web}app/` },
    },
    {
      name: "web-stores-below-features",
      comment:
        "Stores hold state for the features; they import stores, api and lib, never a feature.",
      severity: "error",
      from: { path: `${web}stores/`, pathNot: tests },
      to: { path: web, pathNot: `${web}(stores|api|lib)/` },
    },
    {
      name: "web-api-below-stores",
      comment: "api/ (the server's calls and the shapes they return) imports only api/ and lib/.",
      severity: "error",
      from: { path: `${web}api/`, pathNot: tests },
      to: { path: web, pathNot: `${web}(api|lib)/` },
    },
    {
      name: "web-lib-at-the-bottom",
      comment: "lib/ is the bottom layer: it imports only lib/.",
      severity: "error",
      from: { path: `${web}lib/`, pathNot: tests },
      to: { path: web, pathNot: `${web}lib/` },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "/dist/", "/dist-test-"] },
    // Type-only imports count: a circle of types is still a circle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "types", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs"],
    },
  },
};
