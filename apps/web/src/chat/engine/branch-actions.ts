import type { Agent } from "../../api/agent-types.js";
import { toApiError } from "../../lib/api-error.js";
import {
  chooseBranchRequest,
  contextRecordRequest,
  forkContextRequest,
} from "../../lib/branch-api.js";
import { logger } from "../../lib/logger.js";
import { useBranchStore } from "../../stores/branch-store.js";
import { useContextsStore } from "../../stores/contexts-store.js";
import type { OutgoingFile } from "../model/chat-types.js";
import { useChatStore } from "./chat-store.js";
import { sendMessage } from "./send-actions.js";

/** Error texts of branch actions. */
export const branchMessages = {
  switchFailed: (reason: string) => `Failed to switch branch: ${reason}`,
  forkFailed: (reason: string) => `Failed to fork conversation: ${reason}`,
  busy: "Wait for the reply to finish (or stop it) before editing or regenerating.",
} as const;

const setError = (message: string) => useChatStore.getState().setError(message);

async function setBranch(
  contextId: string,
  taskId: string | null,
  exact: boolean,
  beforeMessageId?: string,
) {
  const record = await chooseBranchRequest(contextId, taskId, exact, undefined, beforeMessageId);
  useBranchStore.getState().receive(record);
}

/** Shows the branch through a task whole (it ends at the newest task after it). */
export async function switchBranch(contextId: string, taskId: string): Promise<boolean> {
  try {
    await setBranch(contextId, taskId, false);
    return true;
  } catch (error) {
    setError(branchMessages.switchFailed(toApiError(error).message));
    return false;
  }
}

/**
 * Sends a message as a new branch after `parent` (null: a new first message), or inside it
 * before `beforeMessageId` (an edit of a later message of that task): the conversation stops
 * there, then the message goes out as any other (a new task), and the agent's reply follows it.
 * The branch it replaces is kept, one switch away.
 */
export async function sendAsBranch(
  agent: Agent | null | undefined,
  contextId: string,
  parent: string | null,
  text: string,
  files: readonly OutgoingFile[],
  beforeMessageId?: string,
): Promise<boolean> {
  const chat = useChatStore.getState();
  if (chat.sending || chat.activeTaskByContext[contextId] !== undefined) {
    setError(branchMessages.busy);
    return false;
  }
  try {
    await setBranch(contextId, parent, true, beforeMessageId);
  } catch (error) {
    setError(branchMessages.switchFailed(toApiError(error).message));
    return false;
  }
  return sendMessage(agent, { text, files });
}

/**
 * Copies the branch up to a task into a new conversation and opens it. Returns its id, or null
 * when the server refused (the reason shows in the error banner).
 */
export async function forkFrom(contextId: string, taskId: string): Promise<string | null> {
  try {
    const record = await forkContextRequest(contextId, taskId);
    useBranchStore.getState().receive(record);
    const contexts = useContextsStore.getState();
    contexts.receiveCreated(record);
    useContextsStore.getState().switchContext(record.context_id);
    return record.context_id;
  } catch (error) {
    setError(branchMessages.forkFailed(toApiError(error).message));
    return null;
  }
}

/**
 * Reads the chosen branch of a conversation the live stream's snapshot did not hold (an older
 * one, opened from a later page of the list). Until it is known every message shows.
 */
export async function loadLeaf(contextId: string): Promise<void> {
  try {
    useBranchStore.getState().receive(await contextRecordRequest(contextId));
  } catch (error) {
    logger.warn(`Could not read the branch of ${contextId}: ${toApiError(error).message}`);
  }
}
