import { useId, useState } from "react";
import { type ServerTool, toolRenderBehavior } from "../api/list-server-tools.js";
import { unreachableStatus, useServerReachability } from "../stores/server-reachability-store.js";
import type { ShownToolServer } from "../stores/tools-reducers.js";
import { AgentUseChoice, type SiteAgent } from "./AgentUseChoice.js";
import { ServerExtras } from "./browse/ServerExtras.js";
import { ToolHintBadges } from "./ToolHintBadges.js";

/** Badge of a tool server that needs the user to sign in first. */
export const serverSignInBadge = "Sign in required";

/** Props of ToolServerItem. */
export interface ToolServerItemProps {
  shown: ShownToolServer;
  /** This server's tools (none for a greyed server). */
  tools: readonly ServerTool[];
  /** Opens the sign-in prompt for a greyed server. */
  onRequireLogin: (shown: ShownToolServer) => void;
  /** How far listing this server's tools got (absent: not asked yet). */
  listing?: "loading" | "loaded" | "error" | undefined;
  /** Asks for this server's tools (the first time its list opens). */
  onOpen: (shown: ShownToolServer) => void;
  /** Opens a tool's parameter form. */
  onPickTool?: (tool: ServerTool, shown: ShownToolServer) => void;
  /** Removes a server the user added (absent for the others). */
  onRemove?: ((shown: ShownToolServer) => void) | undefined;
  /** Opens the credentials and connection check of a server the user added. */
  onConnection?: ((shown: ShownToolServer) => void) | undefined;
  /** Opens the connection doctor of a server the user added. */
  onDoctor?: ((shown: ShownToolServer) => void) | undefined;
  /** Lends a server the user added to all of this site's agents, to those named, or to none. */
  onAgentUse?: ((shown: ShownToolServer, agents: "all" | string[]) => void) | undefined;
  /** This site's agents, to choose from. */
  siteAgents?: readonly SiteAgent[];
}

/** Said in an open server's list while its tools load, or when they could not be listed. */
export const serverListingTexts = {
  loading: "Loading tools...",
  failed: "This server's tools could not be listed.",
} as const;

function dotColour(status: string): string {
  if (status === "running") return "bg-emerald-500";
  if (status === "error") return "bg-red-500";
  return "bg-neutral-500";
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className={`size-4 shrink-0 text-neutral-500 transition-transform duration-150 ${open ? "rotate-90" : ""}`}
    >
      <path d="M7.5 5.5 12 10l-4.5 4.5-1-1L10 10 6.5 6.5z" />
    </svg>
  );
}

/** What a tool that needs MCP's task-based execution (`execution.taskSupport: required`) says. */
export const taskOnlyNote = "Runs only as an MCP task, which this client does not support";

/** Whether a tool can only be called as an MCP task: this client calls tools directly. */
export function isTaskOnly(tool: ServerTool): boolean {
  const execution = (tool as { execution?: { taskSupport?: unknown } }).execution;
  return execution?.taskSupport === "required";
}

function ToolRow({ tool, onPick }: { tool: ServerTool; onPick?: (() => void) | undefined }) {
  const behavior = toolRenderBehavior(tool);
  const taskOnly = isTaskOnly(tool);
  return (
    <li>
      <button
        type="button"
        onClick={onPick}
        disabled={!onPick || taskOnly}
        aria-haspopup="dialog"
        aria-label={`Run ${tool.name}`}
        {...(taskOnly ? { title: taskOnlyNote } : {})}
        className="relative block w-full rounded-md px-2 py-1.5 text-left transition-colors duration-150 hover:bg-neutral-800/60 focus-visible:bg-neutral-800/60"
      >
        {/* Wraps: in a narrow column the badge moves under the name rather than cut it. */}
        <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <span
            title={tool.name}
            className="min-w-0 flex-auto font-mono text-xs text-neutral-100 [overflow-wrap:anywhere]"
          >
            {tool.name}
          </span>
          {behavior ? (
            <span className="shrink-0 rounded bg-neutral-800 px-1.5 py-0.5 text-[10px] text-neutral-300">
              <span className="sr-only">Render behaviour: </span>
              {behavior}
            </span>
          ) : null}
          <ToolHintBadges tool={tool} />
        </span>
        {tool.description ? (
          <span title={tool.description} className="mt-0.5 line-clamp-2 text-xs text-neutral-400">
            {tool.description}
          </span>
        ) : null}
        {taskOnly ? (
          <span className="mt-0.5 block text-xs text-neutral-500">{taskOnlyNote}</span>
        ) : null}
      </button>
    </li>
  );
}

/**
 * One tool server in the right column: status dot, name and a collapsible list of its tools. A
 * server that needs a signed-in user is greyed and opens the sign-in prompt instead.
 */
