/** More conversations than this, and the conversations menu gets a search box. */
export const conversationSearchThreshold = 10;

/** What the menu says when the search box matches no conversation. */
export const noConversationMatchText = "No conversations match";

/**
 * The conversations whose name holds the query, ignoring case and surrounding spaces, in the
 * order given; every one for an empty query.
 */
export function filterConversations<T extends { name: string }>(
  list: readonly T[],
  query: string,
): T[] {
  const wanted = query.trim().toLocaleLowerCase();
  if (wanted === "") return [...list];
  return list.filter((item) => item.name.toLocaleLowerCase().includes(wanted));
}
