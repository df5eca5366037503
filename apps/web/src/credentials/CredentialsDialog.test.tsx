import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../stores/auth-store.js";
import { makeJwt } from "../test/jwt-fixture.js";
import { connectionTexts } from "./ConnectionSteps.js";
import { CredentialsDialog, credentialsDialogTexts } from "./CredentialsDialog.js";

const base = "/api/v1/mcp/external/s1";
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

describe("CredentialsDialog", () => {
  beforeEach(() => {
    useAuthStore.getState().setAuth({
      access_token: makeJwt({
        sub: "u1",
        scope: "anonymous",
        user_type: "anon",
        exp: 4_000_000_000,
      }),
      token_type: "Bearer",
      user_id: "u1",
      session_id: "s1",
      expires_in: 3600,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("saves new credentials write-only and shows which step of the check failed", async () => {
    const sent: { url: string; method: string; body: string }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        sent.push({ url, method: init?.method ?? "GET", body: String(init?.body ?? "") });
        if (url === `${base}/credentials`) return json({ credentials_kind: "bearer" });
        return json({
          ok: false,
          steps: [
            { step: "dns", ok: true, detail: "tools.example resolves to 203.0.113.9" },
            { step: "tcp", ok: true, detail: "Connected to 203.0.113.9 port 443" },
            {
              step: "tls",
              ok: false,
              detail: "TLS failed: the certificate has expired",
              advice: "Renew the server's certificate (or check the clock of either machine).",
            },
            { step: "discovery", ok: false, detail: "Not tried: an earlier step failed" },
            { step: "auth", ok: false, detail: "Not tried: an earlier step failed" },
            { step: "version", ok: false, detail: "Not tried: an earlier step failed" },
            { step: "call", ok: false, detail: "Not tried: an earlier step failed" },
          ],
        });
      }),
    );
    const user = userEvent.setup();
    render(<CredentialsDialog name="Tools" base={base} storedKind="api_key" onClose={() => {}} />);
    expect(screen.getByText(/Stored: API key header\. Values are never shown/)).toBeTruthy();
    expect((screen.getByLabelText("API key") as HTMLInputElement).value).toBe("");
    await user.selectOptions(screen.getByLabelText("Authentication"), "bearer");
    await user.type(screen.getByLabelText("Token"), "fresh-token");
    await user.click(screen.getByRole("button", { name: credentialsDialogTexts.save }));
    await screen.findByText(credentialsDialogTexts.saved);
    expect(sent[0]).toEqual({
      url: `${base}/credentials`,
      method: "PUT",
      body: JSON.stringify({ credentials: { kind: "bearer", token: "fresh-token" } }),
    });
    // The typed secret is gone once saved.
    expect((screen.getByLabelText("Token") as HTMLInputElement).value).toBe("");

    await user.click(screen.getByRole("button", { name: credentialsDialogTexts.check }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(connectionTexts.failed("TLS")),
    );
    expect(screen.getByText("TLS failed: the certificate has expired")).toBeTruthy();
    expect(
      screen.getByText(
        "What to do: Renew the server's certificate (or check the clock of either machine).",
      ),
    ).toBeTruthy();
    expect(sent[1]?.url).toBe(`${base}/check`);
  });
});
