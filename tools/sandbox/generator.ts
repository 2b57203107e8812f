// Deterministic data for the sandbox service. Reports are planned up front (a handful of
// numbers each); issues and fixes are computed on demand from (seed, report, index), so a
// report with a million issues costs no more memory than one with twenty.
//
// Layout of a report's issues: index order is chronological. After the hostile cases (if
// any), issues fall into blocks of `blockSize`; fix j covers a short run of consecutive
// issues inside block j. Both directions (issue → fix, fix → issues) are arithmetic.
//
// Objects are the decoded shapes of src/api/schemas.ts: every key present, null where the
// spec gives no value. Decoding them with those schemas returns them unchanged, except for the
// code-location fields below, which the spec does not show.
//
// Code locations (on by default; `specMinimal: true` leaves them out, and then issues and fixes
// have exactly the spec's fields). The spec says the fields of `fix` and of non-FP issues are
// "not shown"; the real service has these in its schema, and the sandbox serves them:
// - issue.codeNodes: [{ path, startLine, endLine, startCol, endCol, index }], a data-flow trace
//   of 1–4 nodes ordered by `index` (0..n-1); the last is the sink, where the scanner reports
//   the result; the others lead to it. FP issues have locations too.
// - issue.codeFilePath: the sink's path, on about a third of the issues only (other shapes omit
//   the key).
// - fix.fixFiles: [{ fileRepoRelativePath }], the files the fix touches (those its patch names);
//   fix.patchAndQuestions: { patch, questions } or null (about 1 in 10), `patch` a unified diff;
//   fix.effortToApplyFix: LOW | MEDIUM | HIGH; fix.severityText: critical | high | medium | low,
//   fix.severityValue: a 0–10 score within the band of severityText.
// Paths are repository-relative; lines 1-based; columns 1-based, startCol inclusive and endCol
// exclusive (SARIF's region), counted in UTF-16 code units (see workspaceFindings.ts).
// Reports of the sample workspace's repository (payments-api) take sink, trace and patch from
// workspaceFindings.ts, so they point at real lines of test/fixtures/workspace; one of their
// fixes (conflictingFixId) has a patch that does not apply. Their issue type and language come
// from the same row, in both modes, so a finding's type matches the code it points at. Other
// repositories get synthetic paths from catalog REPOS[].files, lines 1–400. The hostile report
// carries the hostile locations of hostile.ts.
//
// The new fields come from random streams of their own (T.nodes, T.fixSink, T.fixExtra), so
// turning them on or off changes no other value, and every id, count, state and timestamp is
// what it was before they existed.
//
// Rescans: earlier scans of a report (its "head": the same repository, branch and scanner),
// each `rescans` a week before the next, so "what changed since the previous scan" has data.
// A scan's issue i is the finding (head ordinal, i + shift) of the head's lineage, with shift
// −g·churn for the g-th scan back: every draw of an issue or fix (type, severity, state,
// location, fingerprint) is keyed by its finding rather than by its report, so a finding keeps
// its fingerprint and looks the same in every scan that has it. A false positive's analysis
// follows it too, as a real service keeps it for an unchanged finding: its fpId names the
// finding (below 0 for findings only earlier scans have), with the same summary and
// description in every scan, so a suppression comment naming it holds against each scan where
// the finding is a false positive. Between two scans of a lineage the oldest `churn` findings
// are gone (fixed), `churn` newer ones appear (new), the rest are unchanged; about one in six
// findings that only earlier scans have carry no fingerprint (they cannot be matched). A
// rescan's last block is shorter than the head's block of the same findings, so its fix may
// cover others: a finding there can be a false positive in one scan and fixed in another, and
// only the scans where it is a false positive carry its fpId. The heads themselves are not
// changed in any way, and issue, fix and report ids, timestamps and the report's own fields
// stay the rescan's own.
import type {
  Download,
  Fix,
  FixIssueRef,
  FixRating,
  FixReportDetail,
  FixReportSummary,
  Issue,
  ScmSubmitFixRequest,
  User,
} from '../../src/api/schemas';
import {
  CATEGORIES,
  FALLBACK_SCM_URL,
  FIX_EFFORTS,
  FIX_QUESTIONS,
  FIX_RATING_TAGS,
  FIX_SEVERITIES,
  FUNCTIONS,
  ISSUE_STATES_OPEN,
  NEGATIVE_COMMENTS,
  PEOPLE,
  POSITIVE_COMMENTS,
  REPOS,
  SEVERITIES,
  SYNTHETIC_EDITS,
  VENDORS,
  categoryById,
  ruleId,
  type Category,
  type FixQuestion,
  type Language,
  type RepoDef,
  type Vendor,
} from './catalog';
import {
  HOSTILE_CASES,
  HOSTILE_FIELDS,
  HOSTILE_FIX_FILES,
  HOSTILE_LOCATIONS,
  hostileFixState,
  withHostileFixFields,
  withHostileIssueFields,
  type HostileLocation,
  type HostileValue,
} from './hostile';
import { HOSTILE_FIXES } from './hostileFixes';
import { decodeId, encodeId } from './ids';
import { Rng, hash32, hex8, label } from './random';
import { US_PER_DAY, formatUs, parseUs } from './time';
import type { Region, WorkspaceFinding } from './workspaceFindings';

export interface DatasetOptions {
  seed: number;
  /** Ordinary reports (default 12). */
  reports?: number;
  /** Issue count range of ordinary reports, inclusive (default [20, 600]). */
  issuesPerReport?: [number, number];
  /** 0 = none; otherwise one extra report with this many issues. */
  bigReportIssues?: number;
  /** Adds a report whose false positives carry hostile text (see hostile.ts). */
  hostileText?: boolean;
  /**
   * Adds a report of the sample workspace's repository, on a branch of its own, whose fixes
   * carry hostile patches (see hostileFixes.ts).
   */
  hostileFixes?: boolean;
  /** "Now" of the dataset; every timestamp is before it. */
  now?: string;
  /**
   * Serve only the fields the spec shows: no codeNodes/codeFilePath on issues, no
   * fixFiles/patchAndQuestions/effortToApplyFix/severityText/severityValue on fixes (default false).
   */
  specMinimal?: boolean;
  /**
   * Earlier scans of the newest ordinary report of each scanner on the sample workspace's
   * branch (catalog `rescanned`), a week apart and all before it, so the reports the editor
   * takes as current stay the same (see "Rescans" above). Default: 2 when the dataset has at
   * least 12 ordinary reports (the default size: `npm run sandbox`, the demo, the UI check),
   * else 0, so a small dataset a test builds has exactly the reports it asks for.
   */
  rescans?: number;
  /** Earlier scans of the big report (default 0): two 100,000-issue scans to compare for the bench. */
  bigReportRescans?: number;
}

export type ResolvedDatasetOptions = Required<DatasetOptions>;

const DEFAULT_NOW = '2026-11-01T12:00:00.000000+00:00';
const DEFAULT_REPORTS = 12;
/** Reports expire this long after creation. */
const EXPIRY_US = 90 * US_PER_DAY;
/** Above this many issues the block size grows so a report never has more fixes than this. */
const MAX_FIXES_PER_REPORT = 20_000;

