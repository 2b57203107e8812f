// What one editor launch of the benchmark reports (written as JSON by the extension-host side,
// read by bench/cases/editorRuns.ts). No editor imports: both sides use it.

export interface LoadedFile {
  /** Path relative to the repository. */
  path: string;
  bytes: number;
}

interface ActivationFigures {
  /** activate() start → tree provider registered, measured by the extension itself. */
  activationMs: number;
  /** Whether the extension was already active when the bench entry ran (onStartupFinished). */
  wasActive: boolean;
  /** Files under dist/ and node_modules/ of the repository in require.cache after activation. */
  loaded: LoadedFile[];
  undiciLoadedAtActivation: boolean;
  /** The same after the tree passes: what the first requests added (undici, when it loads lazily). */
  loadedAfterRequests: LoadedFile[];
}

/** One pass over both big reports, in milliseconds unless said otherwise. */
export interface TreeRun {
  /** Root level: the report list. */
  rootsMs: number;
  /** Report with 10k fixes: its children (detail request + model + group items), from a cold store. */
  firstLevelMs: number;
  /** Issues received when that first level was returned. */
  issuesAtFirstLevel: number;
  /** From the expansion until every issue page was in the model. */
  allIssuesMs: number;
  /** Fixes group → 10 range nodes, then one range → 1,000 fix nodes, while issues were still paging. */
  fixRangesDuringLoadMs: number;
  fixRangeDuringLoadMs: number;
  /** The same levels once paging finished (several repetitions each). */
  reportLevelMs: number[];
  fixRangesMs: number[];
  fixRangeMs: number[];
  /** The all-false-positive report (100k issues, no fixes). */
  fpFirstLevelMs: number;
  fpAllIssuesMs: number;
  fpReportLevelMs: number[];
  /** FP group → 100 range nodes; one range → 1,000 issue nodes with their TreeItems. */
  fpRangesMs: number[];
  fpRangeMs: number[];
  counts: { fixes: number; issues: number; fpIssues: number; fixRangeItems: number; fpRanges: number; fpRangeItems: number };
}

/** A start with and without the report cache (bench/editor/warmStartRun.ts), per sample. */
export interface WarmStartFigures {
  /** The view asks for its rows → the first row's TreeItem: the list request (no cache). */
  coldFirstRowMs: number[];
  /** The same from the cache: its index read from disk, no request. */
  warmFirstRowMs: number[];
  /** The 100k-issue report: detail + 100 pages from the service. */
  coldReportMs: number[];
  /** The same from its cache file. */
  warmReportMs: number[];
  /** Requests a start cost until it settled (list, details, issue pages). */
  coldRequests: number[];
  warmRequests: number[];
  /** The last warm start's requests by kind. */
  lastWarm?: { list: number; details: number; pages: number };
  cacheBytes?: number;
}

/** The extension host's heap with three 100k-issue reports expanded (bench/editor/hostHeap.ts), in bytes. */
export interface HostHeap {
  /** heapUsed after GC with the store reset (nothing loaded). */
  before: number;
  /** heapUsed after GC with the three reports' details and every issue in their models. */
  loaded: number;
  /** Highest heapUsed sampled every 100 ms while they loaded (garbage included). */
  peak: number;
  /** heapUsed after GC once the store was reset again. */
  afterReset: number;
  /** Whether a GC could be forced (else the figures include garbage). */
  gcForced: boolean;
  reports: number;
  issues: number;
  fixes: number;
  loadMs: number;
  /** V8's heap limit in this extension host. */
  heapLimit: number;
}

/** Publishing 10,000 findings to the Problems panel (bench/editor/findingsRun.ts), per layout. */
export interface FindingsLayoutFigures {
  /** spread: 50 findings per file; dense: 1,000 per file. */
  name: string;
  files: number;
  findings: number;
  /** Every file set in one synchronous loop: wall time, and the event loop's longest stall. */
  naiveMs: number[];
  naiveStallMs: number[];
  /** The extension's publisher (per file, in time slices). */
  slicedMs: number[];
  slicedStallMs: number[];
  yields: number[];
  /** Diagnostics the host holds after a sliced publication. */
  published: number;
}

export interface FindingsFigures {
  layouts: FindingsLayoutFigures[];
}

export interface EditorRunResult {
  vscodeVersion: string;
  activation?: ActivationFigures;
  tree: TreeRun[];
  warmStart?: WarmStartFigures;
  hostHeap?: HostHeap;
  findings?: FindingsFigures;
  /** .cpuprofile of one extra tree pass (tsc output of src/, readable names), if asked for. */
  profileFile?: string;
  /** .cpuprofile of expanding loaded 1,000-item ranges only. */
  levelsProfileFile?: string;
  error?: string;
}
