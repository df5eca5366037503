import { useId } from "react";

/** One of this site's agents a server can be lent to. */
export interface SiteAgent {
  /** The agent's name on this site (what the server stores). */
  name: string;
  displayName: string;
}

/** Texts of choosing the agents that may use a server the user added. */
export const agentUseTexts = {
  label: "Let agents use this server",
  all: "All agents",
  hint: "The agents ticked may call its tools in your conversations, with the credentials stored for it. All agents includes ones this site adds later.",
} as const;

/** Props of AgentUseChoice. */
export interface AgentUseChoiceProps {
  serverName: string;
  /** Which agents may use it now: "all", or those named (none when empty). */
  chosen: "all" | readonly string[];
  /** This site's agents (agents the user added by URL run elsewhere and cannot be lent one). */
  agents: readonly SiteAgent[];
  onChange: (agents: "all" | string[]) => void;
}

/**
 * A group of checkboxes: All agents, then one per agent of this site. With All ticked each agent
 * shows ticked and cannot be unticked alone; unticking All takes the server back from every one.
 */
export function AgentUseChoice({ serverName, chosen, agents, onChange }: AgentUseChoiceProps) {
  const hintId = useId();
  const all = chosen === "all";
  const named = all ? [] : chosen;
  const toggle = (name: string, on: boolean) => {
    const next = agents
      .map((agent) => agent.name)
      .filter((n) => (n === name ? on : named.includes(n)));
    onChange(next);
  };
  const box = "size-3.5 accent-primary-500";
  const row = "clear-left flex cursor-pointer items-center gap-2";
  return (
    <fieldset
      aria-describedby={hintId}
      className="mx-3 mb-1 rounded border border-border px-2 pb-1.5 text-[11px] text-neutral-300"
    >
      {/* Floated so a wrapped legend sits inside the border instead of cutting through it. */}
      <legend className="float-left w-full pt-1 pb-0.5 text-neutral-400">
        {agentUseTexts.label} <span className="sr-only">({serverName})</span>
      </legend>
      <p id={hintId} className="sr-only">
        {agentUseTexts.hint}
      </p>
      <label title={agentUseTexts.hint} className={row}>
        <input
          type="checkbox"
          checked={all}
          onChange={(event) => onChange(event.target.checked ? "all" : [])}
          className={box}
        />
        {agentUseTexts.all}
      </label>
      {agents.map((agent) => (
        <label key={agent.name} className={`${row} pl-4 ${all ? "opacity-60" : ""}`}>
          <input
            type="checkbox"
            checked={all || named.includes(agent.name)}
            disabled={all}
            onChange={(event) => toggle(agent.name, event.target.checked)}
            className={box}
          />
          {agent.displayName}
        </label>
      ))}
    </fieldset>
  );
}