const BIG_ORDINAL = 0xff00;
const HOSTILE_ORDINAL = 0xff01;
const HOSTILE_FIXES_ORDINAL = 0xff02;
/** Rescans: RESCAN_ORDINAL + 8·head + g for the g-th earlier scan (g 1–7) of the head-th lineage. */
const RESCAN_ORDINAL = 0xfe00;
const MAX_RESCANS = 7;
/** Lineages: one per scanner on the workspace branch, and the big report's. */
const MAX_LINEAGES = 32;
/** Between two scans of a lineage: a week, give or take a day. */
const RESCAN_GAP_US = 7 * US_PER_DAY;
/** Share of a lineage's findings fixed (and as many new) from one scan to the next. */
const RESCAN_CHURN = 0.06;
/** The branch of the hostile-fixes report: never the sample workspace's own. */
const HOSTILE_FIXES_REFERENCE = 'hostile/fixes';
const MAX_ORDINARY = 0xfe00;
const MAX_ISSUES = 0xffff_ffff;
const DETAIL_CACHE_SIZE = 3;
/** Fixes above this count are not cached by `detail()` (the server streams them instead). */
const DETAIL_CACHE_MAX_FIXES = 2_000;

const T = {
  report: label('report'),
  vendor: label('vendor-offset'),
  issue: label('issue'),
  fix: label('fix'),
  span: label('span'),
  time: label('time'),
  block: label('block'),
  print: label('fingerprint'),
  rescan: label('rescan'),
  fptext: label('fp-text'),
  nodes: label('code-nodes'),
  fixSink: label('fix-sink'),
  fixExtra: label('fix-extra'),
};

/** A node of an issue's data-flow trace, as served. */
export interface CodeNode {
  path: string;
  startLine: number;
  endLine: number;
  startCol: number;
  endCol: number;
  index: number;
}

/** What a node may be on the wire: the hostile report sends strings, nulls and odd numbers too. */
type WireCodeNode = { [K in keyof CodeNode]: CodeNode[K] | HostileValue };

interface IssueLocations {
  codeNodes: WireCodeNode[] | null;
  /** Present on some issues only. */
  codeFilePath?: string | null;
}

interface PatchAndQuestions {
  /** A unified diff (git style: `diff --git a/p b/p`, `--- a/p`, `+++ b/p`, hunks). */
  patch: string;
  /** What the service asked while generating the fix; `patch` answers each with its defaultValue. */
  questions: FixQuestion[];
}

interface FixLocations {
  fixFiles: { fileRepoRelativePath: string }[];
  patchAndQuestions: PatchAndQuestions | null;
  effortToApplyFix: string;
  severityText: string;
  severityValue: number;
}

/** An issue as the sandbox serves it: the spec's fields, plus the locations unless specMinimal. */
export type SandboxIssue = Omit<Issue, keyof IssueLocations> & Partial<IssueLocations>;
/** A fix as the sandbox serves it: the spec's fields, plus the fix details unless specMinimal. */
export type SandboxFix = Omit<Fix, keyof FixLocations> & Partial<FixLocations>;
export type SandboxReportDetail = Omit<FixReportDetail, 'fixes'> & { fixes: SandboxFix[] };

export interface Dataset {
  readonly options: Readonly<ResolvedDatasetOptions>;
  /** Newest first. */
  readonly reports: readonly FixReportSummary[];
  /** The report added by `bigReportIssues`, if any. */
  readonly bigReportId: string | undefined;
  /** The report added by `hostileText`, if any. */
  readonly hostileReportId: string | undefined;
  /** The report added by `hostileFixes`, if any. */
  readonly hostileFixesReportId: string | undefined;
  /**
   * The one fix whose patch does not apply to the sample workspace (its context is from an older
   * revision of the file): a fix of the newest payments-api report, Ready or Downloaded when it
   * has one. Undefined with specMinimal or without a payments-api report with fixes.
   * (Optional so that other Dataset implementations, e.g. the bench's, need not have it.)
   */
  readonly conflictingFixId?: string | undefined;
  readonly totalIssueCount: number;
  report(reportId: string): FixReportSummary | undefined;
  /** The report with all its fixes (built on demand; a few recent ones are cached). */
  detail(reportId: string): SandboxReportDetail | undefined;
  fixCount(reportId: string): number;
  fixAt(reportId: string, index: number): SandboxFix;
  locateFix(fixId: string): { reportId: string; index: number } | undefined;
  /** 0 for an unknown report. */
  issueCount(reportId: string): number;
  /** O(1); index order is chronological. Throws RangeError outside 0..issueCount-1. */
  issueAt(reportId: string, index: number): SandboxIssue;
  /** Issues [start, start+count) of a report, clipped to its end. */
  issueRange(reportId: string, start: number, count: number): SandboxIssue[];
  locateIssue(issueId: string): { reportId: string; index: number } | undefined;
  /**
   * The ≤280-code-point summary (longer only for the hostile over-limit case). A false positive
   * in several scans of a lineage has one fpId, and so one summary (see "Rescans").
   */
  fpSummary(fpId: string): string | undefined;
  /** The first `limit` issues of all reports merged chronologically (the unfiltered listing). */
  firstIssuesOfAll(limit: number): { issues: SandboxIssue[]; hasNextPage: boolean };
}

interface Plan {
  readonly ordinal: number;
  readonly summary: FixReportSummary;
  readonly vendor: Vendor;
  readonly repoUrl: string;
  readonly languages: readonly Language[];
  readonly files: readonly string[];
  /** The sample workspace's findings, for its repository's reports (workspaceFindings.ts). */
  readonly findings: readonly WorkspaceFinding[] | undefined;
  /** The findings false positives are drawn from (code that is in fact safe). */
  readonly fpFindings: readonly WorkspaceFinding[];
  readonly issueCount: number;
  /** First index covered by fixes (after the hostile cases). */
  readonly fixBase: number;
  readonly blockSize: number;
  readonly fixCount: number;
  readonly createdOnUs: number;
  readonly firstIssueUs: number;
  readonly stepUs: number;
  readonly hostile: boolean;
  /** Its fixes carry the patches of hostileFixes.ts, fix j the case j. */
  readonly hostileFixes: boolean;
  /** A rescan: its issue i is the finding (ordinal, i + shift) of its head's lineage (shift a multiple of blockSize). */
  readonly lineage: { readonly ordinal: number; readonly shift: number } | undefined;
}

/** fpReason's answer: a hostile case's texts, or its reason and the random stream fpTexts goes on with. */
type FpStart =
  | { readonly summary: string; readonly hostileDescription: string }
  | {
      readonly summary: string;
      readonly hostileDescription?: undefined;
      readonly rng: Rng;
      readonly category: Category;
      readonly finding: WorkspaceFinding | undefined;
      readonly reason: Category['fpReasons'][number];
    };

interface FixCore {
  readonly id: string;
  readonly category: Category;
  readonly language: Language;
  /** The workspace finding the fix is for (payments-api reports only). */
  readonly finding: WorkspaceFinding | undefined;
  readonly state: string;
  readonly confidence: number;
  /** Continues the fix's random stream for the remaining fields. */
  readonly rng: Rng;
}

