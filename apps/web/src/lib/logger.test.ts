import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultLogLevel, getLogLevel, logger, setLogLevel } from "./logger.js";

describe("logger", () => {
  afterEach(() => {
    setLogLevel(defaultLogLevel);
    vi.restoreAllMocks();
  });

  it("defaults to warn, so info and debug are silent", () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const debug = vi.spyOn(console, "debug").mockImplementation(() => undefined);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(getLogLevel()).toBe("warn");
    logger.info("hello");
    logger.debug("hello");
    logger.warn("careful", 42);
    expect(info).not.toHaveBeenCalled();
    expect(debug).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith("[a2a-chat] careful", 42);
  });

  it("prints info once the level is lowered", () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    setLogLevel("info");
    logger.info("token expires soon");
    expect(info).toHaveBeenCalledWith("[a2a-chat] token expires soon");
  });

  it("drops warnings when the level is error", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    setLogLevel("error");
    logger.warn("ignored");
    logger.error("broken");
    expect(warn).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith("[a2a-chat] broken");
  });
});
