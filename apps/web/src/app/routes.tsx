import type { RouteObject } from "react-router";
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
      { path: "/chat", element: <ChatPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
