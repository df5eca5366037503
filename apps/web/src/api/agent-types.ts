import type { AgentSignIn, CardVerification } from "@a2a-chat/contracts";

/** One skill an agent card advertises. */
export interface AgentSkill {
  id: string;
  name: string;
  description: string;
  tags: string[];
}

/** An extension an agent card declares (A2A `capabilities.extensions`). */
export interface AgentExtension {
  uri: string;
  required: boolean;
  description: string;
}

/** An MCP server an agent may use (our card extension). */
export interface AgentMcpServer {
  name: string;
  version?: string;
  endpoint?: string;
  status?: string;
}

/** Agent status values (core spec §2.7). */
export const agentStatuses = [
  "Running",
  "Stopped",
  "Starting",
  "Stopping",
  "Failed",
  "NotStarted",
  "Unknown",
] as const;
export type AgentStatus = (typeof agentStatuses)[number];

/**
 * An agent as the client knows it (core spec §3 Agent): its endpoint url plus what its card says,
 * normalised from either card shape (protocol 1.0 or 0.3). The UI never sees SDK card types.
 */
export interface Agent {
  /** The A2A endpoint; also the agent's identity in the store (adding one with the same url replaces it). */
  url: string;
  /** Which protocol to speak: from the card (a 0.3-only card means the compat client). */
  protocol: "1.0" | "0.3";
  name: string;
  /** Shown name (displayName extension, else name). */
  displayName: string;
  description: string;
  iconUrl?: string;
  version?: string;
  provider?: { organization: string; url?: string };
  capabilities: { streaming: boolean; pushNotifications: boolean; stateTransitionHistory: boolean };
  skills: AgentSkill[];
  /** Security scheme names with a short description each. */
  securitySchemes: Record<string, string>;
  /** Each entry maps a scheme name to the scopes it requires (core §6 access rules). */
  security: Record<string, string[]>[];
  documentationUrl?: string;
  systemInstructions?: string;
  status: AgentStatus;
  port?: number;
  pid?: number;
  uptimeSeconds?: number;
  /** When the card that gave `uptimeSeconds` was read (ms since the epoch): the uptime goes on. */
  uptimeReadAt?: number;
  isDefault: boolean;
  model?: string;
  mcpServers: AgentMcpServer[];
  /** For an agent the user added: the kind of credentials the server keeps for it. */
  credentialsKind?: "none" | "bearer" | "api_key" | "headers" | "basic" | "oauth";
  /** For an agent the user added: its card's security schemes and how the user signed in. */
  signIn?: AgentSignIn;
  /** The extensions its card declares. */
  extensions?: AgentExtension[];
  /** Its card says signed-in callers get an authenticated extended card. */
  extendedCard?: boolean;
  /** For an agent the user added: how its card's signatures checked out. */
  cardVerification?: CardVerification;
  /** The card as received (JSON), kept so the A2A client can start without discovery. */
  card: Record<string, unknown>;
  /** Added by the user by URL rather than listed by our registry. */
  external: boolean;
}
