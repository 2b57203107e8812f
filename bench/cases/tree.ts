// Case 3: the tree inside the real extension host (code-server): children + TreeItems of a
// report with 10k fixes and of a false-positive group with 100k issues, and whether the
// first level shows before the issue pages finish; then the extension host's heap with three
// 100k-issue reports expanded at once. Plus the model build alone, in plain Node, and the floor
// of loading each report (bare detail request + bare page loop). Case 3b: the same against a
// sandbox that models a remote network, where loading must stay at that floor.
import { FixReportsClient } from '../../src/api/client';
import { ReportModel } from '../../src/model/report';
import type { BenchContext } from '../lib/context';
import type { ProfileSummary } from '../lib/profile';
import { atLeast, atMost, variant, type CaseResult, type Target, type Variant } from '../lib/result';
import type { SandboxInfo } from '../lib/sandboxProcess';
import { ratio, summarize, type Summary } from '../lib/stats';
import type { HostHeap, TreeRun } from '../editor/types';
import type { EditorBenchResults } from './editorRuns';
import { describeLatency } from './paging';
import { bareReportLoop } from './pagingLoops';

const LEVEL_TARGET_MS = 50;
/** The issue's memory target: three 100,000-issue reports expanded in the extension host. */
const HOST_HEAP_TARGET_MB = 250;
const MB = 1024 * 1024;

/** Loading both reports in the tree against their floors, measured in this process against the same service. */
async function floors(info: SandboxInfo, runs: number, allIssues: Summary, fpAllIssues: Summary) {
  const time = async (reportId: string, issues: number) => {
    const times: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const started = performance.now();
      const n = await bareReportLoop(info, reportId);
      if (n !== issues) throw new Error(`the bare loop returned ${n} issues of ${reportId}, expected ${issues}`);
      if (i > 0) times.push(performance.now() - started); // the first is a warm-up
    }
    return summarize(times);
  };
  const floor = await time(info.reportId, info.issues);
  const fpFloor = await time(info.fpReportId, info.fpIssues);
  const pages = (n: number) => Math.ceil(n / info.pageSize);
  const variants: Variant[] = [
    variant(
      `floor: bare detail request + ${pages(info.issues)} bare page requests (10,000-fix report)`,
      'ms',
      floor,
      'in the bench process',
    ),
    variant(`floor: the same for the FP report (${pages(info.fpIssues)} pages)`, 'ms', fpFloor),
  ];
  return { variants, report: ratio(allIssues.median, floor.median), fpReport: ratio(fpAllIssues.median, fpFloor.median) };
}

