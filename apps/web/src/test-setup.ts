import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
// Registers the session token provider lib/ and api/ call the server with, as the app's auth gate does.
import "./auth/refresh.js";

// findBy*/waitFor wait for a condition; lazily loaded viewers can take longer than the default
// second when the machine is busy (a wait that succeeds returns as soon as it can; on a slow
// machine's full run the web tests ran up to 15 times slower than idle).
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => cleanup());
