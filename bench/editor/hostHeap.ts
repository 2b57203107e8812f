// The extension host's heap with three 100,000-issue reports expanded at once, through the
// running extension's own tree and store: the memory target of the issue (≤ 250 MB). A GC is
// forced before each reading (V8's gc, exposed at run time: the extension host does not start
// with --expose-gc), so the figures are what the heap holds, not garbage waiting for collection.
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { allIssues, reportNode, type Provider, type Store } from './treeRun';
import type { HostHeap } from './types';

/** V8's gc(), or undefined where the flag cannot be set. */
function exposedGc(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

export async function hostHeap(
  tree: Provider,
  store: Store,
  reports: readonly { readonly id: string; readonly issues: number }[],
): Promise<HostHeap> {
  const gc = exposedGc();
  const settled = () => {
    gc?.();
    gc?.();
    return process.memoryUsage().heapUsed;
  };
  store.reset();
  const before = settled();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 100);
  const started = performance.now();
  try {
    const roots = await tree.getChildren();
    // Expanding a report row: its detail, its groups, and its issues paging in the background.
    await Promise.all(reports.map((r) => tree.getChildren(reportNode(roots, r.id))));
    for (const r of reports) await allIssues(store, r.id, r.issues);
  } finally {
    clearInterval(sampler);
  }
  const loadMs = performance.now() - started;
  const loaded = settled();
  peak = Math.max(peak, loaded);
  const counts = reports.map((r) => store.entry(r.id)?.model);
  store.reset();
  return {
    before,
    loaded,
    peak,
    afterReset: settled(),
    gcForced: gc !== undefined,
    reports: reports.length,
    issues: counts.reduce((n, m) => n + (m?.issueCount ?? 0), 0),
    fixes: counts.reduce((n, m) => n + (m?.fixes.length ?? 0), 0),
    loadMs,
    heapLimit: getHeapStatistics().heap_size_limit,
  };
}
