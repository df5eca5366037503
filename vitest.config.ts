import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    reporters: ["default", "./scripts/summary-reporter.ts"],
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
          name: "server",
          root: "apps/server",
          environment: "node",
          include: ["src/**/*.test.ts"],
          globalSetup: ["./src/test/global-setup.ts"],
          // Integration tests open real databases: every test database is its own SQLite file or
          // PostgreSQL schema, so files run in parallel without colliding.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: "web",
          root: "apps/web",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}", "site-build/**/*.test.{ts,tsx}"],
          setupFiles: ["./src/test-setup.ts"],
          // jsdom renders and lazy imports take seconds on a loaded 2-core machine; tests wait on
          // conditions, so a longer bound only matters when something is really stuck.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "e2e",
          root: "e2e",
          environment: "node",
          include: ["**/*.e2e.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A browser on a loaded machine can take seconds to lay out again (a resize, a reply):
          // polls wait for the state as long as a locator would, not vitest's default second.
          expect: { poll: { timeout: 15_000 } },
          // Browser tests run after the unit and integration tests, one file at a time.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
