// Atomic, owner-only file writes for the report cache: the content goes to a temp file beside
// the target (mode 0600, fsynced), which is then renamed over it, so a reader sees the old file
// or the new one, never a mix, and a crash leaves at most a stray temp file (swept by the
// cache). Written by hand rather than with write-file-atomic (6.5 KB minified with its one
// dependency: affordable in the bundle, but not a fit): it takes the whole content as one
// string or Buffer — a cached 100k-issue report would be built as one ~100 MB string and its
// Buffer copy — and it installs signal-exit, which patches process.emit and
// process.reallyExit of the extension host every extension shares. Here the content is
// produced in chunks, so a write needs one chunk of memory beyond the data it serialises.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';

/** Files of the cache: read and written by the user only. */
const FILE_MODE = 0o600;
/** Directories of the cache. */
export const DIR_MODE = 0o700;
/** Every temp file ends with this; anything so named in a cache directory is debris. */
export const TEMP_SUFFIX = '.tmp';

/** Writes one chunk; resolves when all of it is written. */
export type ChunkWriter = (chunk: Uint8Array) => Promise<void>;

/**
 * Runs `produce` with a writer into a fresh temp file beside `file`, then fsyncs and renames
 * it over `file`. If `produce` throws, or any step fails, the temp file is removed, `file` is
 * as it was, and the error is rethrown.
 */
export async function writeFileAtomic(file: string, produce: (write: ChunkWriter) => Promise<void>): Promise<void> {
  // Random, so two windows (separate processes sharing globalStorage) never share a temp file.
  const temp = `${file}.${randomBytes(8).toString('hex')}${TEMP_SUFFIX}`;
  let renamed = false;
  try {
    const handle = await fs.open(temp, 'wx', FILE_MODE);
    try {
      // The umask can only remove bits from 0600, but an odd one could make the file
      // unreadable to its owner; chmod states the mode exactly.
      await handle.chmod(FILE_MODE);
      await produce(async (chunk) => {
        for (let offset = 0; offset < chunk.byteLength;) {
          const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
          offset += bytesWritten;
        }
      });
      await handle.sync();
    } finally {
      await handle.close();
    }
    await renameWithRetry(temp, file);
    renamed = true;
  } finally {
    if (!renamed) await fs.rm(temp, { force: true }).catch(() => undefined);
  }
}

/**
 * On Windows a rename over a file another process has open (a reader in another window, a
 * virus scanner) fails for a moment with EPERM, EACCES or EBUSY; elsewhere it never does.
 */
async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await fs.rename(from, to);
      return;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (attempt >= 4 || process.platform !== 'win32' || !(code === 'EPERM' || code === 'EACCES' || code === 'EBUSY')) throw e;
      await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
    }
  }
}
