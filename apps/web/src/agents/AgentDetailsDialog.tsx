import { asksForCredentials, requiredScopes } from "@a2a-chat/contracts";
import type { ReactNode } from "react";
import { agentRequiresAuth, needsCredentials, signsInItself } from "../api/agent-access.js";
import type { Agent } from "../api/agent-types.js";
import { Button } from "../lib/Button.js";
import { formatUptime } from "../lib/durations.js";
import { AgentAvatar } from "./AgentAvatar.js";
import { signInRequiredBadge } from "./AgentCard.js";
import { AgentExtensionsList } from "./AgentExtensionsList.js";
import { CardTrustBadge } from "./CardTrustBadge.js";
import { Modal } from "./Modal.js";
import { useAgentUserServers } from "./use-agent-user-servers.js";
import { useExtendedCard } from "./use-extended-card.js";

/** Skills shown before '+N more' (core spec §9). */
export const shownSkills = 3;
/** Tags shown per skill (core spec §9). */
export const shownTagsPerSkill = 3;

/** Texts of the user's own servers an agent may use. */
export const yourServersTexts = {
  title: "Your MCP servers",
  hint: "Servers you added and let this agent use (Tools column); only you see them.",
} as const;

/** Texts of the access of an agent added by URL that signs its callers in itself. */
export const ownSignInTexts = {
  saved: "Credentials saved",
  optional: "Sign-in optional",
  scopes: "Scopes it asks for:",
  hint: "The agent signs you in itself: the credentials you save under Connection are sent to it, never this site's session.",
} as const;

/** Texts of the authenticated extended card in the details. */
export const extendedCardTexts = {
  loaded: "Including the skills its extended card shows you",
  failed: "Its extended card could not be read:",
} as const;

/** Props of AgentDetailsDialog. */
export interface AgentDetailsDialogProps {
  /** The agent shown; null keeps the dialog closed. */
  agent: Agent | null;
  onClose: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="mt-4">
      <h3 className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-neutral-400">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Chip({ children, tone = "neutral" }: { children: ReactNode; tone?: "neutral" | "good" }) {
  const colours =
    tone === "good" ? "bg-emerald-500/15 text-emerald-300" : "bg-neutral-800 text-neutral-300";
  return <span className={`rounded px-1.5 py-0.5 text-[11px] ${colours}`}>{children}</span>;
}

const external = { target: "_blank", rel: "noopener noreferrer" } as const;

function ProviderLink({ organization, url }: { organization: string; url?: string }) {
  if (!url) return <>{organization}</>;
  return (
    <a href={url} {...external} className="text-primary-300 underline">
      {organization}
    </a>
  );
}

function Overview({ agent }: { agent: Agent }) {
  const rows: [string, ReactNode][] = [["Status", agent.status]];
  if (agent.port !== undefined) rows.push(["Port", agent.port]);
  if (agent.uptimeSeconds !== undefined) {
    // The card's uptime as of when it was read, plus the time since: it goes on counting.
    const since = agent.uptimeReadAt === undefined ? 0 : (Date.now() - agent.uptimeReadAt) / 1000;
    rows.push(["Uptime", formatUptime(agent.uptimeSeconds + Math.max(0, Math.floor(since)))]);
  }
  if (agent.version) rows.push(["Version", agent.version]);
  if (agent.model) rows.push(["Model", agent.model]);
  if (agent.provider) rows.push(["Provider", <ProviderLink key="provider" {...agent.provider} />]);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-neutral-400">{label}</dt>
          <dd className="text-neutral-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The access badge: this site's rules (core spec §6), or an added agent's own sign-in. */
function accessLabel(agent: Agent): { text: string; open: boolean } {
  if (!agentRequiresAuth(agent)) return { text: "Public", open: true };
  if (!signsInItself(agent)) return { text: "Authentication required", open: false };
  if (!asksForCredentials(Object.keys(agent.securitySchemes), agent.security))
    return { text: ownSignInTexts.optional, open: true };
  if (needsCredentials(agent)) return { text: signInRequiredBadge, open: false };
  return { text: ownSignInTexts.saved, open: true };
}

function Access({ agent }: { agent: Agent }) {
  const label = accessLabel(agent);
  const own = signsInItself(agent) && agentRequiresAuth(agent);
  const scopes = requiredScopes(agent.security);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span
        className={`rounded px-2 py-0.5 text-xs font-medium ${
          label.open ? "bg-emerald-500/15 text-emerald-300" : "bg-primary-500/20 text-primary-200"
        }`}
      >
        {label.text}
      </span>
      {scopes.length > 0 ? (
        <span className="text-neutral-300">
          {own ? ownSignInTexts.scopes : "Required scopes:"}{" "}
          {scopes.map((scope) => (
            <code key={scope} className="mr-1 rounded bg-neutral-800 px-1 text-xs">
              {scope}
            </code>
          ))}
        </span>
      ) : null}
      {own ? <p className="w-full text-xs text-neutral-400">{ownSignInTexts.hint}</p> : null}
    </div>
  );
}

