import { externalMcpPath, type McpTransport, mcpTimeoutBounds } from "@a2a-chat/contracts";
import { type FormEvent, useId, useState } from "react";
import { Modal } from "../agents/Modal.js";
import { addUserServer } from "../api/user-servers-api.js";
import { ConnectionDoctor } from "../credentials/ConnectionDoctor.js";
import { CredentialsFields } from "../credentials/CredentialsFields.js";
import { checkBeforeAdding } from "../credentials/credentials-api.js";
import {
  type CredentialsDraft,
  draftToCredentials,
  emptyDraft,
} from "../credentials/credentials-draft.js";
import { Button } from "../lib/Button.js";

/** Texts of the add-server dialog. */
export const addServerTexts = {
  title: "Add MCP server",
  nameRequired: "Name is required",
  urlRequired: "Server URL is required",
  timeoutRange: `Timeout must be between ${mcpTimeoutBounds.min / 1000} and ${mcpTimeoutBounds.max / 1000} seconds`,
  urlHint:
    "The full endpoint URL, usually ending in /mcp. Remote servers must use HTTPS; this server connects to it, your browser never does.",
} as const;

/** Props of AddToolServerDialog. */
export interface AddToolServerDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called once the server was checked and saved. */
  onAdded: (name: string) => void;
}

const inputClass =
  "w-full rounded-md border border-border bg-surface px-2 py-1.5 text-sm text-neutral-100 placeholder:text-neutral-600";
const labelClass = "block text-xs font-medium text-neutral-400";

/**
 * Adds an MCP server the user names (tools spec §3 server configuration: name, URL, transport,
 * authentication, custom headers, timeout). The server checks the URL, connects and lists the
 * tools before it keeps it; its error shows in the dialog.
 */
export function AddToolServerDialog({ open, onClose, onAdded }: AddToolServerDialogProps) {
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [transport, setTransport] = useState<McpTransport>("streamable_http");
  const [timeout, setTimeoutSeconds] = useState(String(mcpTimeoutBounds.default / 1000));
  const [draft, setDraft] = useState<CredentialsDraft>(emptyDraft());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { name: useId(), url: useId(), hint: useId(), transport: useId(), timeout: useId() };

  // The doctor checks what the form holds now, before anything is saved.
  const diagnose = () => {
    const credentials = draftToCredentials(draft);
    if ("error" in credentials) return Promise.reject(new Error(credentials.error));
    const seconds = Number(timeout);
    return checkBeforeAdding(`${externalMcpPath}/check`, {
      ...(name.trim() ? { name: name.trim() } : {}),
      url: url.trim(),
      transport,
      ...(Number.isFinite(seconds) ? { timeout_ms: Math.round(seconds * 1000) } : {}),
      credentials: credentials.credentials,
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const seconds = Number(timeout);
    const problem = !name.trim()
      ? addServerTexts.nameRequired
      : !url.trim()
        ? addServerTexts.urlRequired
        : !Number.isFinite(seconds) ||
            seconds * 1000 < mcpTimeoutBounds.min ||
            seconds * 1000 > mcpTimeoutBounds.max
          ? addServerTexts.timeoutRange
          : undefined;
    const credentials = draftToCredentials(draft);
    if (problem || "error" in credentials) {
      setError(problem ?? ("error" in credentials ? credentials.error : null));
      return;
    }
    setPending(true);
    setError(null);
    try {
      const saved = await addUserServer({
        name: name.trim(),
        url: url.trim(),
        transport,
        timeout_ms: Math.round(seconds * 1000),
        credentials: credentials.credentials,
      });
      setName("");
      setUrl("");
      setDraft(emptyDraft());
      onAdded(saved.name);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={addServerTexts.title}>
      <form
        aria-label={addServerTexts.title}
        // Our messages, not the browser's bubbles, say what is wrong.
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          void submit(event);
        }}
      >
        <fieldset className="space-y-3" disabled={pending}>
          <div className="space-y-1">
            <label htmlFor={ids.name} className={labelClass}>
              Name
            </label>
            <input
              id={ids.name}
              type="text"
              autoComplete="off"
              maxLength={64}
              placeholder="My tools"
              value={name}
              onChange={(event) => setName(event.target.value)}
              className={inputClass}
            />
          </div>
          <div className="space-y-1">
            <label htmlFor={ids.url} className={labelClass}>
              Server URL
            </label>
            <input
              id={ids.url}
              type="text"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              placeholder="https://tools.example.com/mcp"
              aria-describedby={ids.hint}
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              className={inputClass}
            />
            <p id={ids.hint} className="text-xs text-neutral-500">
              {addServerTexts.urlHint}
            </p>
          </div>
          <div className="grid grid-cols-2 gap-2">
            <div className="space-y-1">
              <label htmlFor={ids.transport} className={labelClass}>
                Transport
              </label>
              <select
                id={ids.transport}
                value={transport}
                onChange={(event) => setTransport(event.target.value as McpTransport)}
                className={inputClass}
              >
                <option value="streamable_http">Streamable HTTP (SSE fallback)</option>
                <option value="sse">SSE (legacy)</option>
              </select>
            </div>
            <div className="space-y-1">
              <label htmlFor={ids.timeout} className={labelClass}>
                Timeout (seconds)
              </label>
              <input
                id={ids.timeout}
                type="number"
                min={mcpTimeoutBounds.min / 1000}
                max={mcpTimeoutBounds.max / 1000}
                value={timeout}
                onChange={(event) => setTimeoutSeconds(event.target.value)}
                className={inputClass}
              />
            </div>
          </div>
        </fieldset>
        <CredentialsFields draft={draft} onChange={setDraft} disabled={pending} allowOAuth />
        {error ? (
          <p role="alert" className="text-xs text-red-400">
            {error}
          </p>
        ) : null}
        <ConnectionDoctor run={diagnose} disabled={pending || url.trim() === ""} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? "Connecting..." : "Add server"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
