/**
 * The session token never leaves this origin. Whether a credential may go with a request is
 * decided here, when the request is made, from where it really goes: not from an agent card's
 * first interface or a registry entry, which need not be where a library finally sends it.
 * `globalThis.location` is the page's address, or in the agent worker the worker script's, which
 * is served by this same origin.
 */

type FetchInput = string | URL | Request;

/** The address a fetch call will go to, resolved against this page. */
export function destinationOf(input: FetchInput, base = globalThis.location.href): URL | null {
  try {
    const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    return new URL(href, base);
  } catch {
    return null;
  }
}

/** Whether a request for `input` goes to this site's origin. */
export function goesToThisOrigin(input: FetchInput, origin = globalThis.location.origin): boolean {
  return destinationOf(input, `${origin}/`)?.origin === origin;
}

/** Request headers (from a Request and the init) with Authorization set or removed. */
function headersFor(
  input: FetchInput,
  init: RequestInit | undefined,
  token: string | null,
): Headers {
  const headers = new Headers(input instanceof Request ? input.headers : undefined);
  new Headers(init?.headers).forEach((value, name) => {
    headers.set(name, value);
  });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  else headers.delete("Authorization");
  return headers;
}

/**
 * A fetch that sends the session's bearer token (from `getToken`, or the Authorization header
 * the caller set) only to this origin, and removes any Authorization header from a request that
 * goes anywhere else.
 */
export function sameOriginCredentials<I extends FetchInput>(
  baseFetch: (input: I, init?: RequestInit) => Promise<Response>,
  options: { getToken?: () => string | null; origin?: string } = {},
): (input: I, init?: RequestInit) => Promise<Response> {
  return (input, init) => {
    const origin = options.origin ?? globalThis.location.origin;
    if (!goesToThisOrigin(input, origin)) {
      return baseFetch(input, { ...init, headers: headersFor(input, init, null) });
    }
    const token = options.getToken?.();
    if (!token) return baseFetch(input, init);
    return baseFetch(input, { ...init, headers: headersFor(input, init, token) });
  };
}
