import { useEffect, useState } from "react";
import { fetchLimits } from "../../lib/limits.js";
import { logger } from "../../lib/logger.js";

/** The largest file a user may attach (uploaded once), once the server has said (else undefined). */
export function useAttachmentLimit(): number | undefined {
  const [limit, setLimit] = useState<number>();
  useEffect(() => {
    let live = true;
    fetchLimits().then(
      (limits) => live && setLimit(limits.file_bytes),
      (error: unknown) => logger.warn("Could not read the server's size limits", error),
    );
    return () => {
      live = false;
    };
  }, []);
  return limit;
}
