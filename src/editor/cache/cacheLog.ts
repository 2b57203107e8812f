// How the report cache words its log lines. A problem of the cache (a discarded file, a failed
// write) is a log line and a cache miss, never an error the user sees, so the log must not
// throw either; and a line carries no stack and no raw server text, so paths of the user's
// profile and whatever a report id holds stay out of it.
import { errorMessage } from '../../common/errors';
import { oneLine } from '../../common/text';

/** `log`, each line marked as the cache's; a log that throws is ignored. */
export function cacheLog(log: (message: string) => void): (message: string) => void {
  return (message) => {
    try {
      log(`Report cache: ${message}`);
    } catch {
      // A log that throws must not turn a cache miss into a failure.
    }
  };
}

/** A server id in a log line: cleaned and short. */
export function quoteId(id: string): string {
  return `"${oneLine(id, 60)}"`;
}

/** An error for the log: its code and message, never a stack (paths of the user's profile stay out). */
export function describe(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return code ?? errorMessage(e);
}
