import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import {
  AgentCard,
  Extensions,
  generateAgentCardSignature,
  HTTP_EXTENSION_HEADER,
  Role,
} from "@a2a-js/sdk";
import { LegacyJsonRpcTransportHandler } from "@a2a-js/sdk/compat/v0_3/server";
import {
  AgentEvent,
  type AgentExecutor,
  DefaultRequestHandler,
  defaultServerCallContextBuilder,
  InMemoryTaskStore,
  JsonRpcTransportHandler,
  type ServerCallContext,
  UnauthenticatedUser,
  type User,
} from "@a2a-js/sdk/server";
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from "jose";

/** The bearer token the card agent takes as signed in. */
export const cardAgentToken = "card-agent-token";

export interface CardAgentOptions {
  /** Sign the card (and the extended card) with the agent's own key, published at its JWKS. */
  signed?: boolean;
  /** Changes the served card after it is signed (a tampered copy). */
  tamper?: (card: Record<string, unknown>) => Record<string, unknown>;
  /** Where the JWS header says the key is; by default this agent's own JWKS. */
  jku?: (url: string) => string;
  /** Extensions the card declares. */
  extensions?: { uri: string; required: boolean; description: string }[];
  /** Skills only a caller with cardAgentToken sees, on the authenticated extended card. */
  extendedSkills?: string[];
}

class TokenUser implements User {
  get isAuthenticated() {
    return true;
  }
  get userName() {
    return "signed-in";
  }
}

const skill = (id: string) => ({
  id,
  name: id,
  description: `Does ${id}`,
  tags: [],
  examples: [],
  inputModes: [],
  outputModes: [],
  securityRequirements: [],
});

/**
 * A real @a2a-js/sdk agent on loopback for card features: its card signed by the SDK's own signer
 * (DefaultRequestHandler's signature generator) with a key it publishes at
 * /.well-known/jwks.json, an authenticated extended card for callers with cardAgentToken, the
 * extensions it is told to declare; it answers every message "ok" and records request headers.
 */
export async function startCardAgent(options: CardAgentOptions = {}) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pair = await generateKeyPair("ES256", { extractable: true });
  const publicJwk = await exportJWK(pair.publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
  const card: AgentCard = AgentCard.fromJSON({
    name: "Card agent",
    description: "Has a card worth checking",
    version: "2.0.0",
    supportedInterfaces: [{ url, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
    capabilities: {
      streaming: false,
      extensions: options.extensions ?? [],
      extendedAgentCard: (options.extendedSkills ?? []).length > 0,
    },
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [skill("public-skill")],
  });
  const extended: AgentCard = {
    ...card,
    skills: [...card.skills, ...(options.extendedSkills ?? []).map(skill)],
  };
  const signer = options.signed
    ? generateAgentCardSignature(pair.privateKey, {
        alg: "ES256",
        kid,
        typ: "JOSE",
        jku: options.jku?.(url) ?? `${url}/.well-known/jwks.json`,
      })
    : undefined;
  const executor: AgentExecutor = {
    async execute(request, bus) {
      bus.publish(
        AgentEvent.message({
          messageId: randomUUID(),
          contextId: request.contextId,
          taskId: "",
          role: Role.ROLE_AGENT,
          parts: [
            {
              content: { $case: "text", value: "ok" },
              mediaType: "",
              filename: "",
              metadata: undefined,
            },
          ],
          extensions: [],
          referenceTaskIds: [],
          metadata: undefined,
        }),
      );
      bus.finished();
    },
    async cancelTask() {},
  };
  const handler = new DefaultRequestHandler(
    card,
    new InMemoryTaskStore(),
    executor,
    undefined,
    undefined,
    undefined,
    async (context: ServerCallContext) => (context.user?.isAuthenticated ? extended : card),
    signer,
  );
  const v1 = new JsonRpcTransportHandler(handler);
  const legacy = new LegacyJsonRpcTransportHandler(handler);

  server.on("request", (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      seen.push({ path: req.url ?? "", headers: req.headers });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method === "GET" && req.url === "/.well-known/jwks.json")
        return send(200, { keys: [{ ...publicJwk, kid, alg: "ES256", use: "sig" }] });
      if (req.method === "GET" && req.url === "/.well-known/agent-card.json") {
        const served = AgentCard.toJSON(await handler.getAgentCard()) as Record<string, unknown>;
        return send(200, options.tamper ? options.tamper(served) : served);
      }
      if (req.method !== "POST") return send(404, { error: "not found" });
      const version = req.headers["a2a-version"];
      const signedIn = req.headers.authorization === `Bearer ${cardAgentToken}`;
      // As the SDK's own servers do: the extensions the client names, which it enforces.
      const named = req.headers[HTTP_EXTENSION_HEADER.toLowerCase()];
      const context = defaultServerCallContextBuilder({
        extensions: Extensions.parseServiceParameter(typeof named === "string" ? named : undefined),
        headers: {},
        user: signedIn ? new TokenUser() : new UnauthenticatedUser(),
        requestedVersion: typeof version === "string" ? version : undefined,
      });
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const useLegacy = version === undefined || version === "0.3";
      send(200, await (useLegacy ? legacy : v1).handle(body, context));
    });
  });

  return {
    url,
    /** The path and headers of every request, in order. */
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
