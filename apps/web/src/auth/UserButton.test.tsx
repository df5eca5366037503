import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAccountModal } from "../accounts/account-modal-store.js";
import type { FetchLike } from "../lib/api.js";
import { useAuthStore } from "../stores/auth-store.js";
import { anonymousReply, makeJwt } from "../test/jwt-fixture.js";
import { UserButton } from "./UserButton.js";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function signIn(scope: string) {
  useAuthStore.getState().setAuth({
    access_token: makeJwt({
      sub: "user-1",
      session_id: "s1",
      scope,
      user_type: "authenticated",
      username: "ada",
      email: "ada@example.com",
    }),
    token_type: "Bearer",
    user_id: "user-1",
    session_id: "s1",
    expires_in: 3600,
  });
}

describe("UserButton", () => {
  let fetchMock: ReturnType<typeof vi.fn<FetchLike>>;
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().clearAuth();
    fetchMock = vi.fn<FetchLike>();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows an anonymous visitor as Guest and opens sign-in on click", () => {
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
    render(<UserButton />);
    const button = screen.getByRole("button", { name: "Anonymous (Guest)" });
    expect(button).toHaveAttribute("title", "Sign in");
    expect(button).toHaveTextContent("AAnonymousGuest");
    fireEvent.click(button);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useAuthStore.getState().userId).toBe("anon-1");
    expect(useAccountModal.getState().mode).toBe("signin");
    useAccountModal.getState().close();
  });

  it("on the phone's top bar says what a tap does: Login for a visitor, Logout once signed in", () => {
    useAuthStore.getState().setAnonymousAuth(anonymousReply("anon-1"));
    const { unmount } = render(<UserButton phone />);
    expect(screen.getByRole("button", { name: "Anonymous (Guest), Login" })).toHaveTextContent(
      "ALogin",
    );
    unmount();
    signIn("user");
    render(<UserButton phone />);
    expect(screen.getByRole("button", { name: "ada (User), Logout" })).toHaveTextContent("ALogout");
  });

  it("shows a signed-in user's initial, name and role", () => {
    signIn("user admin");
    render(<UserButton />);
    const button = screen.getByRole("button", { name: "ada (Admin)" });
    expect(button).toHaveTextContent("Aada");
    expect(button).toHaveAttribute("title", "Sign out");
  });

  it("signs a signed-in user out into a fresh anonymous session", async () => {
    signIn("user");
    fetchMock.mockImplementation(async (url) =>
      url === "/api/v1/core/oauth/revoke"
        ? new Response(null, { status: 204 })
        : json(200, anonymousReply("anon-5")),
    );
    render(<UserButton />);
    fireEvent.click(screen.getByRole("button", { name: "ada (User)" }));
    const anonymous = await screen.findByRole("button", { name: "Anonymous (Guest)" });
    await waitFor(() => expect(anonymous).toBeEnabled());
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      "/api/v1/core/oauth/revoke",
      "/api/v1/core/oauth/session",
    ]);
    expect(useAuthStore.getState().userId).toBe("anon-5");
  });
});
