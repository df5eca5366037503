import { TransformStream } from "node:stream/web";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { dataArtifact } from "../test/artifact-fixture.js";

// The SDK's transport module needs TransformStream, which jsdom lacks (browsers have it).
beforeAll(() => {
  globalThis.TransformStream ??= TransformStream as unknown as typeof globalThis.TransformStream;
});

vi.mock("./app-server-api.js", () => ({
  readServerResource: vi.fn(async (_endpoint: string, uri: string) => ({
    contents: [{ uri, mimeType: "text/html;profile=mcp-app", text: "<p>app</p>" }],
  })),
  listServerToolsForApp: vi.fn(async () => []),
  callServerToolForApp: vi.fn(),
}));
vi.mock("../../tools/execution-record-api.js", () => ({
  fetchExecutionRecord: vi.fn(async () => ({ input: { a: 1 }, output: { content: [] } })),
}));

/** IntersectionObserver stand-in that the test drives. */
let report: ((visible: boolean) => void) | undefined;
class FakeObserver {
  constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
    report = (visible) => callback([{ isIntersecting: visible }]);
  }
  observe() {}
  disconnect() {}
}

afterEach(() => {
  report = undefined;
  vi.unstubAllGlobals();
});

const marked = dataArtifact(
  "json",
  { time: "x" },
  {
    tool_name: "get-time",
    mcp_execution_id: "exec-1",
    mcp_app: {
      resource_uri: "ui://get-time/app.html",
      server_endpoint: "/api/v1/mcp/external/s1/mcp",
      server_name: "Basic",
    },
  },
);

describe("McpAppView", () => {
  it("frames the sandbox proxy with an opaque origin, never allow-same-origin", async () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const { McpAppView } = await import("./McpAppView.js");
    render(<McpAppView artifact={marked} />);
    const frame = await screen.findByTitle("get-time app");
    expect(frame.getAttribute("src")).toBe("/mcp-app-sandbox");
    expect(frame.getAttribute("sandbox")).toBe("allow-scripts");
  });

  it("tears the app down when it leaves the screen and starts it again when it comes back", async () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const { AppBridge } = await import("@modelcontextprotocol/ext-apps/app-bridge");
    const teardown = vi
      .spyOn(AppBridge.prototype, "teardownResource")
      .mockResolvedValue(
        {} as Awaited<ReturnType<InstanceType<typeof AppBridge>["teardownResource"]>>,
      );
    const { McpAppView } = await import("./McpAppView.js");
    render(<McpAppView artifact={marked} />);
    await screen.findByTitle("get-time app");
    act(() => report?.(false));
    await screen.findByText("get-time app paused while off the screen");
    expect(teardown).toHaveBeenCalledTimes(1);
    expect(screen.queryByTitle("get-time app")).toBeNull();
    act(() => report?.(true));
    await waitFor(() => expect(screen.getByTitle("get-time app")).toBeInTheDocument());
  });

  it("says why when the server sends no app", async () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const api = await import("./app-server-api.js");
    vi.mocked(api.readServerResource).mockResolvedValueOnce({
      contents: [{ uri: "ui://get-time/app.html", mimeType: "text/html", text: "<p>x</p>" }],
    });
    const { McpAppView } = await import("./McpAppView.js");
    render(<McpAppView artifact={marked} />);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The app's resource is text/html, not text/html;profile=mcp-app",
    );
  });
});
