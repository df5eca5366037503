import { externalAgentsPath } from "@a2a-chat/contracts";
import { type FormEvent, useId, useState } from "react";
import { needsCredentials } from "../api/agent-access.js";
import type { Agent } from "../api/agent-types.js";
import { ConnectionDoctor } from "../credentials/ConnectionDoctor.js";
import { checkBeforeAdding } from "../credentials/credentials-api.js";
import { Button } from "../lib/Button.js";
import { useAgentsStore } from "../stores/agents-store.js";
import { useCredentialsDialog } from "./credentials-dialog-store.js";

/** What the form says when the URL names an agent already listed (it is refreshed, not added). */
export const alreadyListedText = (name: string) =>
  `${name} is already in the list: its card was refreshed and it is selected.`;

/** Props of AddAgentForm. */
export interface AddAgentFormProps {
  /** Called with the agent once it was added and selected. */
  onAdded?: (agent: Agent) => void;
}

/** Adds an agent by the URL of its endpoint or site; errors show under the field. */
export function AddAgentForm({ onAdded }: AddAgentFormProps) {
  const addAgentByUrl = useAgentsStore((s) => s.addAgentByUrl);
  const [url, setUrl] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A new doctor (no old findings) once an agent was added.
  const [added, setAdded] = useState(0);
  const inputId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || url.trim() === "") return;
    setPending(true);
    setError(null);
    setNotice(null);
    const listed = new Set(useAgentsStore.getState().agents.map((agent) => agent.url));
    try {
      const agent = await addAgentByUrl(url);
      setUrl("");
      setAdded((count) => count + 1);
      // Adding replaces an agent with the same URL (core spec §3): say so, or nothing seems to happen.
      if (listed.has(agent.url)) setNotice(alreadyListedText(agent.displayName));
      onAdded?.(agent);
      // Its card declares how to sign in to it: offered at once, as the card says.
      if (needsCredentials(agent) && (agent.signIn?.schemes.length ?? 0) > 0)
        useCredentialsDialog.getState().open(agent.url);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      aria-label="Add agent"
      className="space-y-2"
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      <label htmlFor={inputId} className="block text-xs font-medium text-neutral-400">
        Agent URL
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          type="text"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://agent.example.com"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          disabled={pending}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          className="min-w-0 flex-1 rounded-md border border-border bg-surface px-2 py-1.5 text-sm text-neutral-100 placeholder:text-neutral-600"
        />
        <Button type="submit" disabled={pending || url.trim() === ""} className="px-3 py-1.5">
          {pending ? "Connecting..." : "Add"}
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-red-400">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="text-xs text-neutral-400">
          {notice}
        </p>
      ) : null}
      <ConnectionDoctor
        key={added}
        compact
        run={() => checkBeforeAdding(`${externalAgentsPath}/check`, { url: url.trim() })}
        disabled={pending || url.trim() === ""}
      />
    </form>
  );
}
