import type { ElicitationAnswer } from "@a2a-chat/contracts";
import { useCallback, useMemo } from "react";
import { useShallow } from "zustand/react/shallow";
import { taskAgentLabel } from "../agents/task-agent-label.js";
import type { Agent } from "../api/agent-types.js";
import { selectSelectedAgent, useAgentsStore } from "../stores/agents-store.js";
import { useBranchStore } from "../stores/branch-store.js";
import {
  selectCurrentConversation,
  selectIsLoadingConversations,
  selectSendBlockReason,
} from "../stores/contexts-selectors.js";
import { useContextsStore } from "../stores/contexts-store.js";
import { useMcpRequestsStore } from "../stores/mcp-requests-store.js";
import { useSettingsStore } from "../stores/settings-store.js";
import { ConnectionErrorView } from "./ConnectionErrorView.js";
import { ConversationHeader } from "./ConversationHeader.js";
import { Composer } from "./composer/Composer.js";
import { NoAgentNotice } from "./composer/NoAgentNotice.js";
import { useAttachmentLimit } from "./composer/useAttachmentLimit.js";
import { useQueuedSends } from "./composer/useQueuedSends.js";
import {
  formQuestionOf,
  selectIsStreaming,
  selectMessages,
  selectPendingRequest,
} from "./conversation-selectors.js";
import { ErrorBanner } from "./ErrorBanner.js";
import { branchView } from "./engine/branch-view.js";
import {
  authorizeTask,
  respondToInput,
  sendMessage,
  stopGenerating,
} from "./engine/chat-actions.js";
import { useChatStore } from "./engine/chat-store.js";
import type { ChatMessage, OutgoingFile } from "./model/chat-types.js";
import { AuthRequestPanel } from "./panels/AuthRequestPanel.js";
import { InputRequestPanel } from "./panels/InputRequestPanel.js";
import { ShortcutsSheet } from "./shortcuts/ShortcutsSheet.js";
import { useConversationShortcuts } from "./shortcuts/useConversationShortcuts.js";
import { EmptyConversation } from "./thread/EmptyConversation.js";
import { MessageList } from "./thread/MessageList.js";
import { useBranchActions } from "./useBranchActions.js";
import { agentNamed, useConversationLifecycle } from "./useConversationLifecycle.js";

/** Why the composer is disabled while a reply streams in another conversation (one send at a time). */
export const otherReplyStreamingText =
  "A reply is still being written in another conversation. You can send here once it ends.";

/** The agent a waiting task belongs to (answers go to it), else the selected one. */
function agentOfTask(taskId: string, selected: Agent | null | undefined): Agent | null | undefined {
  const name = useChatStore.getState().tasksById[taskId]?.metadata.agent_name;
  return (name && agentNamed(name)) || selected;
}

/**
 * The author of a reply whose task predates stored display names, or of a tool's result: its
 * task's agent as the list shows it, or the tool's server (never the agent picked now).
 */
function storedAuthorOf(message: ChatMessage, agents: readonly Agent[]): string | undefined {
  const metadata = message.taskId
    ? useChatStore.getState().tasksById[message.taskId]?.metadata
    : undefined;
  return metadata ? taskAgentLabel(metadata, agents) : undefined;
}

/** Core spec §2.1 loading banners. */
export const loadingConversationsText = "Loading conversations...";
export const loadingMessagesText = "Loading messages...";

/** A failed send leaves its text in the composer: the composer keeps what was typed when this throws. */
function refused(): never {
  throw new Error(useChatStore.getState().error ?? "Failed to send message");
}

/** Settles once a send has put its message in the conversation (the reply may still stream). */
function sendStarted(): { promise: Promise<void>; cancel: () => void } {
  let cancel = () => {};
  const promise = new Promise<void>((resolve) => {
    cancel = useChatStore.subscribe((state) => {
      if (state.streamingMessageId !== null) resolve();
    });
  });
  return { promise, cancel };
}

/**
 * The centre column (core spec §2.1): the conversation's header, banners, its messages, a pending
 * question or authorization, and the composer.
 */
