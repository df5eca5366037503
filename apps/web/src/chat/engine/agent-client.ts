import type { Task } from "@a2a-chat/contracts";
import type { Task as SdkTask, StreamResponse } from "@a2a-js/sdk";
import {
  type Client,
  ClientFactory,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  type TransportFactory,
} from "@a2a-js/sdk/client";
import { extensionHeaderOf } from "../../api/agent-extensions.js";
import type { Agent } from "../../api/agent-types.js";
import { messages } from "../../lib/api-error.js";
import { logger } from "../../lib/logger.js";
import { goesToThisOrigin, sameOriginCredentials } from "../../lib/same-origin-credentials.js";
import { newTraceId } from "../../lib/trace-id.js";
import type { ChatStreamEvent } from "../model/chat-types.js";
import {
  AgentClientError,
  connectFailedMessage,
  type HttpFailure,
  toAgentClientError,
} from "./agent-client-error.js";
import { installBufferShim } from "./buffer-shim.js";
import { type OutgoingMessage, outgoingToSdk } from "./outgoing-message.js";
import { eventsFromSdk } from "./sdk-events.js";
import { type TaskFallback, taskFromSdk } from "./sdk-task.js";

/** Options of a streaming send. */
export interface SendStreamOptions {
  /** Where the agent should push task updates (only used when its card supports push). */
  pushUrl?: string;
  /** The token the push endpoint accepts (the user's access token). */
  token?: string;
  signal?: AbortSignal;
}

/** What the chat needs from an agent: the A2A operations of core spec §7, in domain types. */
export interface AgentClient {
  /** Sends a message and yields what the agent streams back until the task ends or waits. */
  sendStream(message: OutgoingMessage, options?: SendStreamOptions): AsyncIterable<ChatStreamEvent>;
  /** Re-attaches to a running task: yields its current state, then what follows. */
  resubscribe(taskId: string, options?: { signal?: AbortSignal }): AsyncIterable<ChatStreamEvent>;
  getTask(id: string): Promise<Task>;
  cancelTask(id: string): Promise<Task>;
}

/** Makes the client of an agent; replaceable in tests. */
export type AgentClientFactory = (agent: Agent, getToken: () => string | null) => AgentClient;

async function failureOf(response: Response): Promise<HttpFailure> {
  try {
    const body: unknown = await response.clone().json();
    const message =
      body && typeof body === "object" && "message" in body && typeof body.message === "string"
        ? body.message
        : undefined;
    return { status: response.status, ...(message ? { message } : {}) };
  } catch {
    return { status: response.status };
  }
}

/** Whether a successful answer is JSON-RPC: JSON, or the event stream of a streaming call. */
function speaksJsonRpc(response: Response): boolean {
  if (response.status === 204) return true;
  const type = response.headers.get("content-type") ?? "";
  return type.includes("json") || type.includes("text/event-stream");
}

function linkedController(signal?: AbortSignal): AbortController {
  const controller = new AbortController();
  if (signal?.aborted) controller.abort(signal.reason);
  signal?.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
  return controller;
}

/**
 * The A2A client of one agent, built on the official SDK from the stored card (no discovery):
 * protocol 1.0 over JSON-RPC, or the SDK's v0.3 compat transport when the agent speaks 0.3.
 * Every HTTP call carries the current bearer token and a fresh x-trace-id.
 */
