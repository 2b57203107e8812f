// A real ReportStore in plain Node: a ready connection's stand-in around a client bound to a
// sandbox on loopback, a log that records its lines, progress that just runs the task, and the
// failures it announces.
import type { FixReportsClient } from '../../../../src/api/client';
import type { Connection } from '../../../../src/editor/connection';
import { ExtensionLog } from '../../../../src/editor/log';
import { ReportStore, type StoreFailure } from '../../../../src/editor/reportStore';
import type { StoreCaches } from '../../../../src/editor/store/types';
import type { Sandbox } from '../../../../tools/sandbox/server';
import { clientFor } from '../../helpers';

export interface Harness {
  store: ReportStore;
  client: FixReportsClient;
  log: string[];
  failures: StoreFailure[];
  close(): Promise<void>;
}

export function storeFor(sandbox: Sandbox, options: { countsPrefetch?: number; caches?: StoreCaches } = {}): Harness {
  const client = clientFor(sandbox);
  const connection = {
    state: { kind: 'ready', origin: sandbox.origin, client },
    settings: { issuesPerLoad: 1_000_000, countsPrefetch: options.countsPrefetch ?? 0, autoRefreshMinutes: 0 },
    client: () => client,
    onDidChange: () => ({ dispose: () => undefined }),
  } as unknown as Connection;
  const log: string[] = [];
  const at = (level: string) => (message: string) => void log.push(`${level} ${message}`);
  const channel = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  const store = new ReportStore(
    connection,
    new ExtensionLog(channel as unknown as ConstructorParameters<typeof ExtensionLog>[0]),
    async () => [],
    (_title, task) => task(),
    options.caches,
  );
  const failures: StoreFailure[] = [];
  store.onDidFail((failure) => failures.push(failure));
  return {
    store,
    client,
    log,
    failures,
    close: async () => {
      store.dispose();
      await client.close();
    },
  };
}

/** The detail requests the sandbox received for this report. */
export function detailRequests(sandbox: Sandbox, reportId: string): Sandbox['requests'] {
  return sandbox.requests.filter((r) => r.path.endsWith(`/api/rest/fix-reports/${reportId}`));
}

/** Resolves once `done()` holds; fails after `ms`. */
export async function until(done: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
