import { lazy, Suspense } from "react";
import type { RouteObject } from "react-router";
import { AuthGate } from "../auth/AuthGate.js";
import { ChatPage } from "../chat/ChatPage.js";
import { NotFoundPage } from "./NotFoundPage.js";
import { RouteError } from "./RouteError.js";

// The website's pages load on their own: the chat does not need them.
const HomePage = lazy(() => import("../site/HomePage.js").then((m) => ({ default: m.HomePage })));

/** Every client route. The server answers any of these paths with index.html. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        path: "/",
        element: (
          <Suspense fallback={null}>
            <HomePage />
          </Suspense>
        ),
      },
      {
        // The website needs no session; the chat renders only once one exists.
        path: "/chat",
        element: (
          <AuthGate>
            <ChatPage />
          </AuthGate>
        ),
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
