import { readFile, writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/** Text files worth sending compressed. */
export const compressible = /\.(js|css|html|svg|json|txt|xml|md)$/;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Writes .gz and .br copies beside a text file of at least 1 KiB, for the server to send as is. */
async function compressOne(file: string): Promise<void> {
  if (!compressible.test(file)) return;
  const data = await readFile(file);
  if (data.length < 1024) return;
  const [gz, br] = await Promise.all([
    gzipAsync(data, { level: 9 }),
    brotliAsync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  ]);
  await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
}

/**
 * Writes .gz and .br copies beside each compressible text file of at least 1 KiB. The files are
 * compressed side by side on libuv's thread pool: brotli at its best quality was 4 s of a 10 s
 * web build when done one file after another on the main thread.
 */
export async function writeCompressedCopies(files: string[]): Promise<void> {
  await Promise.all(files.map(compressOne));
}
