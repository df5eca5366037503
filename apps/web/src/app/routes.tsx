import type { RouteObject } from "react-router";
import { AuthGate } from "../auth/AuthGate.js";
import { ChatPage } from "../chat/ChatPage.js";
import { HomePage } from "../site/HomePage.js";
import { NotFoundPage } from "./NotFoundPage.js";
import { RouteError } from "./RouteError.js";

/** Every client route. The server answers any of these paths with index.html. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: "/", element: <HomePage /> },
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
