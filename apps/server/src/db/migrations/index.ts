import type { Migration } from "kysely";
import * as m0001 from "./0001_users.js";
import * as m0002 from "./0002_sessions_rate_limits.js";
import * as m0003 from "./0003_contexts_events.js";
import * as m0004 from "./0004_tasks_messages_artifacts.js";
import * as m0005 from "./0005_tool_executions.js";
import * as m0006 from "./0006_tasks_context_created.js";
import * as m0007 from "./0007_messages_user_scoped_ids.js";
import * as m0008 from "./0008_contexts_storage_bytes.js";
import * as m0009 from "./0009_accounts.js";
import * as m0010 from "./0010_task_runs.js";
import * as m0013 from "./0013_site_events.js";
import * as m0014 from "./0014_external_agents.js";
import * as m0015 from "./0015_files.js";
import * as m0016 from "./0016_external_mcp_servers.js";
import * as m0017 from "./0017_sign_in_expiry_indexes.js";
import * as m0019 from "./0019_mcp_servers_agent_use.js";
import * as m0021 from "./0021_mcp_server_agents.js";
import * as m0024 from "./0024_account_admins.js";
import * as m0031 from "./0031_mcp_requests.js";
import * as m0034 from "./0034_task_branches.js";
import * as m0035 from "./0035_search_index.js";
import * as m0036 from "./0036_shares.js";
import * as m0039 from "./0039_mcp_log_levels.js";
import * as m0040 from "./0040_search_owner_mid_task_branches.js";
import * as m0042 from "./0042_card_verification.js";

/**
 * Every migration in apply order. Listed statically (not read from disk) so the bundled server
 * carries them; names sort in the order they must run.
 */
export const migrations: Record<string, Migration> = {
  "0001_users": m0001,
  "0002_sessions_rate_limits": m0002,
  "0003_contexts_events": m0003,
  "0004_tasks_messages_artifacts": m0004,
  "0005_tool_executions": m0005,
  "0006_tasks_context_created": m0006,
  "0007_messages_user_scoped_ids": m0007,
  "0008_contexts_storage_bytes": m0008,
  "0009_accounts": m0009,
  "0010_task_runs": m0010,
  "0013_site_events": m0013,
  "0014_external_agents": m0014,
  "0015_files": m0015,
  "0016_external_mcp_servers": m0016,
  "0017_sign_in_expiry_indexes": m0017,
  "0019_mcp_servers_agent_use": m0019,
  "0021_mcp_server_agents": m0021,
  "0024_account_admins": m0024,
  "0031_mcp_requests": m0031,
  "0034_task_branches": m0034,
  "0035_search_index": m0035,
  "0036_shares": m0036,
  "0039_mcp_log_levels": m0039,
  "0040_search_owner_mid_task_branches": m0040,
  "0042_card_verification": m0042,
};
