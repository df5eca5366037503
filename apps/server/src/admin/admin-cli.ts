import { parseArgs } from "node:util";
import type { AccountSummary } from "../db/repositories/users.js";
import {
  type AdminDeps,
  AdminRefusal,
  grantAdmin,
  listAccounts,
  pruneExpired,
  revokeAdmin,
  revokeSessions,
} from "./admin-commands.js";

/** Exit codes (BSD sysexits): what a script running the command can tell apart. */
export const adminExit = {
  ok: 0,
  /** An unexpected failure (the database unreachable, say). */
  failed: 1,
  /** Unknown command, missing or extra argument, unknown option. */
  usage: 64,
  /** The command was understood but refused: an unknown e-mail, an address ADMIN_EMAILS leaves out. */
  refused: 65,
  /** The configuration does not load (as the server exits with). */
  config: 78,
} as const;

export const adminHelp = `Usage: npm run admin -- <command> [arguments]

Runs on the server, against its database (the same CONFIG, DATA_DIR or DATABASE_URL as the server).

Commands:
  grant <email>            make the account an admin (its next sign-in or token refresh carries
                           the admin scope); this is how the first admin is made
  revoke <email>           take admin away and sign the account out everywhere
  list [--admins] [--json] list the accounts (or only the admins): e-mail, username, admin since,
                           open sessions, created
  revoke-sessions <email>  sign the account out everywhere: its tokens are refused at once
  prune                    delete expired sign-in records, ended sessions and stream events past
                           STREAM_RETENTION_HOURS

Options:
  -h, --help               show this help

Exit codes: 0 done, 64 usage error, 65 refused (unknown e-mail, not in ADMIN_EMAILS),
78 configuration error, 1 other failure.
`;

/** Where the command writes: its answer, and its complaints. */
export interface AdminOutput {
  out(text: string): void;
  err(text: string): void;
}

/** Opens the database only for a command that needs it (help and usage errors do not). */
export type AdminConnect = () => Promise<AdminDeps>;

const commands = ["grant", "revoke", "list", "revoke-sessions", "prune"] as const;
type Command = (typeof commands)[number];
const takesEmail: readonly Command[] = ["grant", "revoke", "revoke-sessions"];

class UsageError extends Error {}

function parse(argv: string[]) {
  let parsed: ReturnType<typeof parseArgsOf>;
  try {
    parsed = parseArgsOf(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [name, ...rest] = parsed.positionals;
  if (parsed.values.help) return { help: true as const };
  if (name === undefined) throw new UsageError("No command given.");
  const command = commands.find((known) => known === name);
  if (!command) {
    throw new UsageError(`Unknown command "${name}". Commands: ${commands.join(", ")}.`);
  }
  const wanted = takesEmail.includes(command) ? 1 : 0;
  if (rest.length < wanted) throw new UsageError(`"${command}" needs the account's e-mail.`);
  if (rest.length > wanted) {
    throw new UsageError(`Unexpected argument "${rest[wanted]}" after "${command}".`);
  }
  const email = rest[0]?.trim() ?? "";
  if (wanted === 1 && !email.includes("@")) {
    throw new UsageError(`"${rest[0]}" is not an e-mail address.`);
  }
  if (command !== "list" && (parsed.values.admins || parsed.values.json)) {
    throw new UsageError(`--admins and --json go with "list" only.`);
  }
  return { help: false as const, command, email, values: parsed.values };
}

function parseArgsOf(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: "boolean", short: "h" },
      admins: { type: "boolean" },
      json: { type: "boolean" },
    },
  });
}

function table(accounts: AccountSummary[]): string {
  const rows = [
    ["EMAIL", "USERNAME", "ADMIN SINCE", "SESSIONS", "CREATED"],
    ...accounts.map((a) => [
      a.email ?? "",
      a.username,
      a.adminSince ?? "-",
      String(a.activeSessions),
      a.createdAt,
    ]),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

async function run(
  command: Command,
  email: string,
  values: { admins?: boolean; json?: boolean },
  deps: AdminDeps,
): Promise<string> {
  switch (command) {
    case "grant": {
      const { account, already } = await grantAdmin(deps, email);
      if (already) return `${account.email} is already an admin (since ${account.admin_since}).`;
      return `${account.email} (${account.username}) is now an admin. Its next sign-in or token refresh (within ${deps.config.auth.tokenLifetimeSeconds} s) carries the admin scope; signing out and in again gives it at once.`;
    }
    case "revoke": {
      const { account, wasAdmin, sessionsEnded } = await revokeAdmin(deps, email);
      if (!wasAdmin) return `${account.email} is not an admin; nothing changed.`;
      return `${account.email} is no longer an admin. Ended ${sessionsEnded} session(s): its tokens are refused from now on; it signs in again as an ordinary user.`;
    }
    case "revoke-sessions": {
      const { account, sessionsEnded } = await revokeSessions(deps, email);
      return `Ended ${sessionsEnded} session(s) of ${account.email}: its tokens are refused from now on, on every server.`;
    }
    case "list": {
      const accounts = await listAccounts(deps, { adminsOnly: values.admins === true });
      if (values.json) return JSON.stringify(accounts, null, 2);
      if (accounts.length === 0) return values.admins ? "No admins yet." : "No accounts yet.";
      return table(accounts);
    }
    case "prune": {
      const p = await pruneExpired(deps);
      return `Deleted ${p.challenges} passkey ceremonies, ${p.codes} authorization codes, ${p.refreshTokens} refresh tokens, ${p.sessions} ended sessions and ${p.events} stream events.`;
    }
  }
}

/**
 * Runs one admin command line (the words after `npm run admin --`) and returns its exit code.
 * Refusals and usage errors go to `err` with a clear reason; the database is opened only once
 * the line is understood.
 */
export async function runAdmin(
  argv: string[],
  output: AdminOutput,
  connect: AdminConnect,
): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.err(`${error.message}\n\n${adminHelp}`);
    return adminExit.usage;
  }
  if (parsed.help) {
    output.out(adminHelp);
    return adminExit.ok;
  }
  const deps = await connect();
  try {
    output.out(`${await run(parsed.command, parsed.email, parsed.values, deps)}\n`);
    return adminExit.ok;
  } catch (error) {
    if (!(error instanceof AdminRefusal)) throw error;
    output.err(`${error.message}\n`);
    return adminExit.refused;
  }
}
