import type { ListTasksRequest, ListTasksResponse } from "@a2a-js/sdk";
import { RequestMalformedError } from "@a2a-js/sdk/errors";
import type { AuthContext } from "../auth/auth-context.js";
import { TasksRepository } from "../db/repositories/tasks.js";
import type { Services } from "../http/services.js";
import { loadTasks } from "../tasks/load-tasks.js";
import { stateFromSdk, taskToSdk } from "./sdk-convert.js";

/** Refusal of a page token this server did not hand out. */
export const badPageTokenMessage = "pageToken is not one this server returned";

/** Page size when a ListTasks call names none (the A2A default). */
const defaultPageSize = 50;

/** The opaque page token: where the page ended, in list order (status time, then id). */
function encodeToken(statusTimestamp: string, id: string): string {
  return Buffer.from(JSON.stringify([statusTimestamp, id])).toString("base64url");
}

function decodeToken(token: string): { statusTimestamp: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      typeof value[1] === "string"
    )
      return { statusTimestamp: value[0], id: value[1] };
  } catch {
    // falls through to the refusal
  }
  throw new RequestMalformedError(badPageTokenMessage);
}

/**
 * A2A ListTasks: the caller's tasks with this agent, latest status change first, filtered by
 * conversation, state and status time, in pages linked by an opaque token. Artifacts are left
 * out unless asked for; the SDK trims histories to historyLength.
 */
export async function listAgentTasks(
  services: Services,
  agentName: string,
  caller: Pick<AuthContext, "userId">,
  params: ListTasksRequest,
): Promise<ListTasksResponse> {
  const pageSize = params.pageSize ?? defaultPageSize;
  const state = params.status ? stateFromSdk(params.status) : undefined;
  const after = params.pageToken ? decodeToken(params.pageToken) : undefined;
  const { rows, total } = await new TasksRepository(services.db.kysely).pageForAgent(
    {
      userId: caller.userId,
      agentName,
      ...(params.contextId ? { contextId: params.contextId } : {}),
      ...(state ? { state } : {}),
      ...(params.statusTimestampAfter
        ? { statusSince: new Date(params.statusTimestampAfter).toISOString() }
        : {}),
    },
    pageSize + 1,
    after,
  );
  const page = rows.slice(0, pageSize);
  const tasks = (await loadTasks(services.db.kysely, page, services.logger)).map((task) => {
    const sdk = taskToSdk(task);
    return params.includeArtifacts ? sdk : { ...sdk, artifacts: [] };
  });
  const last = page.at(-1);
  return {
    tasks,
    nextPageToken:
      rows.length > pageSize && last ? encodeToken(last.status_timestamp, last.id) : "",
    pageSize,
    totalSize: total,
  };
}