export async function treeCase(ctx: BenchContext, editor: EditorBenchResults): Promise<CaseResult> {
  const runs = editor.launches.flatMap((l) => l.tree);
  if (runs.length === 0) throw new Error('no tree runs were recorded');
  const one = (pick: (r: TreeRun) => number) => summarize(runs.map(pick));
  const all = (pick: (r: TreeRun) => number[]) => summarize(runs.flatMap(pick));
  const counts = runs[0]!.counts;
  const modelBuild = await modelBuildMs(ctx);
  const floor = await floors(
    ctx.sandbox,
    ctx.runs,
    one((r) => r.allIssuesMs),
    one((r) => r.fpAllIssuesMs),
  );

  const levels = {
    report: all((r) => r.reportLevelMs),
    fixRanges: all((r) => r.fixRangesMs),
    fixRange: all((r) => r.fixRangeMs),
    fpReport: all((r) => r.fpReportLevelMs),
    fpRanges: all((r) => r.fpRangesMs),
    fpRange: all((r) => r.fpRangeMs),
  };
  const shownBeforeDone = runs.filter((r) => r.firstLevelMs < r.allIssuesMs && r.issuesAtFirstLevel < counts.issues).length;
  const firstLevel = one((r) => r.firstLevelMs);
  const allIssues = one((r) => r.allIssuesMs);
  const levelTarget = (name: string, median: number): Target => ({
    ...atMost(name, median, LEVEL_TARGET_MS, `< ${LEVEL_TARGET_MS} ms`, 'ms'),
    pass: median < LEVEL_TARGET_MS,
  });
  const fixes = counts.fixes.toLocaleString('en-US');
  const fpIssues = counts.fpIssues.toLocaleString('en-US');
  const heap = hostHeapResults(editor.launches.flatMap((l) => (l.hostHeap ? [l.hostHeap] : [])));
  return {
    id: 'tree',
    title: `3. Tree (extension host, VS Code ${editor.launches[0]?.vscodeVersion ?? '?'})`,
    variants: [
      variant(`report (${fixes} fixes) → groups, cold: detail request + model + items`, 'ms', firstLevel),
      variant('  of which ReportModel from the detail (plain Node)', 'ms', modelBuild),
      variant(`all ${counts.issues.toLocaleString('en-US')} issues paged into the model (from expanding)`, 'ms', allIssues),
      variant('report → groups (loaded)', 'ms', levels.report),
      variant(`fixes group → ${Math.ceil(counts.fixes / 1000)} ranges`, 'ms', levels.fixRanges),
      variant(`range → ${counts.fixRangeItems.toLocaleString('en-US')} fix items`, 'ms', levels.fixRange),
      variant(
        'fixes group → ranges, while issues page in',
        'ms',
        one((r) => r.fixRangesDuringLoadMs),
      ),
      variant(
        'range → fix items, while issues page in',
        'ms',
        one((r) => r.fixRangeDuringLoadMs),
      ),
      variant(
        `FP report (${fpIssues} FPs) → groups, cold`,
        'ms',
        one((r) => r.fpFirstLevelMs),
      ),
      variant(
        `all ${fpIssues} FPs paged into the model`,
        'ms',
        one((r) => r.fpAllIssuesMs),
      ),
      variant('FP report → groups (loaded)', 'ms', levels.fpReport),
      variant(`FP group (${fpIssues}) → ${counts.fpRanges} ranges`, 'ms', levels.fpRanges),
      variant(`range → ${counts.fpRangeItems.toLocaleString('en-US')} FP issue items`, 'ms', levels.fpRange),
      ...heap.variants,
      ...floor.variants,
    ],
    targets: [
      levelTarget('report → groups', levels.report.median),
      levelTarget('fixes group → ranges', levels.fixRanges.median),
      levelTarget('range → 1,000 fix items', levels.fixRange.median),
      levelTarget('FP group → ranges', levels.fpRanges.median),
      levelTarget('range → 1,000 FP items', levels.fpRange.median),
      atLeast('first level shown before paging ends (runs)', shownBeforeDone, runs.length, `all ${runs.length} runs`, ''),
      ...heap.targets,
    ],
    details: {
      runs: runs.length,
      launches: editor.launches.length,
      issuesReceivedWhenFirstLevelShown: runs.map((r) => r.issuesAtFirstLevel),
      firstLevelVsAllIssues: `${firstLevel.median} ms vs ${allIssues.median} ms`,
      rootsMs: one((r) => r.rootsMs),
      counts,
      ...(heap.details ? { hostHeap: heap.details } : {}),
      // Loading (from expanding until every issue is in the model) over the floor, medians.
      vsFloor: { report: floor.report, fpReport: floor.fpReport },
    },
    ...(editor.profile ? { profile: editor.profile, dominates: dominates(editor) } : {}),
  };
}

/** One sample per editor launch (bench/editor/hostHeap.ts). */
function hostHeapResults(heaps: readonly HostHeap[]): { variants: Variant[]; targets: Target[]; details?: Record<string, unknown> } {
  if (heaps.length === 0) return { variants: [], targets: [] };
  const mb = (pick: (h: HostHeap) => number) => summarize(heaps.map((h) => pick(h) / MB));
  const loaded = mb((h) => h.loaded);
  const first = heaps[0]!;
  const what = `${first.reports} reports of ${(first.issues / first.reports).toLocaleString('en-US')} issues`;
  const forced = heaps.every((h) => h.gcForced) ? 'after GC' : 'GC not forced';
  return {
    variants: [
      variant(
        `extension-host heap, ${what} expanded (${forced})`,
        'MB',
        loaded,
        `${first.issues.toLocaleString('en-US')} issues, ${first.fixes.toLocaleString('en-US')} fixes`,
      ),
      variant(
        `  of which before expanding them (${forced})`,
        'MB',
        mb((h) => h.before),
      ),
      variant(
        '  held by the three reports (expanded − before)',
        'MB',
        mb((h) => h.loaded - h.before),
      ),
      variant(
        '  peak while they page in at once (sampled every 100 ms)',
        'MB',
        mb((h) => h.peak),
      ),
      variant(
        `all ${first.issues.toLocaleString('en-US')} issues paged in (three reports at once)`,
        'ms',
        summarize(heaps.map((h) => h.loadMs)),
      ),
    ],
    targets: [atMost(`extension-host heap, ${what} expanded`, loaded.median, HOST_HEAP_TARGET_MB, `≤ ${HOST_HEAP_TARGET_MB} MB`, 'MB')],
    details: {
      launches: heaps.length,
      gcForced: heaps.map((h) => h.gcForced),
      afterResetMB: heaps.map((h) => Math.round((h.afterReset / MB) * 10) / 10),
      heapLimitMB: Math.round(first.heapLimit / MB),
    },
  };
}

