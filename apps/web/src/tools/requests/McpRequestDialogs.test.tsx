import type { McpRequest } from "@a2a-chat/contracts";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mcpRequestsStreamHandlers, useMcpRequestsStore } from "../../stores/mcp-requests-store.js";
import { ElicitationDialog } from "./ElicitationDialog.js";
import { requestTexts } from "./request-texts.js";
import { SamplingDialog } from "./SamplingDialog.js";
import { UrlElicitationDialog } from "./UrlElicitationDialog.js";

afterEach(() => {
  cleanup();
  useMcpRequestsStore.getState().reset();
});

const request = (kind: McpRequest["kind"], params: Record<string, unknown>): McpRequest => ({
  id: "r1",
  kind,
  server_name: "Everything",
  context_id: null,
  task_id: null,
  params,
  status: "pending",
  created_at: "2026-01-01T00:00:00.000Z",
  expires_at: "2026-01-01T00:05:00.000Z",
});

const form = request("elicitation", {
  message: "Who are you?",
  requestedSchema: {
    type: "object",
    required: ["name"],
    properties: {
      name: { type: "string", title: "Name", minLength: 2 },
      age: { type: "integer", title: "Age", minimum: 0 },
    },
  },
});

describe("ElicitationDialog", () => {
  it("checks the fields with the form's messages and accepts with the values", async () => {
    const onAnswer = vi.fn();
    render(<ElicitationDialog request={form} onAnswer={onAnswer} busy={false} />);
    expect(screen.getByText("Who are you?")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: requestTexts.accept }));
    expect(screen.getByText("This field is required")).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Name/), "A");
    expect(await screen.findByText("Must be at least 2 characters")).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/Name/), "da");
    await userEvent.type(screen.getByLabelText(/Age/), "36");
    await userEvent.click(screen.getByRole("button", { name: requestTexts.accept }));
    expect(onAnswer).toHaveBeenCalledWith({ action: "accept", content: { name: "Ada", age: 36 } });
  });

  it("declines and cancels without content", async () => {
    const onAnswer = vi.fn();
    render(<ElicitationDialog request={form} onAnswer={onAnswer} busy={false} />);
    await userEvent.click(screen.getByRole("button", { name: requestTexts.decline }));
    await userEvent.click(screen.getByRole("button", { name: requestTexts.cancel }));
    expect(onAnswer.mock.calls).toEqual([[{ action: "decline" }], [{ action: "cancel" }]]);
  });
});

describe("UrlElicitationDialog", () => {
  it("shows the domain and opens the link only when the user chooses to", async () => {
    const onAnswer = vi.fn();
    const openLink = vi.fn();
    const url = "https://login.example.com/start?x=1";
    render(
      <UrlElicitationDialog
        request={request("elicitation", { mode: "url", url, message: "Sign in there" })}
        onAnswer={onAnswer}
        busy={false}
        openLink={openLink}
      />,
    );
    expect(screen.getByTestId("link-domain").textContent).toBe("login.example.com");
    expect(openLink).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Open login.example.com" }));
    expect(openLink).toHaveBeenCalledWith(url);
    expect(onAnswer).toHaveBeenCalledWith({ action: "accept" });
  });

  it("waits for Done after opening a link the call needs before it is tried again", async () => {
    const onAnswer = vi.fn();
    const openLink = vi.fn();
    const url = "https://auth.example.com/grant";
    render(
      <UrlElicitationDialog
        request={request("elicitation", {
          mode: "url",
          url,
          message: "Grant access first",
          _meta: { "a2a-chat/then-retry": true },
        })}
        onAnswer={onAnswer}
        busy={false}
        openLink={openLink}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Open auth.example.com" }));
    expect(openLink).toHaveBeenCalledWith(url);
    expect(onAnswer).not.toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toBe(
      "Finish what auth.example.com asks in the tab that opened, then choose Done: the call is tried again.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(onAnswer).toHaveBeenCalledWith({ action: "accept" });
  });

  it("refuses a link that is not http(s)", () => {
    render(
      <UrlElicitationDialog
        request={request("elicitation", { mode: "url", url: "javascript:alert(1)" })}
        onAnswer={vi.fn()}
        busy={false}
        openLink={vi.fn()}
      />,
    );
    expect(screen.getByRole("alert").textContent).toBe(requestTexts.badUrl);
    expect(
      (screen.getByRole("button", { name: requestTexts.accept }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});

describe("SamplingDialog", () => {
  const sampling = request("sampling", {
    messages: [{ role: "user", content: { type: "text", text: "Say hi" } }],
    systemPrompt: "You are a helpful test server.",
    maxTokens: 100,
    modelPreferences: { hints: [{ name: "claude" }], speedPriority: 0.5 },
  });

  it("shows the request, and approves it with the user's edits", async () => {
    const onAnswer = vi.fn();
    render(<SamplingDialog request={sampling} onAnswer={onAnswer} busy={false} />);
    expect(screen.getByText("hints: claude · speedPriority: 0.5")).toBeTruthy();
    const system = screen.getByLabelText(requestTexts.systemPrompt);
    await userEvent.clear(system);
    await userEvent.type(system, "Be brief.");
    await userEvent.click(screen.getByRole("button", { name: requestTexts.approve }));
    expect(onAnswer).toHaveBeenCalledWith({
      action: "approve",
      messages: [{ role: "user", content: { type: "text", text: "Say hi" } }],
      system_prompt: "Be brief.",
      max_tokens: 100,
    });
  });

  it("denies", async () => {
    const onAnswer = vi.fn();
    render(<SamplingDialog request={sampling} onAnswer={onAnswer} busy={false} />);
    await userEvent.click(screen.getByRole("button", { name: requestTexts.deny }));
    expect(onAnswer).toHaveBeenCalledWith({ action: "deny" });
  });
});

describe("the requests store", () => {
  it("adds a request the stream announces once, and drops it when it ends", () => {
    const envelope = {
      event_type: "mcp_request_created" as const,
      context_id: null,
      user_id: "u",
      data: form,
      timestamp: form.created_at,
    };
    mcpRequestsStreamHandlers.mcp_request_created?.(form, envelope);
    mcpRequestsStreamHandlers.mcp_request_created?.(form, envelope);
    expect(useMcpRequestsStore.getState().requests.map((r) => r.id)).toEqual(["r1"]);
    mcpRequestsStreamHandlers.mcp_request_ended?.({ id: "r1", status: "expired" }, envelope);
    expect(useMcpRequestsStore.getState().requests).toEqual([]);
  });
});
