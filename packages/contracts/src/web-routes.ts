/**
 * Paths the single-page app (the chat) answers; the server sends it the app's HTML shell. Every
 * other page is the prerendered website or, for unknown paths, its 404 page. A new route of the
 * app must be added here (a test in apps/web checks both lists agree).
 */
export const spaRoutes: readonly string[] = ["/chat", "/auth/callback"];

/** Whether a request path belongs to the single-page app (a route or a path below one). */
export function isSpaPath(path: string): boolean {
  return spaRoutes.some((route) => path === route || path.startsWith(`${route}/`));
}