/**
 * Case 3b: both reports loaded through the tree from a sandbox that models a remote network;
 * from expanding a report until all its issues are in the model, against the floor (a bare
 * detail request and bare page loop, in this process, against the same delays).
 */
export async function treeLatencyCase(ctx: BenchContext, slow: SandboxInfo, editor: EditorBenchResults): Promise<CaseResult> {
  const runs = editor.launches.flatMap((l) => l.tree);
  if (runs.length === 0) throw new Error('no tree runs were recorded');
  const one = (pick: (r: TreeRun) => number) => summarize(runs.map(pick));
  const counts = runs[0]!.counts;
  const allIssues = one((r) => r.allIssuesMs);
  const fpAllIssues = one((r) => r.fpAllIssuesMs);
  const floor = await floors(slow, ctx.slowRuns, allIssues, fpAllIssues);
  const fixes = counts.fixes.toLocaleString('en-US');
  const fpIssues = counts.fpIssues.toLocaleString('en-US');
  const x = (n: number | null) => (n === null ? undefined : summarize([n], 3));
  const ratios: Variant[] = [];
  const reportRatio = x(floor.report);
  const fpRatio = x(floor.fpReport);
  if (reportRatio) ratios.push(variant('report: loading / its floor (medians)', 'x', reportRatio));
  if (fpRatio) ratios.push(variant('FP report: loading / its floor (medians)', 'x', fpRatio));
  return {
    id: 'tree-latency',
    title: `3b. Tree at ${describeLatency(slow)} (extension host)`,
    variants: [
      variant(
        `report (${fixes} fixes) → groups, cold: detail request + model + items`,
        'ms',
        one((r) => r.firstLevelMs),
      ),
      variant(`all ${counts.issues.toLocaleString('en-US')} issues paged into the model (from expanding)`, 'ms', allIssues),
      variant(
        `FP report (${fpIssues} FPs) → groups, cold`,
        'ms',
        one((r) => r.fpFirstLevelMs),
      ),
      variant(`all ${fpIssues} FPs paged into the model`, 'ms', fpAllIssues),
      ...floor.variants,
      ...ratios,
    ],
    targets: [
      atMost('report: loading / floor', floor.report, 1.05, '≤ 1.05×', 'x'),
      atMost('FP report: loading / floor', floor.fpReport, 1.05, '≤ 1.05×', 'x'),
    ],
    details: {
      latency: slow.latency,
      seed: slow.seed,
      runs: runs.length,
      launches: editor.launches.length,
      issuesReceivedWhenFirstLevelShown: runs.map((r) => r.issuesAtFirstLevel),
      counts,
    },
  };
}

function dominates(editor: EditorBenchResults): string[] {
  const lines: string[] = [];
  const shares = (p: ProfileSummary, n: number) =>
    p.categories
      .slice(0, n)
      .map((c) => `${c.name} ${c.pct}%`)
      .join(', ');
  const hottest = (p: ProfileSummary, n: number) =>
    p.functions
      .slice(0, n)
      .map((f) => `${f.name} (${f.pct}%)`)
      .join(', ');
  if (editor.profile) {
    const p = editor.profile;
    lines.push(
      `Whole pass (both reports: detail, 200 issue pages, every level; out/src build): ${p.busyMs} ms busy, ${p.idleMs} ms idle. Busy time: ${shares(p, 6)}. Hottest: ${hottest(p, 5)}.`,
    );
  }
  if (editor.levelsProfile) {
    const p = editor.levelsProfile;
    lines.push(
      `Expanding loaded ranges only (1,000 fixes and 1,000 false positives, 10 times each): ${p.busyMs} ms busy. Busy time: ${shares(p, 5)}. Hottest: ${hottest(p, 6)}.`,
    );
  }
  return lines;
}

/** `new ReportModel(detail)` for the 10k-fix report, in this process (no editor). */
async function modelBuildMs(ctx: BenchContext) {
  const client = new FixReportsClient({ baseUrl: ctx.sandbox.baseUrl, key: ctx.sandbox.key });
  try {
    const detail = await client.getReport(ctx.sandbox.reportId);
    new ReportModel(detail); // warm-up
    const times: number[] = [];
    for (let i = 0; i < ctx.runs; i++) {
      const started = performance.now();
      new ReportModel(detail);
      times.push(performance.now() - started);
    }
    return summarize(times);
  } finally {
    await client.close();
  }
}
