/** The chat's actions: sending and answering (send-actions), history and resuming (history-actions). */
export {
  type AgentResolver,
  historyTaskLimit,
  loadHistory,
  loadMessagesFailedMessage,
  resumeActiveTasks,
} from "./history-actions.js";
export {
  authorizedReply,
  authorizeTask,
  clientNotInitializedMessage,
  permissionDeniedMessage,
  respondToInput,
  retryAfterSignIn,
  type SendInput,
  sendErrorMessage,
  sendFailedMessage,
  sendMessage,
  stopGenerating,
} from "./send-actions.js";
