/** A short hint after an HTTP status that usually means one thing to fix. */
export function httpStatusHint(status: number): string {
  if (status === 401) return " (unauthorised: check the credentials)";
  if (status === 403) return " (forbidden: check the credentials and their permissions)";
  if (status === 404) return " (not found: check the path of the URL)";
  if (status === 405) return " (method not allowed: is this the endpoint URL?)";
  if (status >= 500) return " (the server failed)";
  return "";
}
