import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../stores/auth-store.js";
import { makeJwt } from "../test/jwt-fixture.js";
import { AddToolServerDialog } from "../tools/AddToolServerDialog.js";
import { doctorTexts } from "./ConnectionDoctor.js";
import { ConnectionDoctorDialog } from "./ConnectionDoctorDialog.js";
import { connectionTexts } from "./ConnectionSteps.js";

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
const skipped = "Not tried: an earlier step failed";
const authFailed = {
  ok: false,
  steps: [
    { step: "dns", ok: true, detail: "127.0.0.1 resolves to 127.0.0.1" },
    { step: "tcp", ok: true, detail: "Connected to 127.0.0.1 port 4000" },
    { step: "tls", ok: true, detail: "Plain http: no TLS (allowed for this local address only)" },
    { step: "discovery", ok: true, detail: "The server answered initialize with HTTP 401" },
    {
      step: "auth",
      ok: false,
      detail: "The server refused the stored credentials (HTTP 401)",
      advice: "Check the token.",
    },
    { step: "version", ok: false, detail: skipped },
    { step: "call", ok: false, detail: skipped },
  ],
};

describe("the connection doctor", () => {
  const sent: { url: string; method: string; body: string }[] = [];
  beforeEach(() => {
    sent.length = 0;
    useAuthStore.getState().setAuth({
      access_token: makeJwt({ sub: "u1", scope: "anonymous", user_type: "anon", exp: 4e9 }),
      token_type: "Bearer",
      user_id: "u1",
      session_id: "s1",
      expires_in: 3600,
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        sent.push({ url, method: init?.method ?? "GET", body: String(init?.body ?? "") });
        return json(authFailed);
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("in the add-server dialog: checks the typed fields before saving and says what to do", async () => {
    const user = userEvent.setup();
    render(<AddToolServerDialog open onClose={() => {}} onAdded={() => {}} />);
    const run = screen.getByRole("button", { name: doctorTexts.run }) as HTMLButtonElement;
    expect(run.disabled).toBe(true);
    await user.type(screen.getByLabelText("Server URL"), "http://127.0.0.1:4000/mcp");
    await user.selectOptions(screen.getByLabelText("Authentication"), "bearer");
    await user.type(screen.getByLabelText("Token"), "wrong");
    await user.click(screen.getByRole("button", { name: doctorTexts.run }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(connectionTexts.failed("Auth")),
    );
    expect(screen.getByText("What to do: Check the token.")).toBeTruthy();
    expect(sent[0]?.url).toBe("/api/v1/mcp/external/check");
    expect(JSON.parse(sent[0]?.body ?? "{}")).toEqual({
      url: "http://127.0.0.1:4000/mcp",
      transport: "streamable_http",
      timeout_ms: 60000,
      credentials: { kind: "bearer", token: "wrong" },
    });
    expect(screen.getByRole("button", { name: doctorTexts.again })).toBeTruthy();
  });

  it("from an entry's menu: runs at once against the stored entry", async () => {
    render(
      <ConnectionDoctorDialog name="Tools" base="/api/v1/mcp/external/s1" onClose={() => {}} />,
    );
    expect(screen.getByRole("dialog", { name: doctorTexts.title("Tools") })).toBeTruthy();
    await screen.findByText("The server refused the stored credentials (HTTP 401)");
    expect(sent).toEqual([{ url: "/api/v1/mcp/external/s1/check", method: "POST", body: "" }]);
    expect(screen.getAllByText(skipped)).toHaveLength(2);
  });
});