function Capabilities({ agent }: { agent: Agent }) {
  const items: [string, boolean][] = [
    ["Streaming", agent.capabilities.streaming],
    ["Push", agent.capabilities.pushNotifications],
    ["History", agent.capabilities.stateTransitionHistory],
  ];
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map(([label, on]) => (
        <li
          key={label}
          data-supported={on}
          className={`rounded px-2 py-0.5 text-xs ${
            on
              ? "bg-primary-500/20 text-primary-200"
              : "bg-neutral-800 text-neutral-500 line-through"
          }`}
        >
          {label}
          <span className="sr-only">{on ? " (supported)" : " (not supported)"}</span>
        </li>
      ))}
    </ul>
  );
}

function Skills({ agent }: { agent: Pick<Agent, "skills"> }) {
  const hidden = agent.skills.length - shownSkills;
  return (
    <ul className="space-y-2">
      {agent.skills.slice(0, shownSkills).map((skill) => (
        <li key={skill.id} className="rounded border border-border p-2">
          <div className="text-sm font-medium text-neutral-100">{skill.name}</div>
          {skill.description ? (
            <p className="text-xs text-neutral-400">{skill.description}</p>
          ) : null}
          {skill.tags.length > 0 ? (
            <div className="mt-1 flex flex-wrap gap-1">
              {skill.tags.slice(0, shownTagsPerSkill).map((tag) => (
                <Chip key={tag}>{tag}</Chip>
              ))}
            </div>
          ) : null}
        </li>
      ))}
      {hidden > 0 ? <li className="text-xs text-neutral-400">+{hidden} more</li> : null}
    </ul>
  );
}

/** Everything an agent card says, in a dialog (core spec §2.7). */
export function AgentDetailsDialog({ agent, onClose }: AgentDetailsDialogProps) {
  const schemes = Object.entries(agent?.securitySchemes ?? {});
  const userServers = useAgentUserServers(agent);
  const extended = useExtendedCard(agent);
  const skills = extended.state === "loaded" ? extended.card.skills : (agent?.skills ?? []);
  return (
    <Modal
      open={agent !== null}
      onClose={onClose}
      size="lg"
      title={agent?.displayName ?? ""}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {agent ? (
        <>
          <div className="flex items-start gap-3">
            <AgentAvatar name={agent.displayName} seed={agent.name} size="lg" />
            <div className="min-w-0">
              {agent.description ? (
                <p className="text-sm text-neutral-300">{agent.description}</p>
              ) : null}
              <p className="mt-1 break-all text-xs text-neutral-500">{agent.url}</p>
              <div className="mt-1">
                <CardTrustBadge verification={agent.cardVerification} />
              </div>
            </div>
          </div>
          <Section title="Access">
            <Access agent={agent} />
          </Section>
          <Section title="Overview">
            <Overview agent={agent} />
          </Section>
          {agent.systemInstructions ? (
            <Section title="System instructions">
              <pre className="max-h-48 overflow-y-auto whitespace-pre-wrap rounded bg-surface p-2 text-xs text-neutral-300">
                {agent.systemInstructions}
              </pre>
            </Section>
          ) : null}
          <Section title="Capabilities">
            <Capabilities agent={agent} />
          </Section>
          {agent.mcpServers.length > 0 ? (
            <Section title="MCP servers">
              <ul className="space-y-1">
                {agent.mcpServers.map((server) => (
                  <li key={server.name} className="flex items-center gap-2 text-sm">
                    <span className="text-neutral-100">{server.name}</span>
                    {server.version ? (
                      <span className="text-xs text-neutral-500">v{server.version}</span>
                    ) : null}
                    <Chip tone="good">Active</Chip>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
          {userServers.length > 0 ? (
            <Section title={yourServersTexts.title}>
              <p className="mb-1 text-xs text-neutral-400">{yourServersTexts.hint}</p>
              <ul className="space-y-1">
                {userServers.map((server) => (
                  <li key={server.id} className="text-sm text-neutral-100">
                    {server.name}
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
          {skills.length > 0 || extended.state === "failed" ? (
            <Section title="Skills">
              {extended.state === "loaded" ? (
                <div className="mb-1.5 flex flex-wrap items-center gap-2">
                  <p className="text-xs text-neutral-400">{extendedCardTexts.loaded}</p>
                  <CardTrustBadge verification={extended.card.verification} />
                </div>
              ) : null}
              {extended.state === "failed" ? (
                <p className="mb-1.5 text-xs text-amber-200">
                  {extendedCardTexts.failed} {extended.message}
                </p>
              ) : null}
              <Skills agent={{ skills }} />
            </Section>
          ) : null}
          {(agent.extensions ?? []).length > 0 ? (
            <Section title="Extensions">
              <AgentExtensionsList extensions={agent.extensions ?? []} />
            </Section>
          ) : null}
          {schemes.length > 0 ? (
            <Section title="Security schemes">
              <dl className="space-y-1 text-sm">
                {schemes.map(([name, description]) => (
                  <div key={name}>
                    <dt className="inline font-mono text-neutral-100">{name}</dt>
                    <dd className="ml-2 inline text-neutral-400">{description}</dd>
                  </div>
                ))}
              </dl>
            </Section>
          ) : null}
          {agent.documentationUrl ? (
            <p className="mt-4 text-sm">
              <a href={agent.documentationUrl} {...external} className="text-primary-300 underline">
                Documentation
              </a>
            </p>
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
