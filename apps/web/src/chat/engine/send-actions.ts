import { useAccountModal } from "../../accounts/account-modal-store.js";
import { useCredentialsDialog } from "../../agents/credentials-dialog-store.js";
import { needsCredentials, requiresSiteSignIn, signsInItself } from "../../api/agent-access.js";
import type { Agent } from "../../api/agent-types.js";
import { takeAppModelContext } from "../../lib/app-model-context.js";
import { logger } from "../../lib/logger.js";
import { newTraceId } from "../../lib/trace-id.js";
import { useAuthStore } from "../../stores/auth-store.js";
import {
  noConversationSelectedMessage,
  selectSendBlockReason,
} from "../../stores/contexts-selectors.js";
import { useContextsStore } from "../../stores/contexts-store.js";
import { useDraftsStore } from "../composer/drafts-store.js";
import { selectPendingRequest } from "../conversation-selectors.js";
import type { OutgoingFile } from "../model/chat-types.js";
import {
  AgentClientError,
  isAbortError,
  isConnectionError,
  isPermissionError,
} from "./agent-client-error.js";
import { agentClientFor, currentToken } from "./agent-clients.js";
import { assistantPlaceholder, userChatMessage } from "./chat-messages.js";
import { addOptimistic, failStream, finishStream } from "./chat-reducers.js";
import { endRun, findRun, startRun, whenTaskNamed } from "./chat-runs.js";
import { chatEpoch, useChatStore } from "./chat-store.js";
import { followTask, settleTask } from "./follow-task.js";
import { buildOutgoingMessage, type OutgoingMessage } from "./outgoing-message.js";
import { pushNotificationUrl } from "./push-url.js";
import { isFinalState } from "./sdk-events.js";
import { applyToRun, pipeStream } from "./stream-pipe.js";
import { clearPendingRequests } from "./task-records.js";

/** Core spec §8: sending without an agent client. */
export const clientNotInitializedMessage = "Client not initialized";
/** Core spec §8: a send refused because of the token or permissions. */
export const permissionDeniedMessage =
  "Permission denied. You may not have sufficient permissions to access this agent.";
/** Core spec §8: a send failure without a message of its own. */
export const sendFailedMessage = "Failed to send message";
/** What authorizeTask answers: our agents resume an auth-required task on the user's reply. */
export const authorizedReply = "done";

/** What the user sends. */
export interface SendInput {
  text: string;
  files?: readonly OutgoingFile[];
  /** The first-visit greeting the chat sends by itself (useWelcomeMessage). */
  welcome?: boolean;
}

/**
 * The text a failed send shows (core spec §8): a 401 its own text (the body's message, else
 * 'Unauthorized. Please log in again.', as the client read it); a refusal for scopes (403 or
 * the agent's -32010) 'Permission denied…'.
 */
export function sendErrorMessage(error: unknown): string {
  if (isPermissionError(error) && !(error instanceof AgentClientError && error.status === 401))
    return permissionDeniedMessage;
  return error instanceof Error && error.message ? error.message : sendFailedMessage;
}

/** How long a stop waits for the stream to name its task before it gives up on canceling it. */
const stopWaitMs = 10_000;

const setError = (message: string) => useChatStore.getState().setError(message);

/**
 * Longest an answer waits for the send before it to end. The question can show (the live stream
 * brings it) a moment before the stream of the message that led to it has closed here; an answer
 * given in that moment waited for it rather than being dropped.
 */
export const answerWaitMs = 5000;

/** Resolves true once no send is in flight, false if one still is after `ms`. */
function whenNotSending(ms: number): Promise<boolean> {
  if (!useChatStore.getState().sending) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(!useChatStore.getState().sending);
    }, ms);
    const unsubscribe = useChatStore.subscribe((state) => {
      if (state.sending) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(true);
    });
  });
}

