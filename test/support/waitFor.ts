// Polling until something holds, for every test and benchmark that waits on the editor or the
// sandbox: one implementation, failing with what it waited for.

/** Polls `check` every `intervalMs` until it returns a truthy value, failing with `what` after `timeoutMs`. */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 10_000, intervalMs = 25): Promise<NonNullable<T>> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
