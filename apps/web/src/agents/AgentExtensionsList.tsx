import { isSupportedExtension } from "../api/agent-extensions.js";
import type { AgentExtension } from "../api/agent-types.js";

/** Texts of the extensions list. */
export const extensionTexts = {
  required: "Required",
  optional: "Optional",
  supported: "Supported by this client",
} as const;

/** Each extension an agent declares: URI, whether it is required, its description. */
export function AgentExtensionsList({ extensions }: { extensions: readonly AgentExtension[] }) {
  return (
    <ul className="space-y-1.5">
      {extensions.map((extension) => (
        <li key={extension.uri} className="text-sm" data-testid="agent-extension">
          <div className="flex flex-wrap items-center gap-2">
            <code className="break-all text-xs text-neutral-100">{extension.uri}</code>
            <span
              className={`rounded px-1.5 py-0.5 text-[11px] ${
                extension.required
                  ? "bg-primary-500/20 text-primary-200"
                  : "bg-neutral-800 text-neutral-400"
              }`}
            >
              {extension.required ? extensionTexts.required : extensionTexts.optional}
            </span>
            {isSupportedExtension(extension.uri) ? (
              <span className="text-[11px] text-emerald-300">{extensionTexts.supported}</span>
            ) : null}
          </div>
          {extension.description ? (
            <p className="text-xs text-neutral-400">{extension.description}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
