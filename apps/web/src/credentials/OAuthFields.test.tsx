import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { CredentialsFields } from "./CredentialsFields.js";
import { type CredentialsDraft, draftToCredentials, emptyDraft } from "./credentials-draft.js";
import { clientCredentialsHint, oauthGrantLabels, oauthHint } from "./OAuthFields.js";

function Harness({ onDraft }: { onDraft: (draft: CredentialsDraft) => void }) {
  const [draft, setDraft] = useState(emptyDraft("oauth"));
  return (
    <CredentialsFields
      allowOAuth
      draft={draft}
      onChange={(next) => {
        setDraft(next);
        onDraft(next);
      }}
    />
  );
}

describe("OAuthFields", () => {
  it("offers client credentials with a private key and its algorithm", async () => {
    let last = emptyDraft("oauth");
    render(<Harness onDraft={(draft) => (last = draft)} />);
    expect(screen.getByText(oauthHint)).toBeTruthy();
    expect(screen.queryByLabelText(/Private key/)).toBeNull();
    await userEvent.selectOptions(
      screen.getByLabelText("Grant"),
      oauthGrantLabels.client_credentials,
    );
    expect(screen.getByText(clientCredentialsHint)).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Client ID"), "machine");
    await userEvent.type(screen.getByLabelText(/Private key/), "-----BEGIN PRIVATE KEY-----");
    await userEvent.selectOptions(screen.getByLabelText("Algorithm"), "RS256");
    expect(draftToCredentials(last)).toEqual({
      credentials: {
        kind: "oauth",
        grant: "client_credentials",
        client_id: "machine",
        private_key: "-----BEGIN PRIVATE KEY-----",
        signing_alg: "RS256",
      },
    });
  });
});
