import { useEffect, useId } from "react";
import type { Agent } from "../api/agent-types.js";
import { useAgentsStore } from "../stores/agents-store.js";
import { AddAgentForm } from "./AddAgentForm.js";
import { AgentList } from "./AgentList.js";

/** Props of AgentsPanel. */
export interface AgentsPanelProps {
  /** Called after the user picked or added an agent (a mobile drawer closes itself). */
  onSelected?: (agent: Agent) => void;
}

/** The left column: the agents heading, the list and the add-by-URL form. Discovers on mount. */
export function AgentsPanel({ onSelected }: AgentsPanelProps) {
  const discover = useAgentsStore((s) => s.discover);
  const error = useAgentsStore((s) => s.error);
  const headingId = useId();

  useEffect(() => {
    // The store shares one run between overlapping calls, so a double mount costs one request.
    void discover();
  }, [discover]);

  return (
    <section aria-labelledby={headingId} className="flex h-full flex-col gap-3 p-3">
      <h2 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-neutral-400">
        Agents
      </h2>
      {error ? (
        <p
          role="alert"
          className="rounded-md border border-red-500/30 bg-red-500/10 p-2 text-xs text-red-300"
        >
          {error}
        </p>
      ) : null}
      <div className="min-h-0 flex-1 overflow-y-auto">
        <AgentList onSelected={onSelected} />
      </div>
      <AddAgentForm onAdded={onSelected} />
    </section>
  );
}
