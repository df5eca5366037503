import type { RouteObject } from "react-router";
import { AuthGate } from "../auth/AuthGate.js";
import { ChatPage } from "./ChatPage.js";
import { NotFoundPage } from "./NotFoundPage.js";
import { RouteError } from "./RouteError.js";

/**
 * Every client route. The server answers the paths of `spaRoutes` (contracts) with the app's
 * shell; the website (/, /docs …) is prerendered HTML and not part of this app.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        // The website needs no session; the chat renders only once one exists.
        path: "/chat",
        element: (
          <AuthGate>
            <ChatPage />
          </AuthGate>
        ),
      },
      {
        // The redirect form of the passkey sign-in (tools spec §2); the visitor's token moves
        // their data, so it needs the session too.
        // Loaded on demand: the passkey flow stays out of /chat's start-up script.
        path: "/auth/callback",
        lazy: async () => {
          const { AuthCallbackPage } = await import("../accounts/AuthCallbackPage.js");
          return {
            element: (
              <AuthGate>
                <AuthCallbackPage />
              </AuthGate>
            ),
          };
        },
      },
      {
        // A shared conversation: read-only, for anyone with the link, without a session.
        path: "/shared",
        lazy: async () => {
          const { SharedPage } = await import("../shared/SharedPage.js");
          return { element: <SharedPage /> };
        },
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
