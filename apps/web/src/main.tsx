import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { listServerTools } from "./api/list-server-tools.js";
import { createAppRouter } from "./app/router.js";
import { listToolsOffThread } from "./chat/engine/worker/agent-worker-instance.js";
import "./index.css";
import { listToolsWith } from "./stores/tools-store.js";

// The MCP client runs in the agent worker: it is not part of /chat's start-up script.
listToolsWith((options) => listToolsOffThread(options, listServerTools));

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={createAppRouter()} />
  </StrictMode>,
);