export function ToolServerItem({
  shown,
  tools,
  onRequireLogin,
  listing,
  onOpen,
  onPickTool,
  onRemove,
  onConnection,
  onDoctor,
  onAgentUse,
  siteAgents = [],
}: ToolServerItemProps) {
  const { server, access } = shown;
  const [expanded, setExpanded] = useState(false);
  // Set on Remove: the server's resources, prompts and log stop asking it at once.
  const [removing, setRemoving] = useState(false);
  const listId = useId();
  const nameId = useId();
  const badgeId = useId();
  const greyed = access === "login";
  // Tools this browser listed prove the server answers, whatever an earlier probe said; while
  // this site's server cannot be reached, nothing is known to run.
  const unreachable = useServerReachability((state) => state.unreachable);
  const status = unreachable
    ? unreachableStatus
    : listing === "loaded"
      ? "running"
      : listing === "error" && server.userServerId
        ? "error"
        : server.status;

  const toggle = () => {
    if (greyed) onRequireLogin(shown);
    else {
      if (!expanded) onOpen(shown);
      setExpanded(!expanded);
    }
  };

  return (
    <li
      data-access={access}
      className={`rounded-lg border border-border ${greyed ? "opacity-50" : ""}`}
    >
      <button
        type="button"
        onClick={toggle}
        aria-labelledby={nameId}
        {...(greyed
          ? // Greyed, yet not disabled: it opens the sign-in prompt.
            { "aria-haspopup": "dialog" as const, "aria-describedby": badgeId }
          : { "aria-expanded": expanded, "aria-controls": listId })}
        className="flex w-full items-center gap-1.5 rounded-lg px-1.5 py-2 text-left transition-colors duration-150 hover:bg-neutral-800/60"
      >
        {greyed ? null : <Chevron open={expanded} />}
        <span
          role="img"
          aria-label={`Status: ${status || "unknown"}`}
          title={status}
          className={`size-2 shrink-0 rounded-full ${dotColour(status)}`}
        />
        <span className="min-w-0 flex-1">
          <span
            id={nameId}
            className="line-clamp-2 text-sm font-medium text-neutral-100 [overflow-wrap:anywhere]"
          >
            {server.name}
          </span>
          {greyed ? (
            <span
              id={badgeId}
              className="mt-1 inline-block rounded bg-primary-500/20 px-1.5 py-0.5 text-[11px] font-medium text-primary-200"
            >
              {serverSignInBadge}
            </span>
          ) : null}
        </span>
        {greyed || listing !== "loaded" ? null : (
          <span title={`${tools.length} tools`} className="shrink-0 text-xs text-neutral-500">
            {tools.length}
          </span>
        )}
      </button>
      {!greyed && expanded && onRemove ? (
        <div className="flex flex-wrap items-center justify-end gap-x-2 px-3 pb-1">
          {/* Its own line: beside the buttons a narrow column left it one letter wide. */}
          {server.description ? (
            <span
              title={server.description}
              className="w-full min-w-0 truncate text-[11px] text-neutral-500"
            >
              {server.description}
            </span>
          ) : null}
          {onConnection ? (
            <button
              type="button"
              onClick={() => onConnection(shown)}
              aria-label={`Connection of ${server.name}`}
              className="shrink-0 rounded px-1.5 py-0.5 text-[11px] text-neutral-400 hover:bg-neutral-800 hover:text-neutral-100"
            >
              Connection
            </button>
          ) : null}
          {onDoctor ? (
            <button
              type="button"
              onClick={() => onDoctor(shown)}
              aria-label={`Connection doctor of ${server.name}`}
              className="shrink-0 rounded px-1.5 py-0.5 text-[11px] text-neutral-400 hover:bg-neutral-800 hover:text-neutral-100"
            >
              Doctor
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => {
              setRemoving(true);
              onRemove(shown);
            }}
            aria-label={`Remove ${server.name}`}
            className="shrink-0 rounded px-1.5 py-0.5 text-[11px] text-neutral-400 hover:bg-red-500/10 hover:text-red-300"
          >
            Remove
          </button>
        </div>
      ) : null}
      {!greyed && expanded && onAgentUse ? (
        <AgentUseChoice
          serverName={server.name}
          chosen={server.agents ?? (server.agentUse ? "all" : [])}
          agents={siteAgents}
          onChange={(agents) => onAgentUse(shown, agents)}
        />
      ) : null}
      {!greyed && expanded ? (
        <ul id={listId} aria-label={`Tools of ${server.name}`} className="space-y-0.5 px-1 pb-2">
          {listing === "loading" || listing === undefined ? (
            <li className="px-2 py-1.5 text-xs text-neutral-400">{serverListingTexts.loading}</li>
          ) : null}
          {listing === "error" ? (
            <li className="px-2 py-1.5 text-xs text-red-300">{serverListingTexts.failed}</li>
          ) : null}
          {tools.map((tool) => (
            <ToolRow
              key={tool.name}
              tool={tool}
              onPick={onPickTool ? () => onPickTool(tool, shown) : undefined}
            />
          ))}
        </ul>
      ) : null}
      {!greyed && expanded && listing === "loaded" && !removing ? (
        <ServerExtras server={server} />
      ) : null}
    </li>
  );
}