export function ConversationView() {
  const current = useContextsStore(selectCurrentConversation);
  const contextId = useContextsStore((state) => state.currentContextId);
  const loadingConversations = useContextsStore(selectIsLoadingConversations);
  const sendBlock = useContextsStore(selectSendBlockReason);
  const contextsError = useContextsStore((state) => state.error);
  const clearContextsError = useContextsStore((state) => state.clearError);
  const agent = useAgentsStore(selectSelectedAgent);
  const debugMode = useSettingsStore((state) => state.debugMode);
  // Read again when the registry arrives, so older replies get their agent's shown name.
  const agents = useAgentsStore((state) => state.agents);
  const authorOf = useCallback((message: ChatMessage) => storedAuthorOf(message, agents), [agents]);
  const {
    messages: allMessages,
    historyStatus,
    streaming,
    sending,
    chatError,
    connectionError,
    input,
    auth,
    tasksById,
  } = useChatStore(
    useShallow((state) => ({
      messages: selectMessages(state, contextId),
      historyStatus: state.historyStatus[contextId],
      streaming: selectIsStreaming(state, contextId),
      sending: state.sending,
      chatError: state.error,
      connectionError: state.connectionError,
      input: selectPendingRequest(state, contextId, "input"),
      auth: selectPendingRequest(state, contextId, "auth"),
      tasksById: state.tasksById,
    })),
  );
  const leaf = useBranchStore((state) => state.leafByContext[contextId]);
  const leafCut = useBranchStore((state) => state.cutByContext[contextId] ?? null);
  // What the chosen branch shows (the others are kept, one switch away).
  const view = useMemo(
    () => branchView(allMessages, tasksById, contextId, leaf, leafCut),
    [allMessages, tasksById, contextId, leaf, leafCut],
  );
  const messages = view.messages;
  const { actions, editingId } = useBranchActions(contextId, agent, view);
  const shortcuts = useConversationShortcuts(view, actions, streaming);
  const clearChatError = useChatStore((state) => state.clearError);
  useConversationLifecycle(contextId, agent);
  const attachmentLimit = useAttachmentLimit();

  const send = useCallback(
    async (text: string, files: OutgoingFile[] = []) => {
      if (!(await sendMessage(agent, { text, files }))) refused();
    },
    [agent],
  );
  // Forms and cards send through the same path; without an agent they say the client is missing.
  // Their "sent" marks show once the message is on its way, not when the whole reply has streamed.
  const sendFromArtifact = useCallback(
    async (text: string) => {
      const started = sendStarted();
      const sending = send(text);
      // A failure after the message went out shows in the error banner; it must not go unhandled.
      sending.catch(() => undefined);
      try {
        await Promise.race([sending, started.promise]);
      } finally {
        started.cancel();
      }
    },
    [send],
  );
  useQueuedSends(
    contextId,
    { streaming, sending, blocked: sendBlock !== null || agent === null || agent === undefined },
    send,
  );
  const respond = useCallback(
    async (taskId: string, text: string, data?: ElicitationAnswer) => {
      if (!(await respondToInput(agentOfTask(taskId, agent), taskId, text, data))) refused();
    },
    [agent],
  );
  // The MCP server's form the waiting task's tool call asks (shown in place of a dialog).
  const question = useMcpRequestsStore((state) =>
    input ? formQuestionOf(state.requests, input.taskId) : undefined,
  );
  const stop = useCallback(() => void stopGenerating(), []);
  const authorize = useCallback(
    async (taskId: string) => {
      if (!(await authorizeTask(agentOfTask(taskId, agent), taskId))) refused();
    },
    [agent],
  );

  if (connectionError) return <ConnectionErrorView message={connectionError} />;

  const error = contextsError ?? chatError;
  const loadingMessages = historyStatus === "loading" && messages.length === 0;
  const agentName = agent?.displayName;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {current && (
        // The server counts every branch; the header counts the one shown.
        <ConversationHeader
          conversation={current}
          count={Math.max(0, current.messageCount - view.hidden)}
        />
      )}
      <div className="flex flex-col gap-3 px-6 pt-4 empty:hidden">
        {(loadingConversations || loadingMessages) && (
          // aria-live rather than role="status": the header's server status is the page's status.
          <p aria-live="polite" className="text-sm text-neutral-400">
            {loadingConversations ? loadingConversationsText : loadingMessagesText}
          </p>
        )}
        {error && (
          <ErrorBanner
            message={error}
            onDismiss={contextsError ? clearContextsError : clearChatError}
          />
        )}
      </div>
      <MessageList
        // A list per conversation: its virtualizer's scroll position and row sizes are that
        // conversation's (one carried over from a longer conversation kept the virtualizer scrolling
        // to a stale offset on every frame for seconds after the first send).
        key={contextId}
        messages={messages}
        authorOf={authorOf}
        debugMode={debugMode}
        onSendMessage={agent ? sendFromArtifact : undefined}
        branchOf={view.placeOf}
        actions={actions}
        editingId={editingId}
        empty={
          !loadingConversations && !loadingMessages && agent ? (
            <EmptyConversation
              agentName={agentName ?? agent.name}
              description={agent.description}
            />
          ) : null
        }
      />
      <ShortcutsSheet open={shortcuts.helpOpen} onClose={shortcuts.closeHelp} />
      <div className="flex flex-col gap-3 border-t border-border px-4 py-3 sm:px-6">
        {shortcuts.notice && (
          <p role="status" className="text-xs text-neutral-400">
            {shortcuts.notice}
          </p>
        )}
        {input && <InputRequestPanel request={input} onRespond={respond} question={question} />}
        {auth && <AuthRequestPanel request={auth} onAuthorize={authorize} />}
        {agent ? (
          <Composer
            draftKey={contextId}
            attachmentLimit={attachmentLimit}
            onSend={send}
            onStop={stop}
            streaming={streaming}
            disabled={sendBlock !== null || (sending && !streaming)}
            {...(sendBlock
              ? { disabledReason: sendBlock }
              : sending && !streaming
                ? { disabledReason: otherReplyStreamingText }
                : {})}
          />
        ) : (
          <NoAgentNotice />
        )}
      </div>
    </div>
  );
}
