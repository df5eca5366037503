import { useSettingsStore } from "../../stores/settings-store.js";

/** Label of the debug mode switch. */
export const debugModeLabel = "Debug mode";

/** The 'Debug mode' switch, bound to the stored setting (it shows internal artifacts). */
export function DebugModeToggle() {
  const debugMode = useSettingsStore((state) => state.debugMode);
  const toggleDebugMode = useSettingsStore((state) => state.toggleDebugMode);
  return (
    // A narrow tools column (160 px: tablet, 1024 px) holds label and switch on one line at 12 px.
    <div className="@container">
      <button
        type="button"
        role="switch"
        aria-checked={debugMode}
        onClick={toggleDebugMode}
        title="Shows internal artifacts"
        className="flex w-full items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm text-neutral-300 transition-colors duration-150 hover:bg-surface-raised @max-[9.5rem]:px-1 @max-[9.5rem]:text-xs"
      >
        <span className="whitespace-nowrap">{debugModeLabel}</span>
        <span
          aria-hidden="true"
          className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors duration-150 ${
            debugMode ? "bg-primary-500" : "bg-neutral-700"
          }`}
        >
          <span
            className={`size-4 rounded-full bg-white transition-transform duration-150 ${
              debugMode ? "translate-x-4.5" : "translate-x-0.5"
            }`}
          />
        </span>
      </button>
    </div>
  );
}
