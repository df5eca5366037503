import type { ColumnType, Insertable, Selectable, Updateable } from "kysely";

/** ISO-8601 UTC timestamp text, the same in both dialects so ordering and parsing agree. */
export type Timestamp = string;

export type UserType = "anon" | "authenticated";

export interface UsersTable {
  id: string;
  user_type: UserType;
  username: string;
  email: string | null;
  full_name: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
  /** When the admin command made this account an admin; null: not an admin. */
  admin_since: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** Id of the newest event in this user's log (bigint: pg returns it as a string). */
  last_event_seq: ColumnType<string | number, number | undefined, number>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  /** When a token was last issued for this session. */
  renewed_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface RateLimitsTable {
  key: string;
  /** Window start in epoch milliseconds. */
  window_start: ColumnType<number, number, number>;
  count: number;
}

export interface ContextsTable {
  id: string;
  user_id: string;
  name: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
  message_count: ColumnType<number, number | undefined, number>;
  task_count: ColumnType<number, number | undefined, number>;
  last_message_at: Timestamp | null;
  /** Bytes of its messages' and artifacts' JSON text (bigint: PostgreSQL reads it as text). */
  storage_bytes: ColumnType<string | number, number | undefined, number>;
  /** The last task of the branch chosen for the conversation (null: none, or before the first). */
  leaf_task_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The conversation stops before this message of its leaf task: the next task forks there. */
  leaf_cut_message_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface EventsTable {
  user_id: string;
  seq: ColumnType<string | number, number, never>;
  event_type: string;
  context_id: string | null;
  /** The event's data as JSON text. */
  data: string;
  created_at: Timestamp;
}

export interface TasksTable {
  id: string;
  user_id: string;
  context_id: string;
  agent_name: string;
  task_type: string;
  state: string;
  status_timestamp: Timestamp;
  /** The status message as JSON text, if the status came with one. */
  status_message: string | null;
  /** The task's metadata as JSON text. */
  metadata: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
  /** The server process running the task (see agents/task-runs.ts), while it runs. */
  runner: ColumnType<string | null, string | null | undefined, string | null>;
  /** Until when the runner's claim holds unless renewed; past it, the runner is taken for dead. */
  lease_until: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** Message id of the reply being streamed. */
  reply_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The reply's text so far, saved at a bounded interval while it streams. */
  reply_text: ColumnType<string | null, string | null | undefined, string | null>;
  /** The task this one follows in its conversation (null: the first); siblings are branches. */
  parent_task_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A task that forks inside its parent follows the parent only up to (not with) this message. */
  branch_message_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface MessagesTable {
  id: string;
  user_id: string;
  context_id: string;
  task_id: string | null;
  role: string;
  /** The message parts as JSON text. */
  parts: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
}

export interface ArtifactsTable {
  id: string;
  user_id: string;
  context_id: string;
  task_id: string | null;
  name: string | null;
  description: string | null;
  /** The artifact parts as JSON text. */
  parts: string;
  /** The artifact metadata as JSON text. */
  metadata: string;
  artifact_type: string;
  fingerprint: string | null;
  created_at: Timestamp;
}

export interface ToolExecutionsTable {
  id: string;
  user_id: string;
  context_id: string | null;
  task_id: string | null;
  server_name: string;
  server_endpoint: string;
  tool_name: string;
  /** The tool's arguments as JSON text. */
  input: string;
  /** The raw tool result as JSON text, once it ended. */
  output: string | null;
  status: string;
  error: string | null;
  render_behavior: string | null;
  started_at: ColumnType<Timestamp, Timestamp, never>;
  completed_at: Timestamp | null;
  execution_time_ms: number | null;
  trace_id: string | null;
  artifact_id: string | null;
}

/** One analytics event of the website: a page view, an engagement or a share. */
export interface SiteEventsTable {
  id: string;
  event_type: "view" | "engagement" | "share";
  content_id: string;
  session_id: string | null;
  user_id: string | null;
  /** The referrer as the page reported it, kept so it can be classified again. */
  referrer_url: string | null;
  /** The referrer source as the page reported it. */
  referrer_source: string | null;
  /** The server's classification of referrer_url (views only). */
  referrer_class: string | null;
  user_agent: string | null;
  /** 1 when the request came from a crawler or other bot. */
  is_bot: number;
  time_on_page_seconds: number | null;
  scroll_depth_percent: number | null;
  platform: string | null;
  created_at: Timestamp;
}

/** A passkey: its id and public key are base64url text; counter is bigint (text on PostgreSQL). */
export interface WebauthnCredentialsTable {
  id: string;
  user_id: string;
  public_key: string;
  counter: ColumnType<string | number, number, number>;
  /** The authenticator's transports as a JSON list. */
  transports: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  last_used_at: Timestamp | null;
}

/** One WebAuthn ceremony: used once by finish, then (verified) completed once into a code. */
export interface WebauthnChallengesTable {
  id: string;
  kind: "registration" | "authentication";
  challenge: string;
  email: string;
  username: string | null;
  full_name: string | null;
  /** Registration: the id the new account will get (the passkey's user handle). */
  new_user_id: string | null;
  oauth_state: string | null;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** The verified user, set when finish succeeded. */
  user_id: string | null;
  verified_at: Timestamp | null;
  completed_at: Timestamp | null;
}

export interface OauthCodesTable {
  code_hash: string;
  user_id: string;
  client_id: string;
  redirect_uri: string;
  scope: string;
  code_challenge: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  user_id: string;
  client_id: string;
  scope: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  expires_at: Timestamp;
  rotated_at: Timestamp | null;
}

/** Every table the server stores, keyed by table name. */
/** One agent of this site a user lets call the tools of one of their MCP servers. */
export interface ExternalMcpServerAgentsTable {
  server_id: string;
  /** The server's owner (every read is scoped to one user). */
  user_id: string;
  agent_name: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
}

export interface ExternalMcpServersTable {
  id: string;
  user_id: string;
  /** The name shown in the Tools column, unique per user. */
  name: string;
  /** The full endpoint URL the user gave. */
  url: string;
  /** "streamable_http" (falling back to legacy SSE) or "sse". */
  transport: string;
  /** Encrypted credentials (see proxy/secret-box.ts), or null for none. */
  credentials: string | null;
  /** Longest a call may take, in milliseconds. */
  timeout_ms: number;
  /**
   * Which of this site's agents may call its tools in the user's conversations: 0 none, 1 all,
   * 2 the agents named in external_mcp_server_agents.
   */
  agent_use: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

export interface ExternalAgentsTable {
  id: string;
  user_id: string;
  /** The base URL the user added, normalised (no trailing slash). */
  url: string;
  /** The agent card as discovered, JSON text. */
  card: string;
  /** The protocol spoken to the agent: "1.0" or "0.3". */
  protocol: string;
  /** The JSON-RPC endpoint chosen from the card. */
  endpoint: string;
  /** Encrypted credentials (see proxy/secret-box.ts), or null for none. */
  credentials: string | null;
  /** How the card's signatures checked out (JSON of CardVerification); null before 0042. */
  card_verification: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  updated_at: Timestamp;
}

/** A file a user uploaded into a conversation; its bytes are in file_chunks. */
export interface FilesTable {
  id: string;
  user_id: string;
  context_id: string;
  name: string;
  mime_type: string;
  /** bigint: pg returns it as a string. */
  size: ColumnType<string | number, number, number>;
  /** 1 once every byte is stored; 0 while the upload runs. */
  complete: number;
  created_at: ColumnType<Timestamp, Timestamp, never>;
}

/** One numbered piece of a file's bytes. */
export interface FileChunksTable {
  file_id: string;
  seq: number;
  data: Uint8Array;
}

/** A request an MCP server sent to the user during a tool call (migration 0031). */
export interface McpRequestsTable {
  id: string;
  user_id: string;
  /** "elicitation" or "sampling". */
  kind: string;
  server_name: string;
  context_id: string | null;
  task_id: string | null;
  /** The request's params, JSON text. */
  params: string;
  /** "pending", "answered", "expired" or "cancelled". */
  status: string;
  /** The user's answer, JSON text, once answered. */
  answer: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  answered_at: Timestamp | null;
}

/** A read-only snapshot link of a conversation; the id is the link's secret token. */
export interface SharesTable {
  id: string;
  user_id: string;
  context_id: string;
  /** The last message the snapshot holds; null: the whole conversation as it was. */
  up_to_message_id: string | null;
  /** The conversation's name when it was shared. */
  name: string;
  /** The snapshot (a SharedConversation) as JSON text. */
  snapshot: string;
  created_at: ColumnType<Timestamp, Timestamp, never>;
}

/** The MCP logging level a user set on a built-in server (its servers keep no sessions). */
export interface McpLogLevelsTable {
  user_id: string;
  server_name: string;
  level: string;
  updated_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  contexts: ContextsTable;
  events: EventsTable;
  tasks: TasksTable;
  messages: MessagesTable;
  artifacts: ArtifactsTable;
  tool_executions: ToolExecutionsTable;
  site_events: SiteEventsTable;
  webauthn_credentials: WebauthnCredentialsTable;
  webauthn_challenges: WebauthnChallengesTable;
  oauth_codes: OauthCodesTable;
  refresh_tokens: RefreshTokensTable;
  external_agents: ExternalAgentsTable;
  external_mcp_servers: ExternalMcpServersTable;
  external_mcp_server_agents: ExternalMcpServerAgentsTable;
  files: FilesTable;
  file_chunks: FileChunksTable;
  mcp_requests: McpRequestsTable;
  shares: SharesTable;
  mcp_log_levels: McpLogLevelsTable;
}

export type FileRow = Selectable<FilesTable>;

export type ContextRow = Selectable<ContextsTable>;
export type EventRow = Selectable<EventsTable>;

export type TaskRow = Selectable<TasksTable>;
export type MessageRow = Selectable<MessagesTable>;
export type ArtifactRow = Selectable<ArtifactsTable>;
export type ToolExecutionRow = Selectable<ToolExecutionsTable>;

export type SessionRow = Selectable<SessionsTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export type ShareRow = Selectable<SharesTable>;