/** Streams one outgoing message with optimistic messages; true when the agent took it. */
async function runSend(agent: Agent, outgoing: OutgoingMessage): Promise<boolean> {
  const client = agentClientFor(agent);
  const { contextId } = outgoing;
  const now = new Date().toISOString();
  const user = userChatMessage(outgoing, agent.url, now);
  // An answer goes to a known task: the reply is that task's from the start, so what the live
  // stream reports of the task is left to this stream even before it says a word.
  const answering = outgoing.taskId;
  const assistant = assistantPlaceholder({
    id: newTraceId(),
    contextId,
    timestamp: now,
    agentId: agent.url,
    agentName: agent.displayName,
    ...(answering ? { taskId: answering } : {}),
  });
  const target = { contextId, messageId: assistant.id };
  useChatStore.setState((state) => ({
    ...addOptimistic(state, { user, assistant }),
    sending: true,
    streamingMessageId: assistant.id,
    error: null,
  }));
  const run = startRun({ client, target, kind: "send", epoch: chatEpoch() });
  const statsBefore = useContextsStore.getState().statsSeen[contextId] ?? 0;
  let failed = false;
  try {
    // Push notifications come back to our own endpoint with the session's token; the client
    // offers them only when the agent's endpoint is this site (see createAgentClient).
    const token = currentToken();
    const events = client.sendStream(outgoing, {
      ...(token ? { pushUrl: pushNotificationUrl(contextId), token } : {}),
      signal: run.controller.signal,
    });
    const outcome = await pipeStream(run, events, () => {
      useContextsStore.getState().incrementMessageCount(contextId, statsBefore);
      if (useChatStore.getState().connectionError) useChatStore.setState({ connectionError: null });
    });
    if (!run.stopped && outcome.taskId) {
      if (outcome.lastState && isFinalState(outcome.lastState))
        await settleTask(run, outcome.taskId);
      else await followTask(run, outcome.taskId);
    }
    return true;
  } catch (error) {
    if (run.stopped || isAbortError(error)) return true;
    if (run.taskId && !isPermissionError(error)) {
      // The agent has the message and works on without us: get the rest of the reply.
      logger.warn("The reply stream broke; following the task instead", error);
      await followTask(run, run.taskId);
      return true;
    }
    failed = true;
    if (run.epoch === chatEpoch()) {
      useChatStore.setState((state) => ({
        ...failStream(state, {
          contextId,
          userMessageId: user.id,
          assistantMessageId: assistant.id,
        }),
        error: sendErrorMessage(error),
        ...(isConnectionError(error) ? { connectionError: error.message } : {}),
      }));
    }
    return false;
  } finally {
    endRun(run);
    if (run.epoch === chatEpoch()) {
      useChatStore.setState((state) => ({
        ...(failed ? state : finishStream(state, target)),
        sending: false,
        streamingMessageId:
          state.streamingMessageId === assistant.id ? null : state.streamingMessageId,
      }));
    }
  }
}

/**
 * The task of a conversation that waits for the user's answer (input first, then authorization)
 * and belongs to the agent being talked to: a message typed in the normal box answers it, so the
 * task does not wait forever while a new one starts beside it.
 */
function waitingTaskOf(contextId: string, agent: Agent): string | undefined {
  const state = useChatStore.getState();
  const waiting =
    selectPendingRequest(state, contextId, "input") ??
    selectPendingRequest(state, contextId, "auth");
  const task = waiting && state.tasksById[waiting.taskId];
  if (!task || agent.external || task.metadata.agent_name !== agent.name) return undefined;
  return task.id;
}

/**
 * Sends the user's message to an agent in the current conversation (core spec §5 Sending):
 * refused without an agent ('Client not initialized'), while another send is in flight, before
 * the conversations loaded or without a current one, and when the trimmed text is blank and no
 * file is attached. When a task of this agent waits for the user there, the message answers it.
 * Resolves true when the agent took the message; on failure the optimistic messages are removed
 * and the store's error says why.
 */
export async function sendMessage(
  agent: Agent | null | undefined,
  input: SendInput,
): Promise<boolean> {
  if (!agent) {
    setError(clientNotInitializedMessage);
    return false;
  }
  if (useChatStore.getState().sending) return false;
  const contexts = useContextsStore.getState();
  const blocked = selectSendBlockReason(contexts);
  if (blocked) {
    setError(blocked);
    return false;
  }
  const text = input.text.trim();
  const files = input.files ?? [];
  if (text === "" && files.length === 0) return false;
  if (needsCredentials(agent)) {
    // The agent's own sign-in: without its credentials the message could only fail there.
    useCredentialsDialog.getState().open(agent.url);
    return false;
  }
  if (requiresSiteSignIn(agent) && !useAuthStore.getState().isAuthenticated) {
    // Core spec §5: the auth modal opens for the agent and the send is retried after sign-in.
    useAccountModal.getState().openSignIn({
      agentName: agent.displayName,
      onSignedIn: () => void retryAfterSignIn(agent, { text, files }),
    });
    return false;
  }
  const contextId = contexts.currentContextId;
  const waiting = waitingTaskOf(contextId, agent);
  if (waiting) return answerTask(agent, waiting, contextId, { text, files });
  const appContext = input.welcome ? undefined : takeAppModelContext(contextId);
  return runSend(
    agent,
    buildOutgoingMessage({ text, files, contextId, welcome: input.welcome, appContext }),
  );
}

/** How long a send retried after sign-in waits for the account's conversations to load. */
export const retryWaitMs = 15_000;

/** Resolves once a message can be sent as far as conversations go (false after timeoutMs). */
function whenConversationsReady(timeoutMs: number): Promise<boolean> {
  const ready = () => selectSendBlockReason(useContextsStore.getState()) === null;
  if (ready()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(value);
    };
    const unsubscribe = useContextsStore.subscribe(() => {
      if (ready()) done(true);
    });
    const timer = setTimeout(() => done(ready()), timeoutMs);
  });
}

