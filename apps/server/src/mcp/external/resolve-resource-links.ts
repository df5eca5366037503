import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/sdk/types.js";

/** At most this many links of one result are read. */
export const maxResolvedLinks = 10;
/** A resource larger than this (its text, or its blob's base64) stays a link. */
export const maxResolvedChars = 2_000_000;

export interface ResolveOptions {
  timeout: number;
  signal?: AbortSignal;
}

/** Whether a browser can open the URI itself (http, https); others only the server can read. */
function opensInBrowser(uri: string): boolean {
  try {
    const { protocol } = new URL(uri);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

async function read(
  client: Client,
  block: Extract<ContentBlock, { type: "resource_link" }>,
  options: ResolveOptions,
): Promise<ContentBlock> {
  try {
    const { contents } = await client.readResource({ uri: block.uri }, options);
    const content = contents.find((c) => c.uri === block.uri) ?? contents[0];
    if (!content) return block;
    const size = "text" in content ? content.text.length : content.blob.length;
    if (size > maxResolvedChars) return block;
    return {
      type: "resource",
      resource: { ...content, mimeType: content.mimeType ?? block.mimeType },
      ...(block.annotations ? { annotations: block.annotations } : {}),
    } as ContentBlock;
  } catch {
    // Unreadable (gone, refused, too slow): kept as the link it was.
    return block;
  }
}

/**
 * The result as it is recorded in the conversation: each resource link whose URI the browser
 * cannot open itself (a server's own scheme, such as file: or demo:) is read from the server in
 * the same session (resources/read) and kept as the embedded resource it points at, so the
 * stored result can be opened after the session is gone. Links that fail to read, are too
 * large, or come past the first maxResolvedLinks stay links; the caller's result is unchanged.
 */
export async function resolveResourceLinks(
  client: Client,
  result: CallToolResult,
  options: ResolveOptions,
): Promise<CallToolResult> {
  if (!Array.isArray(result.content) || client.getServerCapabilities()?.resources === undefined)
    return result;
  let budget = maxResolvedLinks;
  const content: ContentBlock[] = [];
  for (const block of result.content) {
    if (block.type === "resource_link" && !opensInBrowser(block.uri) && budget > 0) {
      budget -= 1;
      content.push(await read(client, block, options));
    } else content.push(block);
  }
  return { ...result, content };
}
