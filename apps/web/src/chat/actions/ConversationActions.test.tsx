import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../stores/auth-store.js";
import { useContextsStore } from "../../stores/contexts-store.js";
import { resetAllStores } from "../../stores/reset.js";
import { makeJwt } from "../../test/jwt-fixture.js";
import { contextRecord } from "../../test/sse-fixture.js";
import { useSearchOpen } from "../search/search-open-store.js";
import { ConversationActions } from "./ConversationActions.js";

const share = (id: string) => ({
  id,
  context_id: "c1",
  name: "Chat",
  up_to_message_id: null,
  created_at: "2026-01-01T00:00:00.000Z",
  path: `/shared?id=${id}`,
});

describe("ConversationActions", () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  const requests = () =>
    fetchMock.mock.calls.map(
      ([url, init]) => `${(init as RequestInit | undefined)?.method ?? "GET"} ${String(url)}`,
    );

  beforeEach(() => {
    resetAllStores();
    useAuthStore.getState().setAuth({
      access_token: makeJwt({ sub: "u1", scope: "anonymous", user_type: "anon", exp: 4e9 }),
      token_type: "Bearer",
      user_id: "u1",
      session_id: "s1",
      expires_in: 3600,
    });
    fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => {} }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("downloads the export and opens the search dialog", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      new Response("# Chat", { headers: { "content-type": "text/markdown" } }),
    );
    render(<ConversationActions contextId="c1" name="Chat" />);
    await user.click(screen.getByRole("button", { name: "Export Markdown" }));
    await waitFor(() =>
      expect(requests()).toEqual(["GET /api/v1/core/contexts/c1/export?format=markdown"]),
    );
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(useSearchOpen.getState().open).toBe(true);
    useSearchOpen.getState().setOpen(false);
  });

  it("imports a file, opens the new conversation, and shows a refusal's message", async () => {
    const user = userEvent.setup();
    const record = contextRecord("new-1", { name: "Imported" });
    fetchMock.mockResolvedValueOnce(Response.json([record], { status: 201 }));
    render(<ConversationActions contextId="c1" name="Chat" />);
    const input = screen.getByLabelText("Import file");
    await user.upload(
      input,
      new File(['{"format":"a2a-chat.conversation"}'], "x.json", { type: "application/json" }),
    );
    expect(await screen.findByRole("status")).toHaveTextContent("Imported 1 conversation");
    expect(useContextsStore.getState().currentContextId).toBe("new-1");
    fetchMock.mockResolvedValueOnce(
      Response.json(
        { error: "validation_failed", message: "The file is not valid JSON" },
        { status: 400 },
      ),
    );
    await user.upload(input, new File(["nope"], "y.json", { type: "application/json" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The file is not valid JSON");
  });

  it("creates a share link, lists the account's links and revokes one", async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(Response.json([share("old")]))
      .mockResolvedValueOnce(Response.json(share("new"), { status: 201 }))
      .mockResolvedValueOnce(new Response(null, { status: 204 }));
    render(<ConversationActions contextId="c1" name="Chat" />);
    await user.click(screen.getByRole("button", { name: "Share" }));
    const dialog = await screen.findByRole("dialog", { name: "Share a read-only link" });
    const list = within(dialog).getByRole("list", { name: "Your shared links" });
    await within(list).findByDisplayValue(`${window.location.origin}/shared?id=old`);
    await user.click(within(dialog).getByRole("button", { name: "Create link" }));
    await within(list).findByDisplayValue(`${window.location.origin}/shared?id=new`);
    await user.click(within(list).getAllByRole("button", { name: "Revoke" })[1] as HTMLElement);
    await waitFor(() => expect(within(list).queryByDisplayValue(/id=old/)).toBeNull());
    expect(requests()).toEqual([
      "GET /api/v1/core/shares",
      "POST /api/v1/core/contexts/c1/shares",
      "DELETE /api/v1/core/shares/old",
    ]);
  });
});