function resolveOptions(opts: DatasetOptions): ResolvedDatasetOptions {
  const resolved: ResolvedDatasetOptions = {
    seed: opts.seed,
    reports: opts.reports ?? DEFAULT_REPORTS,
    issuesPerReport: opts.issuesPerReport ?? [20, 600],
    bigReportIssues: opts.bigReportIssues ?? 0,
    hostileText: opts.hostileText ?? false,
    hostileFixes: opts.hostileFixes ?? false,
    now: opts.now ?? DEFAULT_NOW,
    specMinimal: opts.specMinimal ?? false,
    rescans: opts.rescans ?? ((opts.reports ?? DEFAULT_REPORTS) >= DEFAULT_REPORTS ? 2 : 0),
    bigReportRescans: opts.bigReportRescans ?? 0,
  };
  const [lo, hi] = resolved.issuesPerReport;
  if (!Number.isFinite(resolved.seed)) throw new RangeError('seed must be a finite number');
  if (!isCount(resolved.reports, MAX_ORDINARY)) throw new RangeError(`reports must be an integer in 0..${MAX_ORDINARY}`);
  if (!isCount(lo, MAX_ISSUES) || !isCount(hi, MAX_ISSUES) || lo > hi)
    throw new RangeError('issuesPerReport must be [min, max] with 0 ≤ min ≤ max');
  if (!isCount(resolved.bigReportIssues, MAX_ISSUES)) throw new RangeError('bigReportIssues must be a non-negative integer');
  if (!isCount(resolved.rescans, MAX_RESCANS) || !isCount(resolved.bigReportRescans, MAX_RESCANS))
    throw new RangeError(`rescans and bigReportRescans must be integers in 0..${MAX_RESCANS}`);
  parseUs(resolved.now);
  return resolved;
}

function isCount(n: number, max: number): boolean {
  return Number.isInteger(n) && n >= 0 && n <= max;
}

export function createDataset(opts: DatasetOptions): Dataset {
  return new GeneratedDataset(resolveOptions(opts));
}

class GeneratedDataset implements Dataset {
  readonly options: Readonly<ResolvedDatasetOptions>;
  readonly reports: readonly FixReportSummary[];
  readonly bigReportId: string | undefined;
  readonly hostileReportId: string | undefined;
  readonly hostileFixesReportId: string | undefined;
  readonly conflictingFixId: string | undefined;
  readonly totalIssueCount: number;
  private readonly seed: number;
  private readonly locations: boolean;
  private readonly nowUs: number;
  private readonly plans = new Map<string, Plan>();
  private readonly byOrdinal = new Map<number, Plan>();
  /** A head with rescans → its scans, newest first (the head, then g = 1, 2, …). */
  private readonly lineages = new Map<number, Plan[]>();
  private readonly detailCache = new Map<string, SandboxReportDetail>();

  constructor(options: ResolvedDatasetOptions) {
    this.options = Object.freeze({ ...options, issuesPerReport: [...options.issuesPerReport] as [number, number] });
    this.seed = options.seed;
    this.locations = !options.specMinimal;
    this.nowUs = parseUs(options.now);
    const plans: Plan[] = [];
    const vendorOffset = hash32(this.seed, T.vendor) % VENDORS.length;
    const spacing = Math.min(10 * US_PER_DAY, (130 * US_PER_DAY) / Math.max(1, options.reports));
    for (let k = 0; k < options.reports; k++) {
      const rng = new Rng(hash32(this.seed, T.report, k));
      const [lo, hi] = options.issuesPerReport;
      const issues = rng.int(lo, hi);
      const age = US_PER_DAY / 2 + k * spacing + rng.float() * 0.8 * spacing;
      const vendor = VENDORS[(k + vendorOffset) % VENDORS.length] as Vendor;
      plans.push(this.plan(k, 'ordinary', rng, vendor, issues, age));
    }
    if (options.bigReportIssues > 0) {
      const rng = new Rng(hash32(this.seed, T.report, BIG_ORDINAL));
      plans.push(this.plan(BIG_ORDINAL, 'big', rng, rng.pick(VENDORS), options.bigReportIssues, (2 + rng.float()) * US_PER_DAY));
    }
    if (options.hostileText) {
      const rng = new Rng(hash32(this.seed, T.report, HOSTILE_ORDINAL));
      plans.push(this.plan(HOSTILE_ORDINAL, 'hostile', rng, 'semgrep', HOSTILE_CASES.length + 30, (1 + rng.float()) * US_PER_DAY));
    }
    if (options.hostileFixes) {
      const rng = new Rng(hash32(this.seed, T.report, HOSTILE_FIXES_ORDINAL));
      // Old (yet live), so the workspace's newest reports stay the ones the other checks use.
      plans.push(this.plan(HOSTILE_FIXES_ORDINAL, 'hostile-fixes', rng, 'semgrep', HOSTILE_FIXES.length, 85 * US_PER_DAY));
    }
    plans.push(...this.rescanPlans(plans));
    plans.sort((a, b) => b.createdOnUs - a.createdOnUs || a.ordinal - b.ordinal);
    for (const p of plans) {
      this.plans.set(p.summary.id, p);
      this.byOrdinal.set(p.ordinal, p);
    }
    for (const p of plans) {
      if (!p.lineage) continue;
      const head = this.byOrdinal.get(p.lineage.ordinal) as Plan;
      const scans = this.lineages.get(head.ordinal) ?? [head];
      scans.push(p);
      this.lineages.set(head.ordinal, scans);
    }
    for (const scans of this.lineages.values()) scans.sort((a, b) => shiftOf(b) - shiftOf(a));
    this.reports = plans.map((p) => p.summary);
    this.bigReportId = this.byOrdinal.get(BIG_ORDINAL)?.summary.id;
    this.hostileReportId = this.byOrdinal.get(HOSTILE_ORDINAL)?.summary.id;
    this.hostileFixesReportId = this.byOrdinal.get(HOSTILE_FIXES_ORDINAL)?.summary.id;
    this.totalIssueCount = plans.reduce((sum, p) => sum + p.issueCount, 0);
    this.conflictingFixId = this.locations ? this.pickConflictingFix(plans) : undefined;
  }

  /** A fix of the newest workspace report: the first Ready or Downloaded one, else its first. */
  private pickConflictingFix(plans: readonly Plan[]): string | undefined {
    const plan = plans.find((p) => p.findings && !p.hostile && p.fixCount > 0);
    if (!plan) return undefined;
    for (let j = 0; j < plan.fixCount; j++) {
      const core = this.fixCore(plan, j);
      if (core.state === 'Ready' || core.state === 'Downloaded') return core.id;
    }
    return this.fixCore(plan, 0).id;
  }

  // --- reports -------------------------------------------------------------------------

