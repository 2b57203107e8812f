// The report cache's writes and deletions, queued per file: each task on a file starts when
// every earlier one on that file has settled, while tasks on different files run side by side.
// So two writes of one report never interleave (the last call's content is what stays), a
// deletion never overtakes the write it follows, and a slow report write holds up neither the
// index nor other reports. One queue serves every cache of the process, so two caches of the
// same origin and key (one being replaced by the next) share it too.
import * as path from 'node:path';

export class WriteQueue {
  /** Per file (absolute path): the tail of its queue, which settles and never rejects; gone once idle. */
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `task` after every earlier task on `file`; the queue goes on whether it fails or not. */
  run<T>(file: string, task: () => Promise<T>): Promise<T> {
    const run = (this.tails.get(file) ?? Promise.resolve()).then(task);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(file, tail);
    void tail.then(() => {
      if (this.tails.get(file) === tail) this.tails.delete(file);
    });
    return run;
  }

  /** Whether a task on `file` is queued or running. */
  has(file: string): boolean {
    return this.tails.has(file);
  }

  /** Resolves once no task on a file directly in `dir` is queued or running, those queued meanwhile included. */
  async settle(dir: string): Promise<void> {
    for (;;) {
      const pending = [...this.tails].filter(([file]) => path.dirname(file) === dir).map(([, tail]) => tail);
      if (pending.length === 0) return;
      await Promise.all(pending);
    }
  }
}
