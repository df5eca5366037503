import { useId } from "react";
import {
  type AgentAccess,
  agentInsufficientMessage,
  insufficientPermissionsBadge,
} from "../api/agent-access.js";
import type { Agent } from "../api/agent-types.js";
import { unreachableStatus, useServerReachability } from "../stores/server-reachability-store.js";
import { AgentAvatar } from "./AgentAvatar.js";
import { CardTrustMark } from "./CardTrustBadge.js";

/** Badge of an agent that needs the user to sign in first. */
export const signInRequiredBadge = "Sign in required";

/** Props of AgentCard. */
export interface AgentCardProps {
  agent: Agent;
  /** From agentAccess; hidden agents are not rendered at all. */
  access: Exclude<AgentAccess, "hidden">;
  selected: boolean;
  /** The narrow variant: smaller avatar, no description. */
  compact?: boolean;
  /** The user's scopes, named in the insufficient-permissions alert. */
  userScopes: readonly string[];
  onSelect: (agent: Agent) => void;
  /** Opens the sign-in prompt for this agent. */
  onRequireLogin: (agent: Agent) => void;
  /** Opens the credentials dialog of an added agent that asks for its own sign-in. */
  onRequireCredentials?: ((agent: Agent) => void) | undefined;
  onShowDetails: (agent: Agent) => void;
  /** Offered on agents the user added by URL. */
  onRemove?: (agent: Agent) => void;
  /** Opens the credentials and connection check of an agent the user added. */
  onConnection?: ((agent: Agent) => void) | undefined;
  /** Opens the connection doctor of an agent the user added. */
  onDoctor?: ((agent: Agent) => void) | undefined;
}

/** One agent in the list: avatar, name, description, running dot and a details button. */
export function AgentCard({
  agent,
  access,
  selected,
  compact = false,
  userScopes,
  onSelect,
  onRequireLogin,
  onRequireCredentials,
  onShowDetails,
  onRemove,
  onConnection,
  onDoctor,
}: AgentCardProps) {
  const nameId = useId();
  const infoId = useId();
  const greyed = access !== "open";
  // While this server cannot be reached, nothing says the agent runs.
  const unreachable = useServerReachability((state) => state.unreachable);
  const status = unreachable ? unreachableStatus : agent.status;
  const running = !unreachable && agent.status === "Running";

  const activate = () => {
    if (access === "login") onRequireLogin(agent);
    else if (access === "credentials") onRequireCredentials?.(agent);
    else if (access === "insufficient") window.alert(agentInsufficientMessage(agent, userScopes));
    else onSelect(agent);
  };

  const badge =
    access === "insufficient"
      ? insufficientPermissionsBadge
      : access === "login" || access === "credentials"
        ? signInRequiredBadge
        : null;

  return (
    <li
      data-access={access}
      className={`@container rounded-lg border transition-colors duration-150 ${
        selected ? "border-primary-500 bg-primary-500/10" : "border-border hover:bg-neutral-800/60"
      } ${greyed ? "opacity-50" : ""}`}
    >
      <button
        type="button"
        onClick={activate}
        aria-pressed={selected}
        aria-disabled={greyed || undefined}
        aria-labelledby={nameId}
        aria-describedby={infoId}
        // In a narrow card (tablet, small desktop) the avatar sits above the name, which then
        // has the card's whole width rather than a few letters' worth.
        className={`flex w-full items-start gap-3 rounded-t-lg text-left @max-[11rem]:flex-col @max-[11rem]:gap-2 ${compact ? "p-2" : "p-3"}`}
      >
        <AgentAvatar name={agent.displayName} seed={agent.name} size={compact ? "sm" : "md"} />
        <span className="min-w-0 flex-1 @max-[11rem]:w-full">
          <span className="flex items-center gap-2">
            <span
              role="img"
              aria-label={`Status: ${status}`}
              title={status}
              data-running={running}
              className={`h-2 w-2 shrink-0 rounded-full ${running ? "bg-emerald-500" : "bg-neutral-500"}`}
            />
            <span
              id={nameId}
              className="line-clamp-2 text-sm font-medium text-neutral-100 [overflow-wrap:anywhere]"
            >
              {agent.displayName}
            </span>
          </span>
          <span id={infoId} className="block">
            {!compact && agent.description ? (
              <span className="mt-1 line-clamp-2 block text-xs text-neutral-400">
                {agent.description}
              </span>
            ) : null}
            {badge ? (
              <span
                className={`mt-1 inline-block rounded px-1.5 py-0.5 text-[11px] font-medium ${
                  access === "insufficient"
                    ? "bg-red-500/20 text-red-300"
                    : "bg-primary-500/20 text-primary-200"
                }`}
              >
                {badge}
              </span>
            ) : null}
            {!compact ? <CardTrustMark verification={agent.cardVerification} /> : null}
          </span>
        </span>
      </button>
      <div
        className={`flex flex-wrap gap-x-3 gap-y-1 whitespace-nowrap ${compact ? "px-2 pb-2" : "px-3 pb-2"}`}
      >
        <button
          type="button"
          onClick={() => onShowDetails(agent)}
          aria-describedby={nameId}
          className="text-xs text-primary-300 hover:text-primary-200"
        >
          View details
        </button>
        {agent.external && onConnection ? (
          <button
            type="button"
            onClick={() => onConnection(agent)}
            aria-describedby={nameId}
            className="text-xs text-neutral-400 hover:text-neutral-200"
          >
            Connection
          </button>
        ) : null}
        {agent.external && onDoctor ? (
          <button
            type="button"
            onClick={() => onDoctor(agent)}
            aria-describedby={nameId}
            className="text-xs text-neutral-400 hover:text-neutral-200"
          >
            Doctor
          </button>
        ) : null}
        {agent.external && onRemove ? (
          <button
            type="button"
            onClick={() => onRemove(agent)}
            aria-describedby={nameId}
            className="text-xs text-neutral-400 hover:text-neutral-200"
          >
            Remove
          </button>
        ) : null}
      </div>
    </li>
  );
}
