/** Below this many bytes a body goes out as it is: gzip would cost more than it saves. */
export const compressThresholdBytes = 1024;
