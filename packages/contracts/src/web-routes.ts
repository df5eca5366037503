/**
 * Paths the single-page app (the chat) answers; the server sends it the app's HTML shell. Every
 * other page is the prerendered website or, for unknown paths, its 404 page. A new route of the
 * app must be added here (a test in apps/web checks both lists agree).
 */
export const spaRoutes: readonly string[] = ["/chat", "/auth/callback", "/shared"];

/**
 * Whether a request path belongs to the single-page app (a route or a path below one): the
 * server answers it with the app's shell, which shows the route or its own not-found page.
 */
export function isSpaPath(path: string): boolean {
  return spaRoutes.some((route) => path === route || path.startsWith(`${route}/`));
}

/**
 * Whether the app has a route at exactly this path (a trailing slash allowed). A path below a
 * route that is not one (/chat/does-not-exist) gets the shell with status 404.
 */
export function isSpaRoute(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/$/, "") : path;
  return spaRoutes.includes(trimmed);
}
