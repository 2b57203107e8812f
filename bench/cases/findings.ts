// Case 10: publishing 10,000 findings to the Problems panel (issue 12). Inside code-server, see
// bench/editor/findingsRun.ts: the extension's publisher (per file, in 8 ms time slices)
// against every file set in one synchronous loop, by wall time and by the longest stall of the
// extension host's event loop, which is what "the host stays responsive" means.
import type { BenchContext } from '../lib/context';
import { atMost, variant, withRatios, type CaseResult, type Target, type Variant } from '../lib/result';
import { summarize } from '../lib/stats';
import type { EditorBenchResults } from './editorRuns';

/** A longer block is a "long task" (the web's RAIL threshold): the host would feel stuck. */
const STALL_TARGET_MS = 50;

export function findingsCase(_ctx: BenchContext, editor: EditorBenchResults): CaseResult {
  const runs = editor.launches.map((l) => l.findings).filter((f) => f !== undefined);
  if (runs.length === 0) throw new Error('no findings publication was recorded');
  const variants: Variant[] = [];
  const targets: Target[] = [];
  const details: Record<string, unknown> = { launches: runs.length };
  for (const name of runs[0]!.layouts.map((l) => l.name)) {
    const layouts = runs.map((r) => r.layouts.find((l) => l.name === name)!);
    const first = layouts[0]!;
    const label = `${first.findings.toLocaleString('en-US')} in ${first.files} files`;
    const all = (pick: (l: (typeof layouts)[number]) => number[]) => summarize(layouts.flatMap(pick));
    const naiveName = `${label}: one synchronous loop, wall`;
    const slicedStall = all((l) => l.slicedStallMs);
    variants.push(
      ...withRatios(
        [
          variant(
            naiveName,
            'ms',
            all((l) => l.naiveMs),
            'every file set in one turn of the event loop',
          ),
          variant(
            `${label}: the extension (8 ms slices), wall`,
            'ms',
            all((l) => l.slicedMs),
            'until every file is set',
          ),
          variant(
            `${label}: one synchronous loop, longest stall`,
            'ms',
            all((l) => l.naiveStallMs),
            'event loop blocked',
          ),
          variant(`${label}: the extension, longest stall`, 'ms', slicedStall, 'event loop blocked'),
        ],
        naiveName,
      ),
    );
    targets.push(
      atMost(`${label}: longest stall of the host (worst run)`, slicedStall.max, STALL_TARGET_MS, `≤ ${STALL_TARGET_MS} ms`, 'ms'),
    );
    details[name] = {
      files: first.files,
      findings: first.findings,
      published: first.published,
      yields: summarize(layouts.flatMap((l) => l.yields)).median,
    };
  }
  return {
    id: 'findings',
    title: '10. Findings: 10,000 problems published',
    baseline: variants.find((v) => v.isBaseline)?.name,
    variants,
    targets,
    details,
  };
}
