import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { taskAgentLabel } from "../agents/task-agent-label.js";
import { ErrorBanner } from "../chat/ErrorBanner.js";
import { shortId } from "../lib/durations.js";
import { useAgentsStore } from "../stores/agents-store.js";
import { loadingContextId } from "../stores/contexts-reducers.js";
import { useTasksStore } from "../stores/tasks-store.js";
import { TaskDetailsDialog } from "./TaskDetailsDialog.js";
import { TaskFilters } from "./TaskFilters.js";
import { TaskErrorRow, type TaskRowActions, TaskTableRow } from "./TaskTableRow.js";
import {
  defaultTaskFilters,
  isFilterActive,
  matchesStatus,
  type ScopeFilter,
  type StatusFilter,
  tasksInScope,
  toggleStatusFilter,
} from "./task-filters.js";
import { toTaskRows } from "./task-row.js";

/** The column headers of the task table, in order (core spec §2.5). */
export const taskColumns = [
  "Status",
  "Agent",
  "MCP Server",
  "Conversation",
  "Task ID",
  "Msgs",
  "Arts",
  "Duration",
  "Timestamp",
  "Actions",
] as const;

/** Texts of the task view's empty states (core spec §2.5). */
export const tasksViewTexts = {
  loading: "Loading tasks...",
  noTasksTitle: "No Tasks Yet",
  noTasksText: "Tasks will appear here when agents start processing your requests",
  noMatchTitle: "No Tasks Match Filters",
  noMatchText: "Try adjusting your filters to see more tasks",
} as const;

/** Props of the task view. */
export interface TasksViewProps {
  currentContextId: string;
  conversations: readonly { id: string; name: string }[];
  onOpenConversation: (contextId: string) => void;
  onRespond: (taskId: string) => void;
  onAuthorize: (taskId: string) => void;
}

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 p-10 text-center">
      <h3 className="text-base font-semibold">{title}</h3>
      <p className="text-neutral-400">{text}</p>
    </div>
  );
}

/** The Tasks view: the user's tasks in a filterable table that follows the live stream. */
export function TasksView({
  currentContextId,
  conversations,
  onOpenConversation,
  onRespond,
  onAuthorize,
}: TasksViewProps) {
  const [status, setStatus] = useState<StatusFilter>(defaultTaskFilters.status);
  const [scope, setScope] = useState<ScopeFilter>(defaultTaskFilters.scope);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const tasksById = useTasksStore((state) => state.tasksById);
  const taskIds = useTasksStore((state) => state.taskIds);
  const taskIdsByContext = useTasksStore((state) => state.taskIdsByContext);
  const isLoading = useTasksStore((state) => state.isLoading);
  const error = useTasksStore((state) => state.error);
  const loadTasks = useTasksStore((state) => state.loadTasks);
  const clearError = useTasksStore((state) => state.clearError);
  const agents = useAgentsStore((state) => state.agents);

  const hasCurrent = currentContextId !== "" && currentContextId !== loadingContextId;
  useEffect(() => {
    if (scope === "all") void loadTasks({});
    else if (hasCurrent) void loadTasks({ contextId: currentContextId });
  }, [scope, currentContextId, hasCurrent, loadTasks]);

  const names = useMemo(
    () => new Map(conversations.map((conversation) => [conversation.id, conversation.name])),
    [conversations],
  );
  const scoped = useMemo(
    () => tasksInScope({ tasksById, taskIds, taskIdsByContext }, scope, currentContextId),
    [tasksById, taskIds, taskIdsByContext, scope, currentContextId],
  );
  const rows = useMemo(
    () =>
      toTaskRows(
        scoped.filter((task) => matchesStatus(task, status)),
        names,
        agents,
      ),
    [scoped, status, names, agents],
  );

  const closeDetails = useCallback(() => setDetailsId(null), []);
  const actions: TaskRowActions = {
    onDetails: setDetailsId,
    onOpenConversation,
    onRespond,
    onAuthorize,
  };
  const detailsTask = detailsId ? tasksById[detailsId] : undefined;
  const filterActive = isFilterActive(status, scope);

  let body: ReactNode;
  if (scoped.length === 0 && isLoading) {
    body = (
      <p role="status" className="p-10 text-center text-neutral-400">
        {tasksViewTexts.loading}
      </p>
    );
  } else if (scoped.length === 0) {
    body = <EmptyState title={tasksViewTexts.noTasksTitle} text={tasksViewTexts.noTasksText} />;
  } else if (rows.length === 0) {
    body = <EmptyState title={tasksViewTexts.noMatchTitle} text={tasksViewTexts.noMatchText} />;
  } else {
    body = (
      // A container, so the table can lay itself out by the room the view has (see TaskTableRow).
      <div className="@container min-h-0 flex-1 overflow-auto">
        <table className="w-full border-collapse text-left text-sm">
          <thead className="sticky top-0 bg-surface text-xs uppercase text-neutral-400 @max-[54rem]:sr-only">
            <tr className="border-b border-border">
              {taskColumns.map((column) => (
                <th key={column} scope="col" className="px-1.5 py-2 font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="@max-[54rem]:flex @max-[54rem]:flex-col @max-[54rem]:gap-3">
            {rows.map((result) =>
              result.ok ? (
                <TaskTableRow key={result.row.id} row={result.row} actions={actions} />
              ) : (
                <TaskErrorRow
                  key={result.task.id}
                  task={result.task}
                  error={result.error}
                  onDetails={setDetailsId}
                />
              ),
            )}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section aria-label="Tasks" className="flex min-h-0 flex-1 flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Tasks</h2>
        <TaskFilters
          status={status}
          scope={scope}
          filterActive={filterActive}
          onStatus={(pressed) => setStatus((current) => toggleStatusFilter(current, pressed))}
          onScope={setScope}
          onClear={() => {
            setStatus(defaultTaskFilters.status);
            setScope(defaultTaskFilters.scope);
          }}
        />
      </div>
      {error && <ErrorBanner message={error} onDismiss={clearError} />}
      {body}
      {detailsTask && (
        <TaskDetailsDialog
          task={detailsTask}
          conversationName={names.get(detailsTask.contextId) ?? shortId(detailsTask.contextId)}
          agentName={taskAgentLabel(detailsTask.metadata, agents)}
          onClose={closeDetails}
        />
      )}
    </section>
  );
}
