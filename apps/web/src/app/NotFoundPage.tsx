import { useLocation } from "react-router";
import { ErrorScreen } from "./RouteError.js";

/** Shown for any client path no route claims: the generic error page with status 404. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <ErrorScreen
      status="404"
      heading="Page not found"
      text="There is nothing at this address."
      details={`No page of the app answers ${pathname}.`}
    />
  );
}
