import { useCallback, useMemo, useRef, useState } from "react";
import type { BrowseTarget } from "../../api/mcp-browse-api.js";
import type { ToolServer } from "../../api/mcp-registry-api.js";
import { type LogLevel, type ServerNotification, watchUrlOf } from "../../api/mcp-watch-api.js";
import { useAuthStore } from "../../stores/auth-store.js";
import { useToolsStore } from "../../stores/tools-store.js";
import { ServerBrowse } from "./ServerBrowse.js";
import { type LogLine, logText, maxLogLines, ServerLog } from "./ServerLog.js";
import { useServerWatch } from "./useServerWatch.js";

/**
 * What an open server shows under its tools: its resources and prompts, and, for a server this
 * site proxies (one the user added, or one the config file lists), its log and the notifications that keep the lists fresh
 * (a tools list change lists the server's tools again).
 */
export function ServerExtras({ server }: { server: ToolServer }) {
  const token = useAuthStore((s) => s.accessToken);
  const { name, endpoint, auth } = server;
  const target: BrowseTarget = useMemo(
    () => ({ server: { name, endpoint, auth }, token }),
    [name, endpoint, auth, token],
  );
  const [version, setVersion] = useState(0);
  const [viewing, setViewing] = useState<string | null>(null);
  const [updates, setUpdates] = useState<Record<string, number>>({});
  const [level, setLevel] = useState<LogLevel>("info");
  const [lines, setLines] = useState<LogLine[]>([]);
  const nextId = useRef(0);

  const onNotification = useCallback(
    (notification: ServerNotification) => {
      const params = notification.params ?? {};
      switch (notification.method) {
        case "notifications/message":
          nextId.current += 1;
          setLines((current) =>
            [
              ...current,
              {
                id: nextId.current,
                level: String(params.level ?? ""),
                logger: typeof params.logger === "string" ? params.logger : undefined,
                text: logText(params.data),
                at: Date.now(),
              },
            ].slice(-maxLogLines),
          );
          break;
        case "notifications/resources/updated":
          setUpdates((current) => ({ ...current, [String(params.uri)]: Date.now() }));
          break;
        case "notifications/tools/list_changed":
          void useToolsStore.getState().relistServer(name);
          break;
        case "notifications/resources/list_changed":
        case "notifications/prompts/list_changed":
          setVersion((v) => v + 1);
          break;
      }
    },
    [name],
  );
  const watched = server.watchable || server.userServerId ? watchUrlOf(endpoint) : null;
  const error = useServerWatch({
    url: watched,
    token,
    level,
    subscribe: viewing ? [viewing] : [],
    onNotification,
  });

  return (
    <>
      <ServerBrowse target={target} version={version} updates={updates} onViewing={setViewing} />
      {watched ? (
        <ServerLog serverName={name} level={level} onLevel={setLevel} lines={lines} error={error} />
      ) : null}
    </>
  );
}
