import { z } from "zod";
import { type agentConfigSchema, agentListSchema, defaultAgents } from "./agents-schema.js";
import { mcpConfigSchema } from "./mcp-schema.js";
import { siteConfigSchema } from "./site-schema.js";

/** A list from YAML, or a comma-separated string from the environment. */
const commaList = z.preprocess(
  (value) =>
    typeof value === "string"
      ? value
          .split(",")
          .map((item) => item.trim())
          .filter((item) => item !== "")
      : value,
  z.array(z.string().min(1)),
);

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** The validated server configuration: config file values overlaid with environment variables. */
export const configSchema = z
  .object({
    server: z
      .object({
        host: z.string().min(1).default("127.0.0.1"),
        port: z.coerce.number().int().min(0).max(65535).default(8080),
        /** Origin the product is reached at; used for links, cookies and token issuers. */
        publicUrl: z.url({ protocol: /^https?$/ }).optional(),
        /** Largest accepted request body on API routes, in bytes. */
        bodyLimitBytes: z.coerce.number().int().min(1024).max(104_857_600).default(1_048_576),
        /**
         * Most JSON values (the body, every array element and object member) an API body may
         * hold; parsing costs per value, so this bounds how long one body holds the event loop.
         */
        bodyMaxJsonValues: z.coerce.number().int().min(100).max(10_000_000).default(20_000),
        /** How long in-flight requests may run after a shutdown signal before being cut. */
        shutdownTimeoutMs: z.coerce.number().int().min(0).max(600_000).default(10_000),
        /**
         * After a shutdown signal: how long running agent replies may go on finishing (new ones
         * are refused) before the rest are ended, their text so far kept.
         */
        drainTimeoutMs: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
        /**
         * How long an idle keep-alive connection stays open. Above the idle timeout of whatever
         * reuses connections to the server (nginx's upstream keepalive and most load balancers
         * hold them 60 s). With Node's own 5 s, the server could close a connection the proxy
         * still counted as open, and a request sent on it as it closed failed (a 502 for a POST
         * behind a proxy; seen once in CI with undici's pool).
         */
        keepAliveTimeoutMs: z.coerce.number().int().min(1000).max(3_600_000).default(65_000),
        /** How long GET /api/v1/health waits for the database before answering "degraded". */
        healthTimeoutMs: z.coerce.number().int().min(50).max(60_000).default(1000),
        /** Folder with the built web app; defaults to apps/web/dist beside the server. */
        webDir: z.string().min(1).optional(),
        /**
         * Reverse proxies in front of the server that append to X-Forwarded-For; 0 trusts none and
         * uses the socket address as the client IP.
         */
        trustProxyHops: z.coerce.number().int().min(0).max(10).default(0),
        /**
         * Host names (besides PUBLIC_URL's, localhost and IP addresses) the MCP endpoints answer
         * to; a request naming any other host is refused, against DNS rebinding.
         */
        allowedHosts: commaList.default([]),
      })
      .strict()
      .prefault({}),
    database: z
      .object({
        /** Folder for the embedded SQLite database and generated keys. */
        dataDir: z.string().min(1).default("./data"),
        /** postgres:// URL; when set, PostgreSQL is used instead of SQLite. */
        url: z
          .string()
          .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
          .optional(),
        /** PostgreSQL schema to keep the tables in (created if missing). */
        schema: z
          .string()
          .regex(/^[a-z_][a-z0-9_]{0,62}$/, "must be a lower-case SQL identifier")
          .default("public"),
        /**
         * SQLite: most memory its page cache may hold, in MB. better-sqlite3 builds SQLite with
         * 16 MB; the cache fills as the file grows, so a busy server's memory crept up for an
         * hour (issue 41). The operating system caches the file as well, so a smaller cache costs
         * a system call per page it misses, not a disk read.
         */
        sqliteCacheMb: z.coerce.number().int().min(1).max(4096).default(2),
        /** Largest number of pooled PostgreSQL connections per process. */
        poolSize: z.coerce.number().int().min(1).max(200).default(10),
        /** PostgreSQL: longest one statement may run before it is cancelled; 0 = no limit. */
        statementTimeoutMs: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
        /** Longest a statement waits for a lock (SQLite: a busy file) before failing; 0 = no limit. */
        lockTimeoutMs: z.coerce.number().int().min(0).max(600_000).default(3000),
        /**
         * PostgreSQL: longest a request waits for a pooled connection (and for opening one); 0 =
         * no limit. Under overload requests queue for the pool rather than fail: this is their
         * deadline, not a target.
         */
        acquireTimeoutMs: z.coerce.number().int().min(0).max(600_000).default(120_000),
      })
      .strict()
      .prefault({}),
    auth: z
      .object({
        /** Lifetime of every session token; expires_in always equals it. */
        tokenLifetimeSeconds: z.coerce.number().int().min(60).max(86_400).default(3600),
        /** JSON file with the ES256 signing key; generated on first start when missing. */
        signingKeyPath: z.string().min(1).optional(),
        /** Token issuer (iss); defaults to the public URL, else "a2a-chat". */
        issuer: z.string().min(1).optional(),
        /** Token audience (aud). */
        audience: z.string().min(1).default("a2a-chat"),
        /** How long an anonymous visitor may renew an expired token and keep the same identity. */
        anonymousRenewalDays: z.coerce.number().int().min(0).max(3650).default(30),
        /** How long a signed-in person's refresh token lasts (each use rotates it). */
        refreshTokenDays: z.coerce.number().int().min(1).max(365).default(30),
        /**
         * Allow-list of the e-mails that may be admins; empty: any account. Being listed makes no
         * one an admin: the admin command (`npm run admin -- grant <email>`) does, and a granted
         * account outside a non-empty list is no admin (read at every sign-in and refresh).
         */
        adminEmails: commaList.default([]),
        /** OAuth clients of the passkey flow; a relative redirect URI is on this site's origin. */
        clients: z
          .array(
            z
              .object({
                id: z
                  .string()
                  .regex(/^[A-Za-z0-9_.-]{1,100}$/, "must be 1-100 letters, digits, _ . -"),
                redirectUris: z.array(z.string().min(1)).min(1),
              })
              .strict(),
          )
          .default([{ id: "sp_web", redirectUris: ["/auth/callback"] }]),
      })
      .strict()
      .prefault({}),
    rateLimit: z
      .object({
        /** Length of one counting window. */
        windowSeconds: z.coerce.number().int().min(1).max(86_400).default(60),
        /** Anonymous sessions one IP may create per window; 0 turns the limit off. */
        anonymousSessionsPerIp: z.coerce.number().int().min(0).default(30),
        /** API requests one user may make per window; 0 turns the limit off. */
        apiRequestsPerUser: z.coerce.number().int().min(0).default(600),
        /** Requests without a valid token (public endpoints, bad tokens) per IP per window; 0 = off. */
        publicRequestsPerIp: z.coerce.number().int().min(0).default(600),
        /** Website analytics events one IP may send per window; 0 turns the limit off. */
        analyticsEventsPerIp: z.coerce.number().int().min(0).default(120),
        /** Passkey (WebAuthn) requests one IP may make per window; 0 turns the limit off. */
        passkeyRequestsPerIp: z.coerce.number().int().min(0).default(60),
        /** Passkey sign-ins (auth/start) one e-mail may begin per window; 0 turns the limit off. */
        passkeySignInsPerEmail: z.coerce.number().int().min(0).default(10),
      })
      .strict()
      .prefault({}),
    stream: z
      .object({
        /** How long events stay in the log for clients resuming with Last-Event-ID. */
        retentionHours: z.coerce
          .number()
          .min(0.01)
          .max(24 * 365)
          .default(24),
        /** Seconds between heartbeats on an idle stream (the spec's value is 15). */
        heartbeatSeconds: z.coerce.number().int().min(1).max(300).default(15),
        /** Unread bytes of a client past which its stream waits for it to read. */
        maxBufferBytes: z.coerce.number().int().min(4096).max(67_108_864).default(262_144),
        /** How long a client may leave that much unread before its stream is dropped. */
        stallTimeoutSeconds: z.coerce.number().min(0.1).max(3600).default(30),
        /** Live stream connections one user may hold on one server process. */
        maxConnectionsPerUser: z.coerce.number().int().min(1).max(1000).default(10),
        /** Conversations in a stream's snapshot: the most recently updated ones. */
        snapshotMaxConversations: z.coerce.number().int().min(1).max(10_000).default(200),
      })
      .strict()
      .prefault({}),
    runs: z
      .object({
        /**
         * How long a server's claim on a running task holds without renewal (renewed every third
         * of it): a task whose claim ran out has lost its server, and any replica ends it.
         */
        leaseSeconds: z.coerce.number().min(1).max(3600).default(30),
        /** How often a streaming reply's text so far is saved (it survives a crash up to this). */
        replySaveIntervalMs: z.coerce.number().int().min(50).max(60_000).default(1000),
      })
      .strict()
      .prefault({}),
    providers: z
      .object({
        openai: z
          .object({ apiKey: z.string().min(1).optional(), baseUrl: z.url().optional() })
          .strict()
          .prefault({}),
        anthropic: z
          .object({ apiKey: z.string().min(1).optional() })
          .strict()
          .prefault({}),
        google: z
          .object({ apiKey: z.string().min(1).optional() })
          .strict()
          .prefault({}),
        /** Any OpenAI-compatible server: Ollama, vLLM, llama.cpp, LM Studio. */
        compatible: z
          .object({
            baseUrl: z.url().optional(),
            apiKey: z.string().min(1).optional(),
            /** Model used when an agent names none. */
            model: z.string().min(1).optional(),
          })
          .strict()
          .prefault({}),
      })
      .strict()
      .prefault({}),
    /** Requests the server makes to URLs users supply (push notification URLs…). */
    outbound: z
      .object({
        /**
         * Host names, addresses or CIDR ranges that may be reached although loopback, private,
         * link-local or metadata addresses are refused otherwise.
         */
        allowHosts: commaList.default([]),
        /** Whole-exchange limit of one outbound request. */
        timeoutMs: z.coerce.number().int().min(100).max(60_000).default(5000),
        /** Largest response body read. */
        maxBytes: z.coerce.number().int().min(1024).max(10_485_760).default(1_048_576),
        /** Redirects followed, each re-vetted; 0 follows none. */
        maxRedirects: z.coerce.number().int().min(0).max(10).default(3),
        /**
         * Key (32 bytes, base64) that encrypts the credentials users store for the agents they
         * add; unset, only agents without credentials can be added.
         */
        credentialsKey: z
          .string()
          .refine((key) => Buffer.from(key, "base64").length === 32, "must be 32 bytes in base64")
          .optional(),
      })
      .strict()
      .prefault({}),
    /** What one user may store; 0 turns a limit off. */
    quotas: z
      .object({
        /** Conversations one user may hold. */
        conversationsPerUser: z.coerce.number().int().min(0).default(1000),
        /** Largest message (its parts as JSON) or push notification a user may send, in bytes. */
        messageBytes: z.coerce.number().int().min(0).default(524_288),
        /**
         * Largest reply one agent turn may stream (its text, UTF-8), in bytes: past it the agent
         * is no longer read and the task fails with the text up to the limit. The reply's last
         * event repeats it whole, and A2A clients (the SDK's) refuse an event over 4 MiB.
         */
        replyBytes: z.coerce.number().int().min(0).default(1_048_576),
        /**
         * Longest one agent turn may run, in seconds: past it the agent is no longer read and the
         * task fails with the text so far (an agent streaming only progress updates is cut too).
         */
        replySeconds: z.coerce.number().int().min(0).default(1800),
        /**
         * Longest a user-added agent may send nothing (no event at all) during a turn, in
         * seconds: then its turn ends as failed, its text so far kept, with a reason naming it.
         */
        agentIdleSeconds: z.coerce.number().int().min(1).max(86_400).default(120),
        /** Bytes of messages and artifacts one user's conversations may hold. */
        storageBytesPerUser: z.coerce.number().int().min(0).default(104_857_600),
        /** Largest file a user may upload (attachments are uploaded once, then linked), in bytes. */
        fileBytes: z.coerce.number().int().min(0).default(26_214_400),
      })
      .strict()
      .prefault({}),
    agents: agentListSchema.prefault(defaultAgents),
    /** Built-in MCP servers (enable, scopes) and external MCP servers. */
    mcp: mcpConfigSchema.prefault({}),
    /** The website's contact details (read at build time). */
    site: siteConfigSchema.prefault({}),
    /**
     * Prometheus metrics at /metrics, off unless a token or a port is set: with a token the main
     * port serves them to a bearer of it; with a port they are served there alone (on the
     * configured host), without a token unless one is set too.
     */
    metrics: z
      .object({
        token: z
          .string()
          .min(16, "must be at least 16 characters")
          .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
          .optional(),
        port: z.coerce.number().int().min(1).max(65535).optional(),
      })
      .strict()
      .prefault({}),
    log: z
      .object({
        level: z.enum(logLevels).default("info"),
      })
      .strict()
      .prefault({}),
  })
  .strict();

/** The validated server configuration. */
export type Config = z.infer<typeof configSchema>;
/** One agent as declared in the config. */
export type AgentConfig = z.infer<typeof agentConfigSchema>;

/** Config as written in a file, before defaults are applied. */
export type ConfigInput = z.input<typeof configSchema>;