  private plan(
    ordinal: number,
    kind: 'ordinary' | 'big' | 'hostile' | 'hostile-fixes',
    rng: Rng,
    vendor: Vendor,
    issueCount: number,
    ageUs: number,
  ): Plan {
    const ordinary = kind === 'ordinary';
    // A few fields are null exactly once, on fixed ordinary reports, so the defaults show them.
    const repoIndex = Math.floor(rng.float() * REPOS.length);
    const hostileFixes = kind === 'hostile-fixes';
    const repo: RepoDef | null = hostileFixes
      ? (REPOS.find((r) => r.findings) as RepoDef)
      : ordinary && ordinal === 4
        ? null
        : (REPOS[repoIndex] as RepoDef);
    const reference = hostileFixes ? HOSTILE_FIXES_REFERENCE : repo ? rng.pick(repo.references) : null;
    const creator = rng.int(0, PEOPLE.length - 1);
    const createdOnUs = Math.round(this.nowUs - ageUs);
    const spanUs = kind === 'big' ? 180 * US_PER_DAY : kind === 'hostile' ? 20 * US_PER_DAY : rng.int(10, 60) * US_PER_DAY;
    // ≥2 ms apart per index and jitter < step − 1 ms: strictly increasing even at millisecond resolution.
    const stepUs = Math.max(2_000, Math.floor(spanUs / Math.max(1, issueCount)));
    const fixBase = kind === 'hostile' ? HOSTILE_CASES.length : 0;
    const fixable = Math.max(0, issueCount - fixBase);
    const blockSize = hostileFixes
      ? 1
      : fixable <= 1000
        ? 3 + (hash32(this.seed, T.block, ordinal) % 3)
        : Math.max(10, Math.ceil(fixable / MAX_FIXES_PER_REPORT));
    const id = encodeId(this.seed, 'report', ordinal, 0);
    const summary: FixReportSummary = {
      id,
      createdOn: formatUs(createdOnUs),
      expirationOn: ordinary && ordinal === 6 ? null : formatUs(createdOnUs + EXPIRY_US),
      createdByUser: ordinary && ordinal === 2 ? null : this.user(creator),
      vulnerabilityReport: {
        vendor,
        project: { id: encodeId(this.seed, 'project', repo ? repoIndex : REPOS.length, 0), name: repo ? repo.project : 'Core Library' },
      },
      repo: repo
        ? kind === 'hostile'
          ? { name: HOSTILE_FIELDS.repoName, originalUrl: repo.originalUrl, reference: HOSTILE_FIELDS.repoReference }
          : { name: repo.name, originalUrl: repo.originalUrl, reference }
        : null,
    };
    return {
      ordinal,
      summary,
      vendor,
      repoUrl: repo ? repo.originalUrl : FALLBACK_SCM_URL,
      languages: repo ? repo.languages : ['java'],
      files: repo ? repo.files : ['src/main/java/com/acme/core/TemplateUtil.java'],
      findings: hostileFixes ? undefined : repo?.findings,
      fpFindings: repo?.findings && !hostileFixes ? fpCandidates(repo.findings) : [],
      issueCount,
      fixBase,
      blockSize,
      fixCount: Math.ceil(fixable / blockSize),
      createdOnUs,
      firstIssueUs: createdOnUs - stepUs * Math.max(1, issueCount),
      stepUs,
      hostile: kind === 'hostile',
      hostileFixes,
      lineage: undefined,
    };
  }

  /**
   * The earlier scans of each head: the newest ordinary report of each scanner on the sample
   * workspace's branch (`rescans` each), and the big report (`bigReportRescans`).
   */
  private rescanPlans(plans: readonly Plan[]): Plan[] {
    const heads: { head: Plan; count: number }[] = [];
    const scanners = new Set<Vendor>();
    for (const p of [...plans].sort((a, b) => b.createdOnUs - a.createdOnUs || a.ordinal - b.ordinal)) {
      const repo = REPOS.find((r) => r.originalUrl === p.summary.repo?.originalUrl);
      if (p.ordinal >= MAX_ORDINARY || repo?.rescanned === undefined || p.summary.repo?.reference !== repo.rescanned) continue;
      if (scanners.has(p.vendor)) continue;
      scanners.add(p.vendor);
      heads.push({ head: p, count: this.options.rescans });
    }
    const big = plans.find((p) => p.ordinal === BIG_ORDINAL);
    if (big) heads.push({ head: big, count: this.options.bigReportRescans });
    const out: Plan[] = [];
    heads.slice(0, MAX_LINEAGES).forEach(({ head, count }, h) => {
      for (let g = 1; g <= count; g++) out.push(this.rescanPlan(head, RESCAN_ORDINAL + 8 * h + g, g));
    });
    return out;
  }

  /** The g-th scan before `head`: its repository, branch and scanner, as many issues, the lineage shifted back g·churn. */
  private rescanPlan(head: Plan, ordinal: number, g: number): Plan {
    const rng = new Rng(hash32(this.seed, T.rescan, ordinal));
    const churn = head.blockSize * Math.max(1, Math.round((head.issueCount * RESCAN_CHURN) / head.blockSize));
    // fpIds carry a finding in 32 bits, the lineage's lowest (−g·churn) as its two's complement.
    if (head.issueCount + g * churn > 0x1_0000_0000) {
      throw new RangeError(`report ${head.summary.id}: ${head.issueCount} issues are too many for ${g} earlier scans`);
    }
    const createdOnUs = Math.round(head.createdOnUs - g * RESCAN_GAP_US + (rng.float() - 0.5) * US_PER_DAY);
    const spanUs = (head.ordinal === BIG_ORDINAL ? 180 : rng.int(10, 60)) * US_PER_DAY;
    const stepUs = Math.max(2_000, Math.floor(spanUs / Math.max(1, head.issueCount)));
    const summary: FixReportSummary = {
      ...head.summary,
      id: encodeId(this.seed, 'report', ordinal, 0),
      createdOn: formatUs(createdOnUs),
      expirationOn: formatUs(createdOnUs + EXPIRY_US),
      createdByUser: this.user(rng.int(0, PEOPLE.length - 1)),
    };
    return {
      ...head,
      ordinal,
      summary,
      fixBase: 0,
      fixCount: Math.ceil(head.issueCount / head.blockSize),
      createdOnUs,
      firstIssueUs: createdOnUs - stepUs * Math.max(1, head.issueCount),
      stepUs,
      lineage: { ordinal: head.ordinal, shift: -g * churn },
    };
  }

  /** The finding issue `index` of a plan shows: (ordinal, index) of its lineage (see "Rescans"). */
  private finding(plan: Plan, index: number): [number, number] {
    return plan.lineage ? [plan.lineage.ordinal, index + plan.lineage.shift] : [plan.ordinal, index];
  }

  /** The scans of the lineage `plan` heads, newest first: [plan] alone for a report without rescans. */
  private scansOf(plan: Plan): readonly Plan[] {
    return this.lineages.get(plan.ordinal) ?? [plan];
  }

  /** A false positive's fpId: its finding's, so every scan that has it as one shares it. */
  private fpIdOf(plan: Plan, index: number): string {
    const [ordinal, at] = this.finding(plan, index);
    return encodeId(this.seed, 'fp', ordinal, at);
  }

  /** The same for fix j (a rescan's blocks line up with its head's). */
  private fixFinding(plan: Plan, j: number): [number, number] {
    return plan.lineage ? [plan.lineage.ordinal, j + plan.lineage.shift / plan.blockSize] : [plan.ordinal, j];
  }

  private user(person: number): User {
    const p = PEOPLE[person] as (typeof PEOPLE)[number];
    // docs/service-interface.md §2.1 gives createdByUser and downloadedBy[].user an id and an email only.
    return { id: encodeId(this.seed, 'user', person, 0), email: p.email, name: null };
  }

  private planOf(reportId: string): Plan | undefined {
    return typeof reportId === 'string' ? this.plans.get(reportId.toLowerCase()) : undefined;
  }

  private requirePlan(reportId: string): Plan {
    const plan = this.planOf(reportId);
    if (!plan) throw new RangeError(`unknown report ${reportId}`);
    return plan;
  }

  report(reportId: string): FixReportSummary | undefined {
    return this.planOf(reportId)?.summary;
  }

  issueCount(reportId: string): number {
    return this.planOf(reportId)?.issueCount ?? 0;
  }

  fixCount(reportId: string): number {
    return this.planOf(reportId)?.fixCount ?? 0;
  }

