import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy*/waitFor wait for a condition; lazily loaded viewers can take longer than the default
// second when the machine is busy (a wait that succeeds returns as soon as it can).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
