import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../stores/auth-store.js";
import { makeJwt } from "../test/jwt-fixture.js";
import { AuthRequiredDialog } from "./AuthRequiredDialog.js";

const signIn = () =>
  useAuthStore.getState().setAuth({
    access_token: makeJwt({
      sub: "u1",
      scope: "user",
      user_type: "authenticated",
      exp: 4_000_000_000,
    }),
    token_type: "Bearer",
    user_id: "u1",
    session_id: "s1",
    expires_in: 3600,
  });

describe("AuthRequiredDialog", () => {
  beforeEach(() => {
    localStorage.clear();
    useAuthStore.getState().clearAuth();
  });

  it("names the agent, explains passkey sign-in, and closes", async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<AuthRequiredDialog open agentName="Ops Bot" onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Sign in required" });
    expect(screen.getByRole("heading", { name: "Sign in required" })).toBeInTheDocument();
    expect(dialog).toHaveTextContent("Ops Bot is available to signed-in users only.");
    expect(dialog).toHaveTextContent("Sign in with a passkey to use this agent.");
    const closeButtons = screen.getAllByRole("button", { name: "Close" });
    await user.click(closeButtons[closeButtons.length - 1] as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("words the prompt for another kind of resource", () => {
    render(
      <AuthRequiredDialog
        open
        agentName="github"
        subject="tool server"
        onClose={() => undefined}
      />,
    );
    const dialog = screen.getByRole("dialog", { name: "Sign in required" });
    expect(dialog).toHaveTextContent("github is available to signed-in users only.");
    expect(dialog).toHaveTextContent("Sign in with a passkey to use this tool server.");
    expect(dialog).not.toHaveTextContent("use this agent");
  });

  it("calls back and closes once the user signs in", () => {
    const onClose = vi.fn();
    const onAuthenticated = vi.fn();
    render(
      <AuthRequiredDialog
        open
        agentName="Ops Bot"
        onClose={onClose}
        onAuthenticated={onAuthenticated}
      >
        <p>login form</p>
      </AuthRequiredDialog>,
    );
    expect(screen.getByText("login form")).toBeInTheDocument();
    expect(onAuthenticated).not.toHaveBeenCalled();
    act(() => signIn());
    expect(onAuthenticated).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("does not call back for a user already signed in or while closed", () => {
    const onAuthenticated = vi.fn();
    const { rerender } = render(
      <AuthRequiredDialog
        open={false}
        agentName="A"
        onClose={() => undefined}
        onAuthenticated={onAuthenticated}
      />,
    );
    act(() => signIn());
    rerender(
      <AuthRequiredDialog
        open
        agentName="A"
        onClose={() => undefined}
        onAuthenticated={onAuthenticated}
      />,
    );
    expect(onAuthenticated).not.toHaveBeenCalled();
  });
});