  detail(reportId: string): SandboxReportDetail | undefined {
    const plan = this.planOf(reportId);
    if (!plan) return undefined;
    const cached = this.detailCache.get(plan.summary.id);
    if (cached) return cached;
    const fixes: SandboxFix[] = [];
    for (let j = 0; j < plan.fixCount; j++) fixes.push(this.buildFix(plan, j));
    const detail: SandboxReportDetail = { ...plan.summary, fixes };
    if (plan.fixCount <= DETAIL_CACHE_MAX_FIXES) {
      if (this.detailCache.size >= DETAIL_CACHE_SIZE) {
        const oldest = this.detailCache.keys().next().value;
        if (oldest !== undefined) this.detailCache.delete(oldest);
      }
      this.detailCache.set(plan.summary.id, detail);
    }
    return detail;
  }

  // --- issues --------------------------------------------------------------------------

  private issueTimeUs(plan: Plan, index: number): number {
    const jitter = hash32(this.seed, T.time, plan.ordinal, index) % (plan.stepUs - 1_000);
    return plan.firstIssueUs + index * plan.stepUs + jitter;
  }

  issueAt(reportId: string, index: number): SandboxIssue {
    const plan = this.requirePlan(reportId);
    if (!Number.isInteger(index) || index < 0 || index >= plan.issueCount) {
      throw new RangeError(`issue index ${index} outside 0..${plan.issueCount - 1} of report ${reportId}`);
    }
    return this.buildIssue(plan, index);
  }

  issueRange(reportId: string, start: number, count: number): SandboxIssue[] {
    const plan = this.requirePlan(reportId);
    const from = Math.max(0, start);
    const to = Math.min(plan.issueCount, start + count);
    const out: SandboxIssue[] = [];
    for (let i = from; i < to; i++) out.push(this.buildIssue(plan, i));
    return out;
  }

  locateIssue(issueId: string): { reportId: string; index: number } | undefined {
    const at = decodeId(this.seed, 'issue', issueId);
    const plan = at && this.byOrdinal.get(at.ordinal);
    return plan && at.index < plan.issueCount ? { reportId: plan.summary.id, index: at.index } : undefined;
  }

  locateFix(fixId: string): { reportId: string; index: number } | undefined {
    const at = decodeId(this.seed, 'fix', fixId);
    const plan = at && this.byOrdinal.get(at.ordinal);
    return plan && at.index < plan.fixCount ? { reportId: plan.summary.id, index: at.index } : undefined;
  }

  fpSummary(fpId: string): string | undefined {
    const at = decodeId(this.seed, 'fp', fpId);
    const head = at && this.byOrdinal.get(at.ordinal);
    // fpIds name findings of a head's lineage, never a rescan's own ordinal.
    if (!head || head.lineage) return undefined;
    // The field back to the finding: the head has 0..issueCount-1, earlier scans only below 0.
    const finding = at.index < head.issueCount ? at.index : at.index - 0x1_0000_0000;
    // The newest scan that has the finding as a false positive; a finding fixed in one scan
    // (see "Rescans") may still be a false positive in another, with the same summary.
    for (const plan of this.scansOf(head)) {
      const index = finding - shiftOf(plan);
      if (index < 0 || index >= plan.issueCount) continue;
      const issue = this.buildIssue(plan, index);
      if (issue.fpId === fpId.toLowerCase()) return this.fpReason(plan, index, issue).summary;
    }
    return undefined;
  }

  firstIssuesOfAll(limit: number): { issues: SandboxIssue[]; hasNextPage: boolean } {
    // k-way merge by (createdAt, report order, index); a linear scan is fine for a few dozen reports.
    const plans = [...this.plans.values()];
    const next = plans.map(() => 0);
    const issues: SandboxIssue[] = [];
    while (issues.length < limit) {
      let best = -1;
      let bestUs = Infinity;
      for (let k = 0; k < plans.length; k++) {
        const plan = plans[k] as Plan;
        const i = next[k] as number;
        if (i >= plan.issueCount) continue;
        const us = this.issueTimeUs(plan, i);
        if (us < bestUs) {
          bestUs = us;
          best = k;
        }
      }
      if (best < 0) break;
      const index = next[best] as number;
      issues.push(this.buildIssue(plans[best] as Plan, index));
      next[best] = index + 1;
    }
    return { issues, hasNextPage: this.totalIssueCount > issues.length };
  }

  private buildIssue(plan: Plan, index: number): SandboxIssue {
    const rng = new Rng(hash32(this.seed, T.issue, ...this.finding(plan, index)));
    const hostile = plan.hostile ? HOSTILE_CASES[index] : undefined;
    const fixIndex = this.fixIndexOf(plan, index);
    let category: Category;
    let language: Language;
    let state: string;
    let finding: WorkspaceFinding | undefined;
    let fix: { id: string; state: string } | null = null;
    if (fixIndex !== undefined) {
      const core = this.fixCore(plan, fixIndex);
      ({ category, language, finding } = core);
      state = core.state === 'Merged' ? 'Fixed' : 'Open';
      fix = { id: core.id, state: plan.hostile ? hostileFixState(fixIndex, core.state) : core.state };
    } else {
      // The same two draws as rng.pick(CATEGORIES) and rng.pick(plan.languages), taken before
      // the state so every later draw stays where it was.
      const u = rng.float();
      const w = rng.float();
      state = hostile || rng.chance(0.12) ? 'FalsePositive' : rng.weighted(ISSUE_STATES_OPEN);
      finding = plan.findings && !hostile ? pickAt(state === 'FalsePositive' ? plan.fpFindings : plan.findings, u) : undefined;
      category = finding ? findingCategory(finding) : pickAt(CATEGORIES, u);
      language = finding ? finding.language : pickAt(plan.languages, w);
    }
    const isFp = state === 'FalsePositive';
    const issue: SandboxIssue = {
      id: encodeId(this.seed, 'issue', plan.ordinal, index),
      vendorInstanceId: this.vendorInstanceId(plan.vendor, rng),
      vendorIssueId: hostile?.vendorIssueId ?? ruleId(plan.vendor, category, language),
      issueType: hostile ? hostile.issueType : category.id,
      severity: rng.weighted(SEVERITIES[plan.vendor]),
      issueLanguage: language,
      state,
      createdAt: formatUs(this.issueTimeUs(plan, index)),
      fingerprintHash: this.fingerprint(plan, index),
      vulnerabilityReportIssueTags: isFp
        ? [{ vulnerability_report_issue_tag_value: 'FALSE_POSITIVE' }]
        : rng.chance(0.06)
          ? [{ vulnerability_report_issue_tag_value: 'TEST_CODE' }]
          : [],
      fix,
      fpId: isFp ? this.fpIdOf(plan, index) : null,
      fpDescription: null,
    };
    if (plan.hostile && index >= HOSTILE_CASES.length) withHostileIssueFields(issue, index - HOSTILE_CASES.length);
    if (isFp) issue.fpDescription = this.fpTexts(plan, index, issue).description;
    if (this.locations) this.addLocations(issue, plan, index, finding, fixIndex);
    return issue;
  }

  // --- code locations ------------------------------------------------------------------

