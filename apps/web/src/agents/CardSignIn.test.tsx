import type { CardScheme } from "@a2a-chat/contracts";
import { agentSignInMessages } from "@a2a-chat/contracts";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../stores/auth-store.js";
import { makeJwt } from "../test/jwt-fixture.js";
import { CardSignIn, cardSignInTexts } from "./CardSignIn.js";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("CardSignIn", () => {
  const sent: { url: string; body: unknown }[] = [];
  beforeEach(() => {
    sent.length = 0;
    useAuthStore.getState().setAuth({
      access_token: makeJwt({ sub: "u1", scope: "anonymous", user_type: "anon", exp: 4e9 }),
      token_type: "Bearer",
      user_id: "u1",
      session_id: "s1",
      expires_in: 3600,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const answering = (answer: (body: Record<string, unknown>) => Response) =>
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        sent.push({ url, body });
        return answer(body);
      }),
    );

  it("sends an API key for the scheme the card names, write-only", async () => {
    answering(() => json({ status: "signed_in" }));
    const onSignedIn = vi.fn();
    const scheme: CardScheme = {
      type: "apiKey",
      name: "key",
      key_name: "agent_key",
      location: "query",
      signable: true,
    };
    const user = userEvent.setup();
    render(<CardSignIn agentId="a1" scheme={scheme} onSignedIn={onSignedIn} />);
    expect(screen.getByText(cardSignInTexts.apiKey(scheme))).toBeTruthy();
    await user.type(screen.getByLabelText("Key"), "k3y");
    await user.click(screen.getByRole("button", { name: cardSignInTexts.save }));
    expect(onSignedIn).toHaveBeenCalledWith("api_key", "key");
    expect(sent).toEqual([
      { url: "/api/v1/agents/external/a1/sign-in", body: { scheme: "key", value: "k3y" } },
    ]);
    expect((screen.getByLabelText("Key") as HTMLInputElement).value).toBe("");
  });

  it("goes to the authorization server for OAuth, and shows the server's reason when it cannot", async () => {
    const message = agentSignInMessages.clientIdRequired("id.example");
    answering((body) =>
      body.client_id
        ? json({ status: "redirect", authorization_url: "https://id.example/authorize?x=1" })
        : json({ error: "validation_failed", message }, 422),
    );
    const onRedirect = vi.fn();
    const user = userEvent.setup();
    render(
      <CardSignIn
        agentId="a1"
        scheme={{ type: "oauth2", name: "corp", scopes: ["chat"], signable: true }}
        onSignedIn={() => {}}
        onRedirect={onRedirect}
      />,
    );
    const button = screen.getByRole("button", { name: cardSignInTexts.oauth("corp") });
    await user.click(button);
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    await user.type(screen.getByLabelText(cardSignInTexts.clientId), "mine");
    await user.click(button);
    expect(onRedirect).toHaveBeenCalledWith("https://id.example/authorize?x=1");
    expect(sent[1]?.body).toEqual({ scheme: "corp", client_id: "mine" });
  });

  it("says a scheme it cannot meet, with no form", () => {
    render(
      <CardSignIn
        agentId="a1"
        scheme={{ type: "other", name: "mtls", signable: false }}
        onSignedIn={() => {}}
      />,
    );
    expect(screen.getByText(cardSignInTexts.unsupported)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