/**
 * The send that waited for sign-in. Signing in switches the user, which reloads the
 * conversations (the visitor's moved into the account), so it waits for them first. Once sent,
 * the text the composer got back when the send was refused is cleared; if it cannot be sent,
 * the text is put back in the conversation's draft, so nothing typed is lost.
 */
export async function retryAfterSignIn(agent: Agent, input: SendInput): Promise<boolean> {
  await whenConversationsReady(retryWaitMs);
  const sent = await sendMessage(agent, input);
  const contextId = useContextsStore.getState().currentContextId;
  const drafts = useDraftsStore.getState();
  const draft = drafts.drafts[contextId];
  const text = input.text.trim();
  if (sent) {
    if (draft?.text.trim() === text && draft.files.length === (input.files?.length ?? 0))
      drafts.take(contextId);
  } else if (draft?.text.trim() !== text) {
    drafts.restore(contextId, {
      text,
      // The files were uploaded already: they come back as finished uploads.
      files: (input.files ?? []).map(({ uri, ...file }, i) => ({
        ...file,
        key: `retry-${i}-${file.name}`,
        sent: file.size,
        uploaded: { id: uri.split("/").at(-1) ?? uri, uri },
      })),
    });
  }
  return sent;
}

function contextOfTask(taskId: string): string | undefined {
  const state = useChatStore.getState();
  const stored = state.tasksById[taskId]?.contextId;
  if (stored) return stored;
  for (const [contextId, messages] of Object.entries(state.messagesByContext)) {
    if (messages.some((m) => m.taskId === taskId)) return contextId;
  }
  return undefined;
}

/**
 * Sends the answer on the task: its requests are resolved at once and come back if the answer
 * fails.
 */
async function answerTask(
  agent: Agent,
  taskId: string,
  contextId: string,
  input: { text: string; files?: readonly OutgoingFile[]; data?: Record<string, unknown> },
): Promise<boolean> {
  const epoch = chatEpoch();
  const before = useChatStore.getState();
  const question = before.pendingInputRequests[taskId];
  const auth = before.pendingAuthRequests[taskId];
  useChatStore.setState((state) => clearPendingRequests(state, taskId));
  const ok = await runSend(agent, buildOutgoingMessage({ ...input, contextId, taskId }));
  if (!ok && chatEpoch() === epoch) {
    useChatStore.setState((state) => ({
      pendingInputRequests: question
        ? { ...state.pendingInputRequests, [taskId]: question }
        : state.pendingInputRequests,
      pendingAuthRequests: auth
        ? { ...state.pendingAuthRequests, [taskId]: auth }
        : state.pendingAuthRequests,
    }));
  }
  return ok;
}

/**
 * Answers a task waiting for input: the trimmed, non-empty text goes to the same task and
 * conversation and the reply streams like a send. The task's request is resolved at once and
 * comes back if the answer fails.
 */
export async function respondToInput(
  agent: Agent | null | undefined,
  taskId: string,
  text: string,
  /** A form's answer (to an MCP server's question the task waits on), sent as a data part. */
  data?: Record<string, unknown>,
): Promise<boolean> {
  const trimmed = text.trim();
  if (trimmed === "") return false;
  if (!agent) {
    setError(clientNotInitializedMessage);
    return false;
  }
  if (!(await whenNotSending(answerWaitMs))) return false;
  const contextId = contextOfTask(taskId);
  if (!contextId) {
    setError(noConversationSelectedMessage);
    return false;
  }
  return answerTask(agent, taskId, contextId, { text: trimmed, ...(data ? { data } : {}) });
}

/**
 * Tells a task waiting for authorization that the user signed in: 'done' on the same task. An
 * added agent whose card declares its sign-in opens that sign-in first; its Continue answers.
 */
export function authorizeTask(agent: Agent | null | undefined, taskId: string): Promise<boolean> {
  if (agent && signsInItself(agent) && (agent.signIn?.schemes.length ?? 0) > 0) {
    useCredentialsDialog
      .getState()
      .open(agent.url, () => void respondToInput(agent, taskId, authorizedReply));
    return Promise.resolve(true);
  }
  return respondToInput(agent, taskId, authorizedReply);
}

/**
 * Stops the reply being generated: the send in flight, else the task resumed in the current
 * conversation. The task is canceled on the agent (its final state is applied) and the stream
 * ends.
 */
export async function stopGenerating(): Promise<void> {
  const contextId = useContextsStore.getState().currentContextId;
  const run = findRun((r) => r.kind === "send") ?? findRun((r) => r.target.contextId === contextId);
  if (!run) return;
  run.stopped = true;
  // A stop before the stream named its task (the first event is still on its way): leaving the
  // stream alone would not stop the agent, which writes on into the conversation, so the task
  // is canceled as soon as it is known.
  const taskId = await whenTaskNamed(run, stopWaitMs);
  if (taskId) {
    try {
      const task = await run.client.cancelTask(taskId);
      applyToRun(run, { type: "task", task });
    } catch (error) {
      logger.warn(`Could not cancel task ${taskId}`, error);
    }
  }
  run.controller.abort();
}