  /** codeNodes (and on some issues codeFilePath), appended after the spec's fields. */
  private addLocations(
    issue: SandboxIssue,
    plan: Plan,
    index: number,
    finding: WorkspaceFinding | undefined,
    fixIndex: number | undefined,
  ): void {
    const rng = new Rng(hash32(this.seed, T.nodes, ...this.finding(plan, index)));
    const k = index - plan.fixBase;
    const hostile = plan.hostile && k >= 0 ? HOSTILE_LOCATIONS[k] : undefined;
    const nodes: CodeNode[] = [];
    let sinkPath: string;
    if (finding && !hostile) {
      // The sink is the row; before it, the last 0..all nodes of its trace.
      const earlier = rng.int(0, finding.trace.length);
      const regions = [...finding.trace.slice(finding.trace.length - earlier), finding];
      sinkPath = finding.path;
      regions.forEach((r, n) => nodes.push(codeNode(finding.path, r, n)));
    } else {
      const sink = fixIndex !== undefined ? this.fixSink(plan, fixIndex) : { path: rng.pick(plan.files), region: randomRegion(rng) };
      // Hostile cases that reshape the trace need a few nodes to reshape.
      const earlier = hostile
        ? 2
        : rng.weighted([
            [0, 3],
            [1, 3],
            [2, 2],
            [3, 2],
          ]);
      for (let n = 0; n < earlier; n++) {
        // Most traces stay in the sink's file; some start in another file of the repository.
        const path = rng.chance(0.7) ? sink.path : rng.pick(plan.files);
        nodes.push(codeNode(path, randomRegion(rng), n));
      }
      nodes.push(codeNode(sink.path, sink.region, earlier));
      sinkPath = sink.path;
    }
    const withFilePath = rng.chance(1 / 3);
    issue.codeNodes = hostile ? hostileNodes(nodes, hostile) : nodes;
    if (hostile?.codeFilePath !== undefined) issue.codeFilePath = hostile.codeFilePath === null ? null : String(hostile.codeFilePath);
    else if (withFilePath) issue.codeFilePath = hostile?.sink?.path !== undefined ? (hostile.sink.path as string | null) : sinkPath;
  }

  /** Where a synthetic fix's issues have their sink: one region of one file, shared by them all. */
  private fixSink(plan: Plan, j: number): { path: string; region: Region } {
    const rng = new Rng(hash32(this.seed, T.fixSink, ...this.fixFinding(plan, j)));
    return { path: rng.pick(plan.files), region: randomRegion(rng) };
  }

  private vendorInstanceId(vendor: Vendor, rng: Rng): string | null {
    if (rng.chance(0.2)) return null;
    switch (vendor) {
      case 'checkmarx':
        return String(rng.int(100_000, 9_999_999));
      case 'fortify':
        return rng.hex(32).toUpperCase();
      case 'codeql':
        return String(rng.int(1, 99_999));
      case 'snyk':
        return rng.uuid();
      case 'sonarqube':
        return `AY${rng.hex(18)}`;
      case 'semgrep':
      case 'opengrep':
        return rng.hex(64);
    }
  }

  private fingerprint(plan: Plan, index: number): string | null {
    // Two independent hash words make it unique (a 64-bit collision among a million issues is
    // vanishingly rare); the rest only pads it to the length of a SHA-256 hex digest.
    const [ordinal, at] = this.finding(plan, index);
    // Findings that only earlier scans have (at < 0): one in six without a fingerprint.
    if (at < 0 && hash32(this.seed, T.print, ordinal, at, 2) % 6 === 0) return null;
    const w0 = hash32(this.seed, T.print, ordinal, at, 0);
    const w1 = hash32(this.seed, T.print, ordinal, at, 1);
    return hex8(w0) + hex8(w1) + new Rng(w0 ^ w1).hex(48);
  }

  /**
   * The start of fpTexts: the summary, and what the description goes on from (its random stream
   * after the reason's draw). The fp-summary endpoint needs no more.
   */
  private fpReason(plan: Plan, index: number, issue: Pick<Issue, 'issueType'>): FpStart {
    const hostile = plan.hostile ? HOSTILE_CASES[index] : undefined;
    if (hostile) return { summary: hostile.summary, hostileDescription: hostile.description };
    const rng = new Rng(hash32(this.seed, T.fptext, ...this.finding(plan, index)));
    const category = categoryById(issue.issueType) ?? (CATEGORIES[0] as Category);
    // A workspace false positive names its real place and the reason that fits its code; the
    // random draws are still taken so the rest of the text stays as it was.
    const finding = plan.findings ? this.fpFinding(plan, index) : undefined;
    const randomReason = rng.pick(category.fpReasons);
    const reason = (finding?.fpReason !== undefined ? category.fpReasons[finding.fpReason] : undefined) ?? randomReason;
    return { summary: clampCodePoints(reason.short, 280), rng, category, finding, reason };
  }

  private fpTexts(
    plan: Plan,
    index: number,
    issue: Pick<Issue, 'issueType' | 'vendorIssueId' | 'issueLanguage'>,
  ): { summary: string; description: string } {
    const start = this.fpReason(plan, index, issue);
    if (start.hostileDescription !== undefined) return { summary: start.summary, description: start.hostileDescription };
    const { summary, rng, category, finding, reason } = start;
    const randomFile = rng.pick(plan.files);
    const randomLine = rng.int(12, 880);
    const randomFn = rng.pick(FUNCTIONS);
    const file = finding ? finding.path : randomFile;
    const line = finding ? finding.startLine : randomLine;
    const fn = finding?.function ?? randomFn;
    const reviewer = rng.pick(PEOPLE);
    // Reviewed after the newest scan that has the finding, so every scan shows the same review.
    const since = this.newestScanOf(plan, index).createdOnUs;
    const reviewedUs = since + rng.float() * (this.nowUs - since);
    const description = [
      `${VENDOR_NAMES[plan.vendor]} reported ${category.title} (${issue.vendorIssueId}) in ${file}:${line}, in ${fn}().`,
      reason.detail,
      `Evidence:\n- Data flow traced from the entry point to the flagged call.\n- ${fn}() is covered by tests that feed it malformed input.`,
      `Marked as a false positive by ${reviewer.name} on ${formatUs(reviewedUs).slice(0, 10)}. Re-evaluate if ${fn}() starts accepting external input.`,
    ].join('\n\n');
    return { summary, description };
  }

  /** The newest scan of the lineage that has the finding issue `index` of `plan` shows. */
  private newestScanOf(plan: Plan, index: number): Plan {
    if (!plan.lineage) return plan;
    const finding = index + plan.lineage.shift;
    const head = this.byOrdinal.get(plan.lineage.ordinal) as Plan;
    return this.scansOf(head).find((scan) => finding >= shiftOf(scan)) ?? plan;
  }

  /** The finding of a workspace false positive (which has no fix): buildIssue's first draw decides it. */
  private fpFinding(plan: Plan, index: number): WorkspaceFinding | undefined {
    if (plan.hostile && index < HOSTILE_CASES.length) return undefined;
    return pickAt(plan.fpFindings, new Rng(hash32(this.seed, T.issue, ...this.finding(plan, index))).float());
  }

  // --- fixes ---------------------------------------------------------------------------

  /** Issues [start, end) covered by fix j: a run of 1–3 inside block j. */
  private fixSpan(plan: Plan, j: number): { start: number; end: number } {
    const blockStart = plan.fixBase + j * plan.blockSize;
    const blockLen = Math.min(plan.blockSize, plan.issueCount - blockStart);
    const h = hash32(this.seed, T.span, ...this.fixFinding(plan, j));
    const roll = h % 100;
    const len = Math.min(blockLen, roll < 70 ? 1 : roll < 92 ? 2 : 3);
    const offset = (h >>> 8) % (blockLen - len + 1);
    return { start: blockStart + offset, end: blockStart + offset + len };
  }

