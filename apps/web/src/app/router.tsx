import { createBrowserRouter } from "react-router";
import { routes } from "./routes.js";

/** The browser router for the whole app. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
