// Atomic, owner-only file writes for the report cache: the content goes to a temp file beside
// the target (mode 0600, fsynced), which is then renamed over it, so a reader sees the old file
// or the new one, never a mix, and a crash leaves at most a stray temp file (swept by the
// cache). The write itself is the write gate's (writeGate/exclusiveFile), shared with exports.
// Written by hand rather than with write-file-atomic (6.5 KB minified with its one
// dependency: affordable in the bundle, but not a fit): it takes the whole content as one
// string or Buffer — a cached 100k-issue report would be built as one ~100 MB string and its
// Buffer copy — and it installs signal-exit, which patches process.emit and
// process.reallyExit of the extension host every extension shares. Here the content is
// produced in chunks, so a write needs one chunk of memory beyond the data it serialises.
import { FILE_MODE, TEMP_SUFFIX, writeThroughTemp, type ChunkWriter } from '../writeGate/exclusiveFile';

/** Every temp file ends with this; anything so named in a cache directory is debris. */
export { TEMP_SUFFIX };

/** Directories of the cache. */
export const DIR_MODE = 0o700;

/**
 * Runs `produce` with a writer into a fresh temp file beside `file`, then fsyncs and renames
 * it over `file`. If `produce` throws, or any step fails, the temp file is removed, `file` is
 * as it was, and the error is rethrown.
 */
export async function writeFileAtomic(file: string, produce: (write: ChunkWriter) => Promise<void>): Promise<void> {
  await writeThroughTemp(file, produce, FILE_MODE);
}
