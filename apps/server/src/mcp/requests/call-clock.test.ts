import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { CallClock, keepAliveMs } from "./call-clock.js";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it("runs out after the idle time without news, with a request timeout", () => {
  const clock = new CallClock(1000);
  vi.advanceTimersByTime(999);
  expect(clock.signal.aborted).toBe(false);
  vi.advanceTimersByTime(1);
  expect(clock.signal.reason).toBeInstanceOf(McpError);
  expect((clock.signal.reason as McpError).code).toBe(ErrorCode.RequestTimeout);
});

it("starts over on progress", () => {
  const clock = new CallClock(1000);
  vi.advanceTimersByTime(800);
  clock.progress();
  vi.advanceTimersByTime(800);
  expect(clock.signal.aborted).toBe(false);
  vi.advanceTimersByTime(200);
  expect(clock.signal.aborted).toBe(true);
});

it("stands still while the user is asked, keeping the caller informed, then starts over", () => {
  const onWaiting = vi.fn();
  const clock = new CallClock(1000, onWaiting);
  clock.waiting();
  vi.advanceTimersByTime(keepAliveMs * 3);
  expect(clock.signal.aborted).toBe(false);
  expect(onWaiting).toHaveBeenCalledTimes(3);
  clock.answered();
  vi.advanceTimersByTime(keepAliveMs);
  expect(onWaiting).toHaveBeenCalledTimes(3);
  expect(clock.signal.aborted).toBe(true);
});

it("stops", () => {
  const clock = new CallClock(1000);
  clock.stop();
  vi.advanceTimersByTime(5000);
  expect(clock.signal.aborted).toBe(false);
});