  private fixIndexOf(plan: Plan, index: number): number | undefined {
    if (index < plan.fixBase) return undefined;
    const j = Math.floor((index - plan.fixBase) / plan.blockSize);
    const span = this.fixSpan(plan, j);
    return index >= span.start && index < span.end ? j : undefined;
  }

  private fixCore(plan: Plan, j: number): FixCore {
    const rng = new Rng(hash32(this.seed, T.fix, ...this.fixFinding(plan, j)));
    const id = encodeId(this.seed, 'fix', plan.ordinal, j);
    // The draws of rng.pick(CATEGORIES) and rng.pick(plan.languages), whatever decides them.
    const u = rng.float();
    const w = rng.float();
    const finding = plan.findings ? pickAt(plan.findings, u) : undefined;
    return {
      id,
      category: finding ? findingCategory(finding) : pickAt(CATEGORIES, u),
      language: finding ? finding.language : pickAt(plan.languages, w),
      finding,
      state: rng.weighted([
        ['Ready', 2],
        ['Downloaded', 3],
        ['Committed', 3],
        ['Merged', 2],
      ]),
      confidence: rng.chance(0.6) ? 90 : 50,
      rng,
    };
  }

  fixAt(reportId: string, index: number): SandboxFix {
    const plan = this.requirePlan(reportId);
    if (!Number.isInteger(index) || index < 0 || index >= plan.fixCount) {
      throw new RangeError(`fix index ${index} outside 0..${plan.fixCount - 1} of report ${reportId}`);
    }
    return this.buildFix(plan, index);
  }

  private buildFix(plan: Plan, j: number): SandboxFix {
    const core = this.fixCore(plan, j);
    const { rng, state } = core;
    const span = this.fixSpan(plan, j);
    const refs: FixIssueRef[] = [];
    for (let i = span.start; i < span.end; i++) {
      const issue = this.buildIssue(plan, i);
      refs.push({ id: issue.id, vendorInstanceId: issue.vendorInstanceId, sharedState: { createdAt: issue.createdAt } });
    }
    const created = plan.createdOnUs;
    const downloads = this.downloads(rng, state, created);
    const lastDownload = downloads.length > 0 ? downloads[downloads.length - 1]?.at : undefined;
    const submissions = state === 'Committed' || state === 'Merged' ? this.submissions(plan, core, lastDownload ?? created) : [];
    const fix: SandboxFix = {
      id: core.id,
      safeIssueType: core.category.id,
      safeIssueLanguage: core.language,
      state,
      confidence: core.confidence,
      vulnerabilityReportIssues: refs,
      scmSubmitFixRequests: submissions,
      sharedState: {
        isArchived: rng.chance(0.05),
        downloadedBy: downloads.map((d) => d.download),
        fixRatings: this.ratings(rng, j, created),
      },
    };
    if (plan.hostile) withHostileFixFields(fix, j);
    return this.locations ? { ...fix, ...this.fixDetails(plan, j, core) } : fix;
  }

  /** The fields of a fix the spec does not show: files, patch and questions, effort, severity. */
  private fixDetails(plan: Plan, j: number, core: FixCore): FixLocations {
    const rng = new Rng(hash32(this.seed, T.fixExtra, ...this.fixFinding(plan, j)));
    const effortToApplyFix = rng.weighted(FIX_EFFORTS);
    const band = rng.weighted(FIX_SEVERITIES);
    const severityValue = Math.round((band.min + rng.float() * (band.max - band.min)) * 10) / 10;
    const withoutPatch = rng.chance(0.1);
    const questions: FixQuestion[] = [];
    if (rng.chance(0.2)) {
      const first = rng.int(0, FIX_QUESTIONS.length - 1);
      const count = rng.chance(0.3) ? 2 : 1;
      for (let q = 0; q < count; q++) {
        const asked = FIX_QUESTIONS[(first + q) % FIX_QUESTIONS.length] as FixQuestion;
        questions.push({ ...asked, options: [...asked.options] });
      }
    }
    const secondFile = rng.chance(0.15) ? rng.pick(plan.files) : undefined;
    const conflicting = core.id === this.conflictingFixId;
    const hostile = plan.hostile ? HOSTILE_FIX_FILES[j] : undefined;
    const hostileFix = plan.hostileFixes ? HOSTILE_FIXES[j] : undefined;
    let files: string[];
    let patch: string;
    if (hostileFix) {
      files = [...hostileFix.files];
      patch = hostileFix.patch;
    } else if (hostile) {
      files = [hostile.path];
      patch = syntheticPatch(hostile.patchPath ?? hostile.path, this.fixSink(plan, j).region, core.category);
    } else if (core.finding) {
      files = [core.finding.path];
      patch = workspacePatch(core.finding, conflicting);
    } else {
      const sink = this.fixSink(plan, j);
      files = [sink.path];
      patch = syntheticPatch(sink.path, sink.region, core.category);
      if (secondFile !== undefined && secondFile !== sink.path) {
        // The fix also adds the helper it calls to a second file of the repository.
        files.push(secondFile);
        patch += syntheticPatch(secondFile, { startLine: 3, endLine: 3, startCol: 1, endCol: 2, snippet: '' }, undefined);
      }
    }
    return {
      fixFiles: files.map((fileRepoRelativePath) => ({ fileRepoRelativePath })),
      patchAndQuestions: withoutPatch && !conflicting && !hostileFix ? null : { patch, questions },
      effortToApplyFix,
      severityText: band.text,
      severityValue,
    };
  }

  /** A time in (from, now), `share` of the way at most: keeps every event before "now". */
  private later(rng: Rng, from: number, share: number): number {
    return Math.round(from + (0.02 + rng.float() * 0.98) * share * (this.nowUs - from));
  }

  private downloads(rng: Rng, state: string, created: number): { at: number; download: Download }[] {
    const mustHave = state === 'Downloaded';
    const none = state === 'Ready' || (!mustHave && rng.chance(0.2));
    if (none) return [];
    const count = rng.weighted([
      [1, 5],
      [2, 3],
      [3, 2],
      [4, 1],
    ]);
    const out: { at: number; download: Download }[] = [];
    let at = this.later(rng, created, 0.4);
    for (let k = 0; k < count; k++) {
      // Repeated downloads by the same person happen: people re-download after a rebase.
      out.push({ at, download: { downloadedAt: formatUs(at), user: this.user(rng.int(0, PEOPLE.length - 1)) } });
      at = this.later(rng, at, 0.3);
    }
    return out;
  }

  private submissions(plan: Plan, core: FixCore, after: number): ScmSubmitFixRequest[] {
    const { rng, state } = core;
    const count = rng.chance(0.2) ? 2 : 1;
    const out: ScmSubmitFixRequest[] = [];
    let at = this.later(rng, after, 0.5);
    for (let m = 0; m < count; m++) {
      const last = m === count - 1;
      const createdAt = at;
      const updatedAt = this.later(rng, createdAt, 0.5);
      const branch = `security-fix/${core.category.id.toLowerCase().replace(/_/g, '-')}-${rng.hex(7)}`;
      if (last && state === 'Committed' && rng.chance(0.15)) {
        // A direct commit: no pull request, so the PR fields are empty and commitUrl is set.
        out.push({
          prId: null,
          prStatus: null,
          prUrl: null,
          submitBranchName: branch,
          commitUrl: `${plan.repoUrl}/commit/${rng.hex(40)}`,
          createdAt: formatUs(createdAt),
          updatedAt: formatUs(updatedAt),
        });
      } else {
        const prId = String(rng.int(12, 4_800));
        out.push({
          prId,
          prStatus: !last ? 'CLOSED' : state === 'Merged' ? 'MERGED' : 'ACTIVE',
          prUrl: pullRequestUrl(plan.repoUrl, prId),
          submitBranchName: branch,
          commitUrl: null,
          createdAt: formatUs(createdAt),
          updatedAt: formatUs(updatedAt),
        });
      }
      at = this.later(rng, updatedAt, 0.3);
    }
    return out;
  }

