// Case 9: the warm start (issue 15). Inside code-server, through the running extension (see
// bench/editor/warmStartRun.ts): the first row and the 100k-issue report from the cache
// against the same from the sandbox on loopback, and the requests each start costs.
import type { BenchContext } from '../lib/context';
import { atMost, variant, withRatios, type CaseResult } from '../lib/result';
import { summarize } from '../lib/stats';
import type { EditorBenchResults } from './editorRuns';

const FIRST_ROW_TARGET_MS = 100;

export function warmStartCase(_ctx: BenchContext, editor: EditorBenchResults): CaseResult {
  const runs = editor.launches.map((l) => l.warmStart).filter((w) => w !== undefined);
  if (runs.length === 0) throw new Error('no warm start was recorded');
  const all = (pick: (w: (typeof runs)[number]) => number[]) => summarize(runs.flatMap(pick));
  const warmFirstRow = all((w) => w.warmFirstRowMs);
  const last = runs[runs.length - 1]!;
  const firstRows = withRatios(
    [
      variant(
        'first row, no cache (list request)',
        'ms',
        all((w) => w.coldFirstRowMs),
        'the view asks → first TreeItem',
      ),
      variant('first row, from the cache (index read from disk)', 'ms', warmFirstRow, 'no request'),
    ],
    'first row, no cache (list request)',
  );
  const report = withRatios(
    [
      variant(
        '100k-issue report, no cache (detail + 100 pages)',
        'ms',
        all((w) => w.coldReportMs),
      ),
      variant(
        '100k-issue report, from its cache file',
        'ms',
        all((w) => w.warmReportMs),
      ),
    ],
    '100k-issue report, no cache (detail + 100 pages)',
  );
  const requests = withRatios(
    [
      variant(
        'requests per start, no cache',
        'requests',
        all((w) => w.coldRequests),
        'list + prefetched details + detail + pages',
      ),
      variant(
        'requests per start, from the cache',
        'requests',
        all((w) => w.warmRequests),
        'revalidation: list + shown report’s detail',
      ),
    ],
    'requests per start, no cache',
  );
  return {
    id: 'warmstart',
    title: '9. Warm start: a new window with a 100,000-issue report cached',
    baseline: 'first row, no cache (list request)',
    variants: [...firstRows, ...report, ...requests],
    targets: [atMost('first row from the cache', warmFirstRow.median, FIRST_ROW_TARGET_MS, `≤ ${FIRST_ROW_TARGET_MS} ms`, 'ms')],
    details: {
      launches: runs.length,
      samplesPerLaunch: last.warmFirstRowMs.length,
      lastWarmRequests: last.lastWarm,
      cacheBytes: last.cacheBytes,
    },
  };
}
