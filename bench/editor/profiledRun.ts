// One more tree pass under the V8 profiler, through tsc's output of src/ (out/src) instead of
// the minified bundle, so the profile names our functions. Same sources, same extension
// host, same service; only the log and the key come from the running extension. Two
// profiles: the whole pass (`file`), and only the expansion of loaded 1,000-item ranges
// (`levelsFile`), which the paging would drown in the first.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { FixReportsClient } from '../../src/api/client';
import type { ExtensionApi } from '../../src/extension';
import type { ReportStore } from '../../src/editor/reportStore';
import type { ReportsTree } from '../../src/views/reportsTree';
import type { SandboxInfo } from '../lib/sandboxProcess';
import { expandLoadedRanges, treeRun, type Reports } from './treeRun';

const load = createRequire(__filename);

export async function profiledTreeRun(
  repoRoot: string,
  sandbox: SandboxInfo,
  api: ExtensionApi,
  reports: Reports,
  file: string,
  levelsFile: string,
): Promise<void> {
  const out = (module: string) => path.join(repoRoot, 'out', 'src', module);
  const { FixReportsClient: Client } = load(out('api/client.js')) as { FixReportsClient: typeof FixReportsClient };
  const { ReportStore: Store } = load(out('editor/reportStore.js')) as { ReportStore: typeof ReportStore };
  const { ReportsTree: Tree } = load(out('views/reportsTree.js')) as { ReportsTree: typeof ReportsTree };
  const client = new Client({ baseUrl: sandbox.baseUrl, key: sandbox.key, logger: api.services.log });
  // A ready connection with this client; the store and the tree need nothing else of it.
  const connection = {
    state: { kind: 'ready', origin: new URL(sandbox.baseUrl).origin, client },
    settings: { issuesPerLoad: 1_000_000 },
    client: () => client,
    onDidChange: () => ({ dispose: () => undefined }),
  } as unknown as ConstructorParameters<typeof ReportStore>[0];
  const store = new Store(
    connection,
    api.services.log,
    async () => [],
    (_title, task) => task(),
  );
  const tree = new Tree(
    store,
    connection,
    { get: () => undefined } as unknown as ConstructorParameters<typeof ReportsTree>[2],
    { explanation: async () => undefined }, // tooltips are not built in a pass
    // No report is current in a pass, and none has a previous scan to compare with.
    {
      want: () => undefined,
      state: () => undefined,
      isNew: () => undefined,
      onDidChange: () => ({ dispose: () => undefined }),
    } as unknown as ConstructorParameters<typeof ReportsTree>[4],
  );

  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
  try {
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 200 });
    await post('Profiler.start');
    await treeRun(tree, store, reports, 1);
    writeFileSync(file, JSON.stringify(((await post('Profiler.stop')) as { profile: unknown }).profile));
    await post('Profiler.start');
    await expandLoadedRanges(tree, reports, 10);
    writeFileSync(levelsFile, JSON.stringify(((await post('Profiler.stop')) as { profile: unknown }).profile));
  } finally {
    session.disconnect();
    tree.dispose();
    store.dispose();
    await client.close();
  }
}