export function createAgentClient(
  agent: Agent,
  getToken: () => string | null,
  options: { fetchImpl?: typeof fetch } = {},
): AgentClient {
  installBufferShim();
  const baseFetch = options.fetchImpl ?? ((input, init) => fetch(input, init));
  // Failed HTTP answers by the signal of the call that got them, so errors can name the status.
  const failures = new WeakMap<AbortSignal, HttpFailure>();
  // The bearer token goes only where a request really goes to this origin (see
  // sameOriginCredentials): a card may list this site first and another host last.
  const credentialed = sameOriginCredentials(baseFetch, { getToken });
  const extensionHeader = extensionHeaderOf(agent);
  const fetchImpl: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("x-trace-id", newTraceId());
    // The extensions of the agent's card this client understands (see supportedExtensionUris).
    if (extensionHeader) headers.set(...extensionHeader);
    const response = await credentialed(input, { ...init, headers });
    if (!init?.signal) return response;
    if (!response.ok) failures.set(init.signal, await failureOf(response));
    else if (!speaksJsonRpc(response)) {
      // A proxy's or a web server's page where the agent should be: the SDK would fail with a
      // parse error of its own; the user reads the catalogue's text instead (core spec §8).
      const type = response.headers.get("content-type") ?? "unknown";
      failures.set(init.signal, { status: response.status, message: messages.notJson(type) });
    }
    return response;
  };
  // Where the SDK will send this agent's calls: the interface it picks from the card.
  let endpoint: string | undefined;
  const recordEndpoint = (factory: TransportFactory): TransportFactory => ({
    get protocolName() {
      return factory.protocolName;
    },
    create(url, card) {
      endpoint = url;
      return factory.create(url, card);
    },
  });

  const legacy = agent.protocol === "0.3";
  const compat = legacy ? { legacyCompat: { enabled: true } } : {};
  const resolver = new DefaultAgentCardResolver({ fetchImpl, ...compat });
  const factory = new ClientFactory({
    transports: [recordEndpoint(new JsonRpcTransportFactory({ fetchImpl, ...compat }))],
    cardResolver: resolver,
  });
  let client: Promise<Client> | undefined;
  const sdkClient = () => {
    if (!client) {
      const created = (async () => {
        try {
          return await factory.createFromAgentCard(resolver.normalizeAgentCard(agent.card));
        } catch (error) {
          logger.warn(`No A2A client for ${agent.url}`, error);
          throw new AgentClientError(connectFailedMessage(agent.url), undefined, undefined, true);
        }
      })();
      // A card that cannot be used now may work on a later call: do not keep the failure.
      created.catch(() => {
        if (client === created) client = undefined;
      });
      client = created;
    }
    return client;
  };

  // Read for the few events that lack a time of their own: not worth a Date per streamed token.
  const fallback = (): TaskFallback => ({
    agentName: agent.name,
    agentDisplayName: agent.displayName,
    get now() {
      return new Date().toISOString();
    },
  });
  const domainTask = (task: SdkTask): Task => {
    const converted = taskFromSdk(task, fallback());
    if (!converted) throw new AgentClientError(`A2A Error: Invalid task ${task.id}`);
    return converted;
  };

  async function call<T>(run: (c: Client, signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = linkedController();
    try {
      return await run(await sdkClient(), controller.signal);
    } catch (error) {
      throw toAgentClientError(error, failures.get(controller.signal));
    }
  }

  async function* stream(
    open: (c: Client, signal: AbortSignal) => AsyncGenerator<StreamResponse, void, undefined>,
    signal?: AbortSignal,
  ): AsyncGenerator<ChatStreamEvent, void, undefined> {
    const controller = linkedController(signal);
    try {
      for await (const response of open(await sdkClient(), controller.signal)) {
        yield* eventsFromSdk(response, fallback());
      }
    } catch (error) {
      throw toAgentClientError(error, failures.get(controller.signal));
    } finally {
      // Leaving early (a consumer's break) must close the HTTP stream too.
      controller.abort();
    }
  }

  return {
    sendStream(message, { pushUrl, token, signal } = {}) {
      return stream((c, s) => {
        // The push token is the session token: only an agent this site serves may hold it,
        // decided from where the SDK sends the message, not from the card's first interface.
        const push =
          pushUrl && token && agent.capabilities.pushNotifications && endpoint
            ? goesToThisOrigin(endpoint)
            : false;
        const configuration = push
          ? {
              acceptedOutputModes: [],
              returnImmediately: false,
              taskPushNotificationConfig: {
                tenant: "",
                id: "",
                taskId: "",
                url: pushUrl ?? "",
                token: token ?? "",
                authentication: undefined,
              },
            }
          : undefined;
        const params = {
          tenant: "",
          message: outgoingToSdk(message),
          configuration,
          metadata: undefined,
        };
        return c.sendMessageStream(params, { signal: s });
      }, signal);
    },
    resubscribe(taskId, { signal } = {}) {
      return stream((c, s) => c.resubscribeTask({ tenant: "", id: taskId }, { signal: s }), signal);
    },
    getTask: (id) =>
      call(async (c, signal) => domainTask(await c.getTask({ tenant: "", id }, { signal }))),
    cancelTask: (id) =>
      call(async (c, signal) =>
        domainTask(await c.cancelTask({ tenant: "", id, metadata: undefined }, { signal })),
      ),
  };
}
