import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Text files worth sending compressed. */
export const compressible = /\.(js|css|html|svg|json|txt|xml|md)$/;

/** Writes .gz and .br copies beside a text file of at least 1 KiB, for the server to send as is. */
export function writeCompressedCopies(file: string): void {
  if (!compressible.test(file)) return;
  const data = readFileSync(file);
  if (data.length < 1024) return;
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