  private ratings(rng: Rng, j: number, created: number): FixRating[] {
    const out: { at: number; rating: FixRating }[] = [];
    // The first six fixes of every report carry each rejection tag (and one untagged
    // thumbs-down), so even a small dataset shows all of them.
    const forced = j < FIX_RATING_TAGS.length + 1;
    const count =
      (forced ? 1 : 0) +
      rng.weighted([
        [0, 5],
        [1, 3],
        [2, 1],
        [3, 1],
      ]);
    for (let k = 0; k < count; k++) {
      const vote = forced && k === 0 ? -1 : rng.chance(0.55) ? 1 : -1;
      const tag =
        vote === 1 ? null : forced && k === 0 ? (FIX_RATING_TAGS[j] ?? null) : rng.chance(0.85) ? rng.pick(FIX_RATING_TAGS) : null;
      const comment = vote === 1 ? rng.pick(POSITIVE_COMMENTS) : rng.pick(NEGATIVE_COMMENTS[tag ?? 'none']);
      const person = rng.pick(PEOPLE);
      const at = this.later(rng, created, 0.9);
      out.push({
        at,
        rating: {
          voteScore: vote,
          fixRatingTag: tag,
          comment,
          user: { id: null, email: person.email, name: person.name },
          updatedDate: formatUs(at),
        },
      });
    }
    return out.sort((a, b) => a.at - b.at).map((r) => r.rating);
  }
}

/** How far back in its lineage a scan's issue 0 is (0 for a head). */
function shiftOf(plan: Plan): number {
  return plan.lineage?.shift ?? 0;
}

const VENDOR_NAMES: Record<Vendor, string> = {
  checkmarx: 'Checkmarx',
  codeql: 'CodeQL',
  fortify: 'Fortify',
  opengrep: 'Opengrep',
  semgrep: 'Semgrep',
  snyk: 'Snyk Code',
  sonarqube: 'SonarQube',
};

function pullRequestUrl(repoUrl: string, prId: string): string {
  if (repoUrl.includes('gitlab.')) return `${repoUrl}/-/merge_requests/${prId}`;
  if (repoUrl.includes('dev.azure.com')) return `${repoUrl}/pullrequest/${prId}`;
  if (repoUrl.includes('bitbucket.')) return `${repoUrl}/pull-requests/${prId}`;
  return `${repoUrl}/pull/${prId}`;
}

function clampCodePoints(text: string, max: number): string {
  if (text.length <= max) return text; // UTF-16 length ≥ code points
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}

/** items[⌊u·n⌋]: what Rng.pick returns when its draw is u. */
function pickAt<T>(items: readonly T[], u: number): T {
  if (items.length === 0) throw new RangeError('pick from an empty list');
  return items[Math.floor(u * items.length)] as T;
}

function findingCategory(finding: WorkspaceFinding): Category {
  const category = categoryById(finding.issueType);
  if (!category) throw new Error(`workspace finding ${finding.name}: unknown category ${finding.issueType}`);
  return category;
}

/** The findings whose code is safe; all of them if none is marked so. */
function fpCandidates(findings: readonly WorkspaceFinding[]): readonly WorkspaceFinding[] {
  const safe = findings.filter((f) => f.fpReason !== undefined);
  return safe.length > 0 ? safe : findings;
}

function codeNode(path: string, r: Region, index: number): CodeNode {
  return { path, startLine: r.startLine, endLine: r.endLine, startCol: r.startCol, endCol: r.endCol, index };
}

/** A plausible region of a synthetic file: lines 1–400, mostly one line. */
function randomRegion(rng: Rng): Region {
  const startLine = rng.int(1, 400);
  const lines = rng.weighted([
    [0, 8],
    [1, 1],
    [2, 1],
  ]);
  const startCol = rng.int(1, 40);
  const width = rng.int(1, 60);
  return { startLine, endLine: startLine + lines, startCol, endCol: lines === 0 ? startCol + width : width + 1, snippet: '' };
}

/** The trace of a hostile-location issue: the sink's fields replaced, or the trace reshaped. */
function hostileNodes(nodes: CodeNode[], h: HostileLocation): WireCodeNode[] | null {
  if (h.shape === 'null') return null;
  if (h.shape === 'empty') return [];
  const out: WireCodeNode[] = nodes.map((n) => ({ ...n }));
  const sink = out[out.length - 1] as WireCodeNode;
  if (h.sink) Object.assign(sink, h.sink);
  if (h.shape === 'reversed') out.reverse();
  // Two nodes share the highest index: either may be taken as the sink.
  if (h.shape === 'duplicate-index' && out.length >= 2) (out[out.length - 2] as WireCodeNode).index = sink.index;
  return out;
}

/**
 * A single-hunk unified diff of `before` (lines of the file from `line` on) to `after`; lines
 * the two share at the start and the end are context.
 */
function unifiedDiff(path: string, line: number, before: readonly string[], after: readonly string[]): string {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail])
    tail++;
  const body = [
    ...before.slice(0, head).map((l) => ` ${l}`),
    ...before.slice(head, before.length - tail).map((l) => `-${l}`),
    ...after.slice(head, after.length - tail).map((l) => `+${l}`),
    ...before.slice(before.length - tail).map((l) => ` ${l}`),
  ];
  return `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n@@ -${line},${before.length} +${line},${after.length} @@\n${body.join('\n')}\n`;
}

const workspacePatches = new Map<string, string>();

/** A workspace finding's patch; `stale`: made against an older revision, so it does not apply. */
export function workspacePatch(finding: WorkspaceFinding, stale: boolean): string {
  const key = `${finding.name}${stale ? ' stale' : ''}`;
  let patch = workspacePatches.get(key);
  if (patch === undefined) {
    const { line, before, after } = finding.fix;
    if (stale) {
      const keptFirst = after[0] === before[0];
      const old = [finding.stale, ...before.slice(1)];
      patch = unifiedDiff(finding.path, line, old, keptFirst ? [finding.stale, ...after.slice(1)] : after);
    } else {
      patch = unifiedDiff(finding.path, line, before, after);
    }
    workspacePatches.set(key, patch);
  }
  return patch;
}

/**
 * A patch for a file the sandbox does not have: one changed line at the region's first line,
 * between a line of context on each side (none before line 1). Without a category it adds an
 * import instead.
 */
function syntheticPatch(path: string, region: Region, category: Category | undefined): string {
  const line = Math.max(1, region.startLine);
  const edit = category ? SYNTHETIC_EDITS[category.id] : undefined;
  const changed = edit ? { old: [edit.old], new: [edit.new] } : { old: [], new: ['import security.Encoders'] };
  const before = line > 1 ? [''] : [];
  const context = '    return result';
  return unifiedDiff(path, line > 1 ? line - 1 : line, [...before, ...changed.old, context], [...before, ...changed.new, context]);
}
