import { lazy, Suspense, useEffect } from "react";
import { AccountModals } from "../accounts/AccountModals.js";
import { AgentCredentialsModal } from "../agents/AgentCredentialsModal.js";
import { AgentsPanel } from "../agents/AgentsPanel.js";
import { UserButton } from "../auth/UserButton.js";
import { ConversationsDropdown } from "../chat/ConversationsDropdown.js";
import { ConversationView } from "../chat/ConversationView.js";
import { ServerStatus } from "../chat/ServerStatus.js";
import { StreamStatus } from "../chat/StreamStatus.js";
import { SearchDialog } from "../chat/search/SearchDialog.js";
import { useServerHealth } from "../chat/useServerHealth.js";
import { useAgentsStore } from "../stores/agents-store.js";
import { useContextsStore } from "../stores/contexts-store.js";
import { useSettingsStore } from "../stores/settings-store.js";
import { useTasksStore } from "../stores/tasks-store.js";
import { useContextStream } from "../stream/useContextStream.js";
import { McpRequestDialog } from "../tools/requests/McpRequestDialog.js";
import { ToolsPanel } from "../tools/ToolsPanel.js";
import { useToolExecutionsStore } from "../tools/tool-executions-store.js";
import { AppShell } from "./shell/AppShell.js";
import { DebugModeToggle } from "./shell/DebugModeToggle.js";
import { ViewTabs } from "./shell/ViewTabs.js";

// The tool-result window loads the first time a tool result is shown.
const ToolResultModal = lazy(() =>
  import("../tools/ToolResultModal.js").then((m) => ({ default: m.ToolResultModal })),
);

// The tasks and artifacts views load when first opened; the conversation is what /chat shows.
const TasksView = lazy(() =>
  import("../tasks/TasksView.js").then((m) => ({ default: m.TasksView })),
);
const ArtifactsView = lazy(() =>
  import("../artifacts/list/ArtifactsView.js").then((m) => ({ default: m.ArtifactsView })),
);

/** Opens a conversation in the conversation view (from the tasks and artifacts views). */
function openConversation(id: string): void {
  const contexts = useContextsStore.getState();
  if (contexts.currentContextId !== id) contexts.switchContext(id);
  useSettingsStore.getState().setActiveView("conversation");
}

/** The centre: the active view (conversation, tasks or artifacts). */
function ActiveView() {
  const activeView = useSettingsStore((state) => state.activeView);
  const debugMode = useSettingsStore((state) => state.debugMode);
  const currentContextId = useContextsStore((state) => state.currentContextId);
  const conversations = useContextsStore((state) => state.conversations);
  if (activeView === "tasks") {
    return (
      <TasksView
        currentContextId={currentContextId}
        conversations={conversations}
        onOpenConversation={openConversation}
        // The pending request's panel sits under the conversation the task belongs to.
        onRespond={(taskId) => openTaskConversation(taskId)}
        onAuthorize={(taskId) => openTaskConversation(taskId)}
      />
    );
  }
  if (activeView === "artifacts") {
    return (
      <ArtifactsView
        conversations={conversations}
        onOpenConversation={openConversation}
        debugMode={debugMode}
      />
    );
  }
  return <ConversationView />;
}

function openTaskConversation(taskId: string): void {
  const contextId = useTasksStore.getState().tasksById[taskId]?.contextId;
  if (contextId) openConversation(contextId);
}

/** The chat application at /chat: the live stream and the application shell around the views. */
export function ChatPage() {
  const health = useServerHealth();
  useContextStream();
  const selectedAgentUrl = useAgentsStore((state) => state.selectedAgentUrl);
  const toolResultsOpen = useToolExecutionsStore((state) => state.modalOpen);
  const discoverAgents = useAgentsStore((state) => state.discover);
  // The agents column is not mounted on phones until its drawer opens, yet the conversation needs
  // the default agent at once: discovery starts here.
  useEffect(() => {
    void discoverAgents();
  }, [discoverAgents]);

  const statuses = (
    <div className="flex shrink-0 items-center gap-2 sm:gap-4">
      <StreamStatus />
      <ServerStatus state={health} />
    </div>
  );

  return (
    <>
      <AppShell
        header={
          <div className="flex items-center justify-between gap-4">
            <ConversationsDropdown />
            <div className="flex shrink-0 items-center gap-4">
              {statuses}
              <UserButton />
            </div>
          </div>
        }
        mobileUserMenu={<UserButton phone />}
        mobileToolbar={
          <div className="flex items-center justify-between gap-2">
            <ConversationsDropdown />
            {statuses}
          </div>
        }
        closeDrawersOn={selectedAgentUrl}
        agents={<AgentsPanel />}
        main={
          <ViewTabs>
            <Suspense fallback={<p className="p-6 text-sm text-neutral-400">Loading...</p>}>
              <ActiveView />
            </Suspense>
          </ViewTabs>
        }
        tools={
          <div className="flex min-h-full flex-1 flex-col gap-4">
            <ToolsPanel />
            <div className="mt-auto">
              <DebugModeToggle />
            </div>
          </div>
        }
      />
      <AccountModals />
      <AgentCredentialsModal />
      <McpRequestDialog />
      <SearchDialog />
      {toolResultsOpen ? (
        <Suspense fallback={null}>
          <ToolResultModal />
        </Suspense>
      ) : null}
    </>
  );
}
