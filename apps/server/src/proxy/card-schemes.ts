import type { CardScheme } from "@a2a-chat/contracts";
import { remoteSecurity } from "./remote-security.js";

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() ? value.trim().slice(0, 2048) : undefined;

/** Where an OAuth 2.0 or OpenID Connect scheme says its authorization server is. */
export interface SchemeAuthorization {
  /** OAuth 2.0 authorization-code flow's endpoints, as the card gives them. */
  authorizationUrl?: string;
  tokenUrl?: string;
  /** RFC 8414 metadata (OAuth 2.0 `oauth2MetadataUrl`) or OpenID discovery (`openIdConnectUrl`). */
  metadataUrl?: string;
  openId: boolean;
}

/** A card scheme as offered, with what signing in to it needs. */
export interface ParsedScheme {
  scheme: CardScheme;
  authorization?: SchemeAuthorization;
}

function parseOne(name: string, json: unknown): ParsedScheme {
  const body = isRecord(json) ? json : {};
  const description = (kind: Json) => {
    const said = text(kind.description);
    return said ? { description: said.slice(0, 500) } : {};
  };
  if (isRecord(body.apiKeySecurityScheme)) {
    const kind = body.apiKeySecurityScheme;
    const location = kind.location;
    const keyName = text(kind.name);
    const known = location === "header" || location === "query" || location === "cookie";
    return {
      scheme: {
        type: "apiKey",
        name,
        key_name: keyName ?? "",
        location: known ? location : "header",
        ...description(kind),
        signable: known && keyName !== undefined,
      },
    };
  }
  if (isRecord(body.httpAuthSecurityScheme)) {
    const kind = body.httpAuthSecurityScheme;
    const scheme = (text(kind.scheme) ?? "").toLowerCase();
    return {
      scheme: {
        type: "http",
        name,
        scheme,
        ...description(kind),
        signable: scheme === "bearer" || scheme === "basic",
      },
    };
  }
  if (isRecord(body.oauth2SecurityScheme)) {
    const kind = body.oauth2SecurityScheme;
    const flows = isRecord(kind.flows) ? kind.flows : {};
    const code = isRecord(flows.authorizationCode) ? flows.authorizationCode : undefined;
    const authorizationUrl = text(code?.authorizationUrl);
    const tokenUrl = text(code?.tokenUrl);
    const metadataUrl = text(kind.oauth2MetadataUrl);
    const scopes = isRecord(code?.scopes) ? Object.keys(code.scopes).slice(0, 50) : [];
    return {
      scheme: {
        type: "oauth2",
        name,
        scopes,
        ...description(kind),
        // Only the authorization-code flow signs a person in (with PKCE).
        signable: code !== undefined && ((!!authorizationUrl && !!tokenUrl) || !!metadataUrl),
      },
      authorization: {
        ...(authorizationUrl ? { authorizationUrl } : {}),
        ...(tokenUrl ? { tokenUrl } : {}),
        ...(metadataUrl ? { metadataUrl } : {}),
        openId: false,
      },
    };
  }
  if (isRecord(body.openIdConnectSecurityScheme)) {
    const kind = body.openIdConnectSecurityScheme;
    const metadataUrl = text(kind.openIdConnectUrl);
    return {
      scheme: { type: "openIdConnect", name, ...description(kind), signable: !!metadataUrl },
      ...(metadataUrl ? { authorization: { metadataUrl, openId: true } } : {}),
    };
  }
  const other = Object.values(body).find(isRecord);
  return { scheme: { type: "other", name, ...(other ? description(other) : {}), signable: false } };
}

/** The security schemes an added agent's card (v1.0 or v0.3) declares, in the card's order. */
export function cardSchemes(card: Json): ParsedScheme[] {
  const { securitySchemes } = remoteSecurity(card);
  return Object.entries(securitySchemes).map(([name, json]) => parseOne(name, json));
}

/**
 * The scopes to ask for with an OAuth scheme: those the card's requirements name for it, else
 * all the flow declares; OpenID Connect always asks for `openid`.
 */
export function schemeScopes(card: Json, parsed: ParsedScheme): string[] {
  const { securityRequirements } = remoteSecurity(card);
  const required = new Set<string>();
  for (const requirement of securityRequirements)
    for (const scope of requirement.schemes[parsed.scheme.name]?.list ?? []) required.add(scope);
  const scopes =
    required.size > 0 ? [...required] : parsed.scheme.type === "oauth2" ? parsed.scheme.scopes : [];
  if (parsed.authorization?.openId && !scopes.includes("openid")) scopes.unshift("openid");
  return scopes;
}
