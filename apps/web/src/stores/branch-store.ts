import type { ContextRecord } from "@a2a-chat/contracts";
import { create } from "zustand";
import { registerStoreReset } from "./reset.js";

/** What the server said of a conversation's chosen branch (any event that names its leaf). */
export type LeafNews = Pick<ContextRecord, "context_id" | "leaf_task_id" | "leaf_cut_message_id">;

/** The branch each conversation shows: its leaf task, as the server stores and streams it. */
export interface BranchState {
  /** Leaf task per conversation; null: before its first task; absent: not told yet. */
  leafByContext: Record<string, string | null>;
  /** Where a conversation stops inside its leaf task (before this message, an edit of it). */
  cutByContext: Record<string, string | null>;
  /** Takes the leaf of a conversation record or event, when it names one. */
  receive: (news: LeafNews) => void;
  /** Takes the leaves of a snapshot's conversations. */
  receiveAll: (records: readonly LeafNews[]) => void;
}

function withLeaf(
  leaves: Record<string, string | null>,
  news: LeafNews,
): Record<string, string | null> {
  if (news.leaf_task_id === undefined || leaves[news.context_id] === news.leaf_task_id)
    return leaves;
  return { ...leaves, [news.context_id]: news.leaf_task_id };
}

function withCut(
  cuts: Record<string, string | null>,
  news: LeafNews,
): Record<string, string | null> {
  if (news.leaf_task_id === undefined) return cuts;
  const cut = news.leaf_cut_message_id ?? null;
  if ((cuts[news.context_id] ?? null) === cut) return cuts;
  return { ...cuts, [news.context_id]: cut };
}

/** The branch store. */
export const useBranchStore = create<BranchState>()((set) => ({
  leafByContext: {},
  cutByContext: {},
  receive: (news) =>
    set((state) => ({
      leafByContext: withLeaf(state.leafByContext, news),
      cutByContext: withCut(state.cutByContext, news),
    })),
  receiveAll: (records) =>
    set((state) => ({
      leafByContext: records.reduce(withLeaf, state.leafByContext),
      cutByContext: records.reduce(withCut, state.cutByContext),
    })),
}));

registerStoreReset(() => useBranchStore.setState({ leafByContext: {}, cutByContext: {} }));
