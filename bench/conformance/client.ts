/**
 * The client side of `npm run conformance`: the conformance suite runs this once per client
 * scenario with its test server's URL as the last argument. It acts as a user of the product
 * (CONFORMANCE_PRODUCT_URL): takes an anonymous session, adds the suite's server as a
 * user-added MCP server (signing in with OAuth for the auth scenarios, as the browser would
 * by following the redirects), then lists and calls every tool through the product's proxy.
 * Meanwhile it answers the questions the server asks the user (elicitation), as a person would
 * in the product's dialog: the form as the product shows it, with the schema's defaults filled
 * in, accepted (through GET /api/v1/mcp/requests and POST …/answer, as the browser does).
 * Exits non-zero when a step fails.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";

const serverUrl = process.argv.at(-1) ?? "";
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? "";
const product = process.env.CONFORMANCE_PRODUCT_URL ?? "";
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}") as Record<string, unknown>;

async function api(path: string, token: string, init: RequestInit = {}): Promise<unknown> {
  const res = await fetch(`${product}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      ...(init.headers ?? {}),
    },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Follows the authorization server's redirects, as a browser would, until the product's callback. */
async function signIn(id: string, token: string): Promise<void> {
  const started = (await api(`/api/v1/mcp/external/${id}/oauth/start`, token, {
    method: "POST",
  })) as { status: string; authorization_url?: string };
  if (started.status !== "redirect" || !started.authorization_url) return;
  let next = started.authorization_url;
  for (let hop = 0; hop < 10; hop += 1) {
    const res = await fetch(next, { redirect: "manual" });
    const location = res.headers.get("location");
    await res.body?.cancel();
    if (!location) throw new Error(`sign-in stopped at ${next} (HTTP ${res.status})`);
    next = new URL(location, next).href;
    if (next.startsWith(product)) {
      const callback = await fetch(next);
      const page = await callback.text();
      if (!callback.ok) throw new Error(`callback: ${callback.status} ${page.slice(0, 300)}`);
      return;
    }
  }
  throw new Error("sign-in: too many redirects");
}

/** Arguments for a tool from its input schema: a number, string or boolean per property. */
function argumentsFor(tool: Tool): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
    const type = (schema as { type?: string }).type;
    args[name] = type === "number" || type === "integer" ? 2 : type === "boolean" ? true : "x";
  }
  return args;
}

type Answer = string | number | boolean | string[];

/**
 * What the product's form shows for a requested field before the user types: its default
 * (a string, number, boolean, one of an enum or a list of them). Fields with no default stay
 * empty, as the dialog leaves them.
 */
function formDefaults(schema: unknown): Record<string, Answer> {
  const properties =
    (schema as { properties?: Record<string, { default?: unknown }> } | undefined)?.properties ??
    {};
  const values: Record<string, Answer> = {};
  for (const [name, field] of Object.entries(properties)) {
    const value = field.default;
    if (
      typeof value === "string" ||
      typeof value === "number" ||
      typeof value === "boolean" ||
      (Array.isArray(value) && value.every((item) => typeof item === "string"))
    )
      values[name] = value;
  }
  return values;
}

/** Answers the user's waiting elicitations until stopped: accept, with the form's defaults. */
async function answerDialogs(token: string, stop: AbortSignal): Promise<void> {
  const answered = new Set<string>();
  while (!stop.aborted) {
    const { data } = (await api("/api/v1/mcp/requests", token)) as {
      data: { id: string; kind: string; params: { mode?: string; requestedSchema?: unknown } }[];
    };
    for (const request of data) {
      if (answered.has(request.id) || request.kind !== "elicitation") continue;
      answered.add(request.id);
      const content = formDefaults(request.params.requestedSchema);
      const body =
        request.params.mode === "url" ? { action: "accept" } : { action: "accept", content };
      await api(`/api/v1/mcp/requests/${request.id}/answer`, token, {
        method: "POST",
        body: JSON.stringify(body),
      });
      console.log(`answered ${request.id}: ${JSON.stringify(body)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function main() {
  const session = (await (
    await fetch(`${product}/api/v1/core/oauth/session`, { method: "POST" })
  ).json()) as { access_token: string };
  const token = session.access_token;
  const oauth = scenario.startsWith("auth/");
  const clientId = typeof context.client_id === "string" ? context.client_id : undefined;
  const clientSecret =
    typeof context.client_secret === "string" ? context.client_secret : undefined;
  const privateKey =
    typeof context.private_key_pem === "string" ? context.private_key_pem : undefined;
  // Machine to machine (the scenario's server takes only client_credentials): the user sets
  // the server up with the client and its secret or private key, no browser sign-in.
  const machine = scenario.startsWith("auth/client-credentials-");
  // Cross-app access: the user's ID token from the enterprise identity provider (the suite's),
  // and the client the server's authorization server registered for this site.
  const text = (key: string) => (typeof context[key] === "string" ? context[key] : undefined);
  const crossApp = scenario.startsWith("auth/cross-app-access")
    ? {
        grant: "cross_app_access",
        idp_token_endpoint: text("idp_token_endpoint"),
        idp_client_id: text("idp_client_id"),
        id_token: text("idp_id_token"),
      }
    : {};
  const credentials = oauth
    ? {
        kind: "oauth",
        ...(machine ? { grant: "client_credentials" } : {}),
        ...crossApp,
        ...(clientId ? { client_id: clientId } : {}),
        ...(clientSecret ? { client_secret: clientSecret } : {}),
        ...(privateKey
          ? { private_key: privateKey, signing_alg: context.signing_algorithm ?? "ES256" }
          : {}),
      }
    : undefined;
  const added = (await api("/api/v1/mcp/external", token, {
    method: "POST",
    body: JSON.stringify({
      name: `conformance ${scenario.replace(/[^\w .-]/g, "-")}`.slice(0, 64),
      url: serverUrl,
      ...(credentials ? { credentials } : {}),
    }),
  })) as { id: string; endpoint: string };
  if (oauth) await signIn(added.id, token);

  const client = new Client({ name: "a2a-chat-conformance-user", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${product}${added.endpoint}`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  const stop = new AbortController();
  const dialogs = answerDialogs(token, stop.signal);
  try {
    const { tools } = await client.listTools();
    for (const tool of tools) {
      const call = () => client.callTool({ name: tool.name, arguments: argumentsFor(tool) });
      const result = await call().catch(async (error: unknown) => {
        // The server wants more access (step-up): the user signs in again, as the message
        // says, and runs the tool again.
        if (!(oauth && /choose Sign in with OAuth/.test(String(error)))) throw error;
        console.log(String(error));
        await signIn(added.id, token);
        return call();
      });
      console.log(`${tool.name}: ${JSON.stringify(result.content).slice(0, 200)}`);
    }
  } finally {
    stop.abort();
    await dialogs.catch((error: unknown) => console.error(error));
    await client.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
