// Whole-file writes that appear only when complete and never follow a link: the content goes
// to a fresh temp file beside the target, opened exclusively (O_CREAT|O_EXCL refuses an
// existing name, a link included, so nothing planted at a guessable name is written through),
// owner-only, fsynced, then renamed over the target. Just before the rename the temp file must
// still be the one written (same device and inode, a regular file) and the target must not be
// a link or anything but a regular file. The report cache (cache/atomicFile) and exports both
// write this way. Plain Node, no editor API.
import * as l10n from '@vscode/l10n';
import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import * as fs from 'node:fs/promises';

/** Owner-only: exports and the cache hold report data. */
export const FILE_MODE = 0o600;
/** What every temp file's name ends with, after `<target>.<16 hex digits>`. */
export const TEMP_SUFFIX = '.tmp';

/** Writes one chunk; resolves when all of it is written. */
export type ChunkWriter = (chunk: Uint8Array) => Promise<void>;

/** A write refused because of what is at the target (a link, a folder); the message says what to do. */
export class WriteRefusedError extends Error {
  override readonly name = 'WriteRefusedError';
  constructor(
    message: string,
    readonly target: string,
  ) {
    super(message);
  }
}

/**
 * Runs `produce` with a writer into a fresh temp file beside `target`, then fsyncs and renames
 * it over `target`. If `produce` throws, or any step fails, the temp file is removed, `target`
 * is as it was, and the error is rethrown.
 */
export async function writeThroughTemp(target: string, produce: (write: ChunkWriter) => Promise<void>, mode = FILE_MODE): Promise<void> {
  // Random, so two writers (two windows sharing a folder) never share a temp file.
  const temp = `${target}.${randomBytes(8).toString('hex')}${TEMP_SUFFIX}`;
  let renamed = false;
  try {
    const handle = await fs.open(temp, 'wx', mode);
    let written: Stats;
    try {
      // The umask can only remove bits, but an odd one could make the file unreadable to its
      // owner; chmod states the mode exactly.
      await handle.chmod(mode);
      await produce(async (chunk) => {
        for (let offset = 0; offset < chunk.byteLength;) {
          const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
          offset += bytesWritten;
        }
      });
      await handle.sync();
      written = await handle.stat();
    } finally {
      await handle.close();
    }
    const now = await fs.lstat(temp);
    if (!now.isFile() || now.dev !== written.dev || now.ino !== written.ino)
      throw new WriteRefusedError(
        l10n.t('the temporary file {0} was replaced while it was written; nothing was saved: try again', temp),
        target,
      );
    await refuseLinkOrOther(target);
    await renameWithRetry(temp, target);
    renamed = true;
  } finally {
    // rm removes a link itself, never what it points to.
    if (!renamed) await fs.rm(temp, { force: true }).catch(() => undefined);
  }
}

export interface NewFileOptions {
  readonly signal?: AbortSignal;
  /** Default 0600. */
  readonly mode?: number;
}

/** Chunks are gathered to about this many characters per write: one system call per CSV row would be slow. */
const WRITE_BATCH = 64 * 1024;

/**
 * Writes `chunks` to `target` (a file the user chose, outside any repository) as it is
 * produced, awaiting each write: 'cancelled' when the signal fired, with nothing left behind.
 * Throws WriteRefusedError when `target` is a symbolic link or not a regular file; an existing
 * regular file is replaced (the save dialog asked).
 */
export async function writeNewFileExclusive(
  target: string,
  chunks: AsyncIterable<string | Uint8Array>,
  options: NewFileOptions = {},
): Promise<'written' | 'cancelled'> {
  const { signal } = options;
  await refuseLinkOrOther(target);
  try {
    await writeThroughTemp(
      target,
      async (write) => {
        let pending: string[] = [];
        let size = 0;
        const flush = async () => {
          if (size === 0) return;
          const text = pending.join('');
          pending = [];
          size = 0;
          await write(Buffer.from(text, 'utf8'));
        };
        for await (const chunk of chunks) {
          if (signal?.aborted) throw new Error('cancelled');
          if (typeof chunk === 'string') {
            pending.push(chunk);
            size += chunk.length;
            if (size >= WRITE_BATCH) await flush();
          } else {
            await flush();
            await write(chunk);
          }
        }
        await flush();
        if (signal?.aborted) throw new Error('cancelled');
      },
      options.mode ?? FILE_MODE,
    );
    return 'written';
  } catch (e) {
    if (signal?.aborted) return 'cancelled';
    throw e;
  }
}

async function refuseLinkOrOther(target: string): Promise<void> {
  let stats: Stats;
  try {
    stats = await fs.lstat(target);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  if (stats.isSymbolicLink())
    throw new WriteRefusedError(
      l10n.t('{0} is a symbolic link; nothing is written through a link: choose another name, or remove the link first', target),
      target,
    );
  if (!stats.isFile())
    throw new WriteRefusedError(
      stats.isDirectory()
        ? l10n.t('{0} is a folder; choose another name', target)
        : l10n.t('{0} is not a regular file; choose another name', target),
      target,
    );
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
