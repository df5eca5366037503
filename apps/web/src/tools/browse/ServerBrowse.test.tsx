import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useDraftsStore } from "../../chat/composer/drafts-store.js";
import { useContextsStore } from "../../stores/contexts-store.js";
import { fakeMcpFetch, type JsonRpcRequest } from "../fake-mcp-fetch.js";
import { ServerBrowse } from "./ServerBrowse.js";

vi.mock("../../lib/files-api.js", () => ({
  uploadFile: vi.fn(async (_contextId: string, file: File) => ({
    id: "f1",
    uri: "/api/v1/core/files/f1",
    name: file.name,
  })),
}));

const doc = {
  uri: "docs://product/agents.md",
  name: "agents.md",
  title: "Agents",
  mimeType: "text/markdown",
};

function answer(request: JsonRpcRequest): unknown {
  const params = request.params as Record<string, unknown> | undefined;
  switch (request.method) {
    case "resources/list":
      return { resources: [doc] };
    case "resources/templates/list":
      return { resourceTemplates: [{ uriTemplate: "docs://product/{+file}", name: "Page" }] };
    case "resources/read":
      return {
        contents: [{ uri: params?.uri, mimeType: "text/markdown", text: `# Read ${params?.uri}` }],
      };
    case "prompts/list":
      return {
        prompts: [
          {
            name: "sales_summary",
            title: "Sales",
            arguments: [{ name: "region", required: true }],
          },
        ],
      };
    case "completion/complete": {
      const value = String((params?.argument as { value?: string } | undefined)?.value);
      return {
        completion: { values: ["europe", "asia-pacific"].filter((v) => v.startsWith(value)) },
      };
    }
    case "prompts/get":
      return {
        messages: [
          {
            role: "user",
            content: {
              type: "text",
              text: `Summarise ${(params?.arguments as { region?: string } | undefined)?.region}`,
            },
          },
        ],
      };
  }
  return undefined;
}

const server = {
  name: "product",
  endpoint: "http://localhost/api/v1/mcp/product/mcp",
  auth: "required",
};

describe("ServerBrowse", () => {
  beforeEach(() => {
    useContextsStore.setState({ currentContextId: "ctx-1" });
    useDraftsStore.setState({ drafts: {} });
  });
  afterEach(cleanup);

  it("lists resources, templates and prompts; opens a resource and attaches it to the draft", async () => {
    const { fetchImpl, calls } = fakeMcpFetch(answer, {
      resources: {},
      prompts: {},
      completions: {},
    });
    const user = userEvent.setup();
    render(<ServerBrowse target={{ server, token: "tok", fetch: fetchImpl }} />);
    const resources = await screen.findByRole("list", { name: "Resources of product" });
    expect(
      within(resources).getByRole("button", { name: "docs://product/{+file}" }),
    ).toBeInTheDocument();
    await user.click(within(resources).getByRole("button", { name: "Agents" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("# Read docs://product/agents.md")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Attach to message" }));
    expect(await within(dialog).findByText("Attached to the message")).toBeInTheDocument();
    expect(useDraftsStore.getState().drafts["ctx-1"]?.files).toEqual([
      expect.objectContaining({
        name: "agents.md",
        mimeType: "text/markdown",
        uploaded: { id: "f1", uri: "/api/v1/core/files/f1" },
      }),
    ]);
    expect(calls.some((c) => c.headers.get("authorization") === "Bearer tok")).toBe(true);
  });

  it("asks a prompt's arguments with completions and puts its text in the composer", async () => {
    const { fetchImpl, calls } = fakeMcpFetch(answer, { prompts: {}, completions: {} });
    useDraftsStore.getState().setText("ctx-1", "Hello");
    const user = userEvent.setup();
    render(<ServerBrowse target={{ server, token: "tok", fetch: fetchImpl }} />);
    const prompts = await screen.findByRole("list", { name: "Prompts of product" });
    expect(screen.queryByRole("list", { name: "Resources of product" })).not.toBeInTheDocument();
    await user.click(within(prompts).getByRole("button", { name: "Sales" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Put in composer" }));
    expect(within(dialog).getByText("This field is required")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/region/), "eu");
    await vi.waitFor(() =>
      expect(
        [...dialog.querySelectorAll("datalist option")].map((o) => (o as HTMLOptionElement).value),
      ).toEqual(["europe"]),
    );
    const completion = calls.find((c) => c.body?.method === "completion/complete")?.body;
    expect(completion?.params).toMatchObject({
      ref: { type: "ref/prompt", name: "sales_summary" },
    });
    await user.clear(within(dialog).getByLabelText(/region/));
    await user.type(within(dialog).getByLabelText(/region/), "europe");
    await user.click(within(dialog).getByRole("button", { name: "Put in composer" }));
    await vi.waitFor(() =>
      expect(useDraftsStore.getState().drafts["ctx-1"]?.text).toBe("Hello\n\nSummarise europe"),
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
