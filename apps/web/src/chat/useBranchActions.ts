import { useEffect, useMemo, useState } from "react";
import { useAccountModal } from "../accounts/account-modal-store.js";
import type { Agent } from "../api/agent-types.js";
import { useAuthStore } from "../stores/auth-store.js";
import { useBranchStore } from "../stores/branch-store.js";
import { useContextsStore } from "../stores/contexts-store.js";
import { forkFrom, loadLeaf, sendAsBranch, switchBranch } from "./engine/branch-actions.js";
import type { BranchView } from "./engine/branch-view.js";
import { useChatStore } from "./engine/chat-store.js";
import { filesOf, textOf } from "./engine/sent-message.js";
import type { ChatMessage } from "./model/chat-types.js";
import type { MessageActions } from "./thread/message-actions.js";
import { agentNamed } from "./useConversationLifecycle.js";

/** The agent that answered a task (a regeneration asks it again), else the selected one. */
function agentOf(taskId: string, selected: Agent | null | undefined): Agent | null | undefined {
  const name = useChatStore.getState().tasksById[taskId]?.metadata.agent_name;
  return (name && agentNamed(name)) || selected;
}

/**
 * The thread's branch actions for one conversation: switch, edit (with which message's form is
 * open), regenerate and fork, on the branch the view shows.
 */
export function useBranchActions(
  contextId: string,
  agent: Agent | null | undefined,
  view: BranchView,
): { actions: MessageActions; editingId: string | null } {
  const [editingId, setEditingId] = useState<string | null>(null);
  const leafKnown = useBranchStore((state) => contextId in state.leafByContext);
  // Only a conversation the list holds (not one still being made, or a remembered one gone).
  const listed = useContextsStore(
    (state) => state.hasReceivedSnapshot && state.conversations.some((c) => c.id === contextId),
  );
  useEffect(() => {
    if (listed && !leafKnown) void loadLeaf(contextId);
  }, [contextId, listed, leafKnown]);
  const actions = useMemo<MessageActions>(() => {
    const firstUserOf = (taskId: string) =>
      view.messages.find((m) => m.taskId === taskId && m.role === "user");
    /**
     * Where a new version of a user message goes: after the task's parent for its first message
     * (inside the parent again when the task is itself a fork inside it), or inside its own task
     * before it for a later one (after an answer to a question, say).
     */
    const branchPoint = (message: ChatMessage) => {
      const taskId = message.taskId;
      if (taskId === undefined || !(taskId in view.parentOf)) return undefined;
      if (firstUserOf(taskId)?.id !== message.id) return { parent: taskId, before: message.id };
      const parent = view.parentOf[taskId] ?? null;
      const fork = view.forkOf[taskId];
      return { parent, before: parent === null ? undefined : fork };
    };
    // The user message a reply answers: the last one before it in its task.
    const questionOf = (reply: ChatMessage) => {
      const at = view.messages.indexOf(reply);
      return view.messages
        .slice(0, at)
        .reverse()
        .find((m) => m.taskId === reply.taskId && m.role === "user");
    };
    return {
      onSwitchBranch: (taskId) => void switchBranch(contextId, taskId),
      onEditing: setEditingId,
      onEdit: async (message, text) => {
        const point = branchPoint(message);
        if (point === undefined || !message.taskId) return false;
        const files = filesOf(message);
        const to = agentOf(message.taskId, agent);
        return sendAsBranch(to, contextId, point.parent, text, files, point.before);
      },
      onRegenerate: (reply) => {
        const question = questionOf(reply);
        const point = question && branchPoint(question);
        if (!question || point === undefined || !reply.taskId) return;
        const files = filesOf(question);
        const to = agentOf(reply.taskId, agent);
        void sendAsBranch(to, contextId, point.parent, textOf(question), files, point.before);
      },
      onFork: (message) => {
        const taskId = message.taskId;
        if (!taskId) return;
        // A fork is a second conversation, and only accounts have more than one (the
        // conversations menu needs an account, tools-passkeys-website.md §2): a visitor signs in
        // first, then the fork is made (their conversation is the account's by then).
        if (!useAuthStore.getState().isAuthenticated) {
          useAccountModal
            .getState()
            .openSignIn({ onSignedIn: () => void forkFrom(contextId, taskId) });
          return;
        }
        void forkFrom(contextId, taskId);
      },
      // Any of your messages (and any reply) of a task the server stored can branch.
      canBranch: (message) =>
        message.taskId !== undefined &&
        message.taskId in view.parentOf &&
        (message.role === "assistant" || message.role === "user"),
    };
  }, [contextId, agent, view]);
  return { actions, editingId };
}
