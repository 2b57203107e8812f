// Deterministic data for the sandbox service. Reports are planned up front (a handful of
// numbers each); issues and fixes are computed on demand from (seed, report, index), so a
// report with a million issues costs no more memory than one with twenty.
//
// Layout of a report's issues: index order is chronological. After the hostile cases (if
// any), issues fall into blocks of `blockSize`; fix j covers a short run of consecutive
// issues inside block j. Both directions (issue → fix, fix → issues) are arithmetic.
//
// Objects are the decoded shapes of src/api/schemas.ts: every key present, null where the
// spec gives no value. Decoding them with those schemas returns them unchanged.
import type { Download, Fix, FixIssueRef, FixRating, FixReportDetail, FixReportSummary, Issue, ScmSubmitFixRequest, User } from '../../src/api/schemas';
import {
  CATEGORIES, FALLBACK_SCM_URL, FIX_RATING_TAGS, FUNCTIONS, ISSUE_STATES_OPEN, NEGATIVE_COMMENTS, PEOPLE, POSITIVE_COMMENTS,
  REPOS, SEVERITIES, VENDORS, ruleId, type Category, type Language, type RepoDef, type Vendor,
} from './catalog';
import { HOSTILE_CASES } from './hostile';
import { decodeId, encodeId } from './ids';
import { Rng, hash32, hex8, label } from './random';
import { US_PER_DAY, formatUs, parseUs } from './time';

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
  /** "Now" of the dataset; every timestamp is before it. */
  now?: string;
}

export type ResolvedDatasetOptions = Required<DatasetOptions>;

const DEFAULT_NOW = '2026-11-01T12:00:00.000000+00:00';
/** Reports expire this long after creation. */
const EXPIRY_US = 90 * US_PER_DAY;
/** Above this many issues the block size grows so a report never has more fixes than this. */
const MAX_FIXES_PER_REPORT = 20_000;

const BIG_ORDINAL = 0xff00;
const HOSTILE_ORDINAL = 0xff01;
const MAX_ORDINARY = 0xfe00;
const MAX_ISSUES = 0xffff_ffff;
const DETAIL_CACHE_SIZE = 3;
/** Fixes above this count are not cached by `detail()` (the server streams them instead). */
const DETAIL_CACHE_MAX_FIXES = 2_000;

const T = {
  report: label('report'), vendor: label('vendor-offset'), issue: label('issue'), fix: label('fix'), span: label('span'),
  time: label('time'), block: label('block'), print: label('fingerprint'), fptext: label('fp-text'),
};

export interface Dataset {
  readonly options: Readonly<ResolvedDatasetOptions>;
  /** Newest first. */
  readonly reports: readonly FixReportSummary[];
  /** The report added by `bigReportIssues`, if any. */
  readonly bigReportId: string | undefined;
  /** The report added by `hostileText`, if any. */
  readonly hostileReportId: string | undefined;
  readonly totalIssueCount: number;
  report(reportId: string): FixReportSummary | undefined;
  /** The report with all its fixes (built on demand; a few recent ones are cached). */
  detail(reportId: string): FixReportDetail | undefined;
  fixCount(reportId: string): number;
  fixAt(reportId: string, index: number): Fix;
  locateFix(fixId: string): { reportId: string; index: number } | undefined;
  /** 0 for an unknown report. */
  issueCount(reportId: string): number;
  /** O(1); index order is chronological. Throws RangeError outside 0..issueCount-1. */
  issueAt(reportId: string, index: number): Issue;
  /** Issues [start, start+count) of a report, clipped to its end. */
  issueRange(reportId: string, start: number, count: number): Issue[];
  locateIssue(issueId: string): { reportId: string; index: number } | undefined;
  /** The ≤280-code-point summary (longer only for the hostile over-limit case). */
  fpSummary(fpId: string): string | undefined;
  /** The first `limit` issues of all reports merged chronologically (the unfiltered listing). */
  firstIssuesOfAll(limit: number): { issues: Issue[]; hasNextPage: boolean };
}

interface Plan {
  readonly ordinal: number;
  readonly summary: FixReportSummary;
  readonly vendor: Vendor;
  readonly repoUrl: string;
  readonly languages: readonly Language[];
  readonly files: readonly string[];
  readonly issueCount: number;
  /** First index covered by fixes (after the hostile cases). */
  readonly fixBase: number;
  readonly blockSize: number;
  readonly fixCount: number;
  readonly createdOnUs: number;
  readonly firstIssueUs: number;
  readonly stepUs: number;
  readonly hostile: boolean;
}

interface FixCore {
  readonly id: string;
  readonly category: Category;
  readonly language: Language;
  readonly state: string;
  readonly confidence: number;
  /** Continues the fix's random stream for the remaining fields. */
  readonly rng: Rng;
}

function resolveOptions(opts: DatasetOptions): ResolvedDatasetOptions {
  const resolved: ResolvedDatasetOptions = {
    seed: opts.seed,
    reports: opts.reports ?? 12,
    issuesPerReport: opts.issuesPerReport ?? [20, 600],
    bigReportIssues: opts.bigReportIssues ?? 0,
    hostileText: opts.hostileText ?? false,
    now: opts.now ?? DEFAULT_NOW,
  };
  const [lo, hi] = resolved.issuesPerReport;
  if (!Number.isFinite(resolved.seed)) throw new RangeError('seed must be a finite number');
  if (!isCount(resolved.reports, MAX_ORDINARY)) throw new RangeError(`reports must be an integer in 0..${MAX_ORDINARY}`);
  if (!isCount(lo, MAX_ISSUES) || !isCount(hi, MAX_ISSUES) || lo > hi) throw new RangeError('issuesPerReport must be [min, max] with 0 ≤ min ≤ max');
  if (!isCount(resolved.bigReportIssues, MAX_ISSUES)) throw new RangeError('bigReportIssues must be a non-negative integer');
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
  readonly totalIssueCount: number;
  private readonly seed: number;
  private readonly nowUs: number;
  private readonly plans = new Map<string, Plan>();
  private readonly byOrdinal = new Map<number, Plan>();
  private readonly detailCache = new Map<string, FixReportDetail>();

  constructor(options: ResolvedDatasetOptions) {
    this.options = Object.freeze({ ...options, issuesPerReport: [...options.issuesPerReport] as [number, number] });
    this.seed = options.seed;
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
    plans.sort((a, b) => b.createdOnUs - a.createdOnUs || a.ordinal - b.ordinal);
    for (const p of plans) {
      this.plans.set(p.summary.id, p);
      this.byOrdinal.set(p.ordinal, p);
    }
    this.reports = plans.map((p) => p.summary);
    this.bigReportId = this.byOrdinal.get(BIG_ORDINAL)?.summary.id;
    this.hostileReportId = this.byOrdinal.get(HOSTILE_ORDINAL)?.summary.id;
    this.totalIssueCount = plans.reduce((sum, p) => sum + p.issueCount, 0);
  }

  // --- reports -------------------------------------------------------------------------

  private plan(ordinal: number, kind: 'ordinary' | 'big' | 'hostile', rng: Rng, vendor: Vendor, issueCount: number, ageUs: number): Plan {
    const ordinary = kind === 'ordinary';
    // A few fields are null exactly once, on fixed ordinary reports, so the defaults show them.
    const repoIndex = Math.floor(rng.float() * REPOS.length);
    const repo: RepoDef | null = ordinary && ordinal === 4 ? null : (REPOS[repoIndex] as RepoDef);
    const reference = repo ? rng.pick(repo.references) : null;
    const creator = rng.int(0, PEOPLE.length - 1);
    const createdOnUs = Math.round(this.nowUs - ageUs);
    const spanUs = kind === 'big' ? 180 * US_PER_DAY : kind === 'hostile' ? 20 * US_PER_DAY : rng.int(10, 60) * US_PER_DAY;
    // ≥2 ms apart per index and jitter < step − 1 ms: strictly increasing even at millisecond resolution.
    const stepUs = Math.max(2_000, Math.floor(spanUs / Math.max(1, issueCount)));
    const fixBase = kind === 'hostile' ? HOSTILE_CASES.length : 0;
    const fixable = Math.max(0, issueCount - fixBase);
    const blockSize = fixable <= 1000 ? 3 + (hash32(this.seed, T.block, ordinal) % 3) : Math.max(10, Math.ceil(fixable / MAX_FIXES_PER_REPORT));
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
      repo: repo ? { name: repo.name, originalUrl: repo.originalUrl, reference } : null,
    };
    return {
      ordinal, summary, vendor,
      repoUrl: repo ? repo.originalUrl : FALLBACK_SCM_URL,
      languages: repo ? repo.languages : ['java'],
      files: repo ? repo.files : ['src/main/java/com/acme/core/TemplateUtil.java'],
      issueCount, fixBase, blockSize,
      fixCount: Math.ceil(fixable / blockSize),
      createdOnUs,
      firstIssueUs: createdOnUs - stepUs * Math.max(1, issueCount),
      stepUs,
      hostile: kind === 'hostile',
    };
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

  detail(reportId: string): FixReportDetail | undefined {
    const plan = this.planOf(reportId);
    if (!plan) return undefined;
    const cached = this.detailCache.get(plan.summary.id);
    if (cached) return cached;
    const fixes: Fix[] = [];
    for (let j = 0; j < plan.fixCount; j++) fixes.push(this.buildFix(plan, j));
    const detail: FixReportDetail = { ...plan.summary, fixes };
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

  issueAt(reportId: string, index: number): Issue {
    const plan = this.requirePlan(reportId);
    if (!Number.isInteger(index) || index < 0 || index >= plan.issueCount) {
      throw new RangeError(`issue index ${index} outside 0..${plan.issueCount - 1} of report ${reportId}`);
    }
    return this.buildIssue(plan, index);
  }

  issueRange(reportId: string, start: number, count: number): Issue[] {
    const plan = this.requirePlan(reportId);
    const from = Math.max(0, start);
    const to = Math.min(plan.issueCount, start + count);
    const out: Issue[] = [];
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
    const plan = at && this.byOrdinal.get(at.ordinal);
    if (!plan || at.index >= plan.issueCount) return undefined;
    const issue = this.buildIssue(plan, at.index);
    if (issue.fpId !== fpId.toLowerCase()) return undefined;
    return this.fpTexts(plan, at.index, issue).summary;
  }

  firstIssuesOfAll(limit: number): { issues: Issue[]; hasNextPage: boolean } {
    // k-way merge by (createdAt, report order, index); a linear scan is fine for a few dozen reports.
    const plans = [...this.plans.values()];
    const next = plans.map(() => 0);
    const issues: Issue[] = [];
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

  private buildIssue(plan: Plan, index: number): Issue {
    const rng = new Rng(hash32(this.seed, T.issue, plan.ordinal, index));
    const hostile = plan.hostile ? HOSTILE_CASES[index] : undefined;
    const fixIndex = this.fixIndexOf(plan, index);
    let category: Category;
    let language: Language;
    let state: string;
    let fix: { id: string; state: string } | null = null;
    if (fixIndex !== undefined) {
      const core = this.fixCore(plan, fixIndex);
      ({ category, language } = core);
      state = core.state === 'Merged' ? 'Fixed' : 'Open';
      fix = { id: core.id, state: core.state };
    } else {
      category = rng.pick(CATEGORIES);
      language = rng.pick(plan.languages);
      state = hostile || rng.chance(0.12) ? 'FalsePositive' : rng.weighted(ISSUE_STATES_OPEN);
    }
    const isFp = state === 'FalsePositive';
    const issue: Issue = {
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
        : rng.chance(0.06) ? [{ vulnerability_report_issue_tag_value: 'TEST_CODE' }] : [],
      fix,
      fpId: isFp ? encodeId(this.seed, 'fp', plan.ordinal, index) : null,
      fpDescription: null,
    };
    if (isFp) issue.fpDescription = this.fpTexts(plan, index, issue).description;
    return issue;
  }

  private vendorInstanceId(vendor: Vendor, rng: Rng): string | null {
    if (rng.chance(0.2)) return null;
    switch (vendor) {
      case 'checkmarx': return String(rng.int(100_000, 9_999_999));
      case 'fortify': return rng.hex(32).toUpperCase();
      case 'codeql': return String(rng.int(1, 99_999));
      case 'snyk': return rng.uuid();
      case 'sonarqube': return `AY${rng.hex(18)}`;
      case 'semgrep':
      case 'opengrep': return rng.hex(64);
    }
  }

  private fingerprint(plan: Plan, index: number): string {
    // Two independent hash words make it unique (a 64-bit collision among a million issues is
    // vanishingly rare); the rest only pads it to the length of a SHA-256 hex digest.
    const w0 = hash32(this.seed, T.print, plan.ordinal, index, 0);
    const w1 = hash32(this.seed, T.print, plan.ordinal, index, 1);
    return hex8(w0) + hex8(w1) + new Rng(w0 ^ w1).hex(48);
  }

  private fpTexts(plan: Plan, index: number, issue: Issue): { summary: string; description: string } {
    const hostile = plan.hostile ? HOSTILE_CASES[index] : undefined;
    if (hostile) return { summary: hostile.summary, description: hostile.description };
    const rng = new Rng(hash32(this.seed, T.fptext, plan.ordinal, index));
    const category = CATEGORIES.find((c) => c.id === issue.issueType) ?? (CATEGORIES[0] as Category);
    const reason = rng.pick(category.fpReasons);
    const file = rng.pick(plan.files);
    const line = rng.int(12, 880);
    const fn = rng.pick(FUNCTIONS);
    const reviewer = rng.pick(PEOPLE);
    const reviewedUs = plan.createdOnUs + rng.float() * (this.nowUs - plan.createdOnUs);
    const description = [
      `${VENDOR_NAMES[plan.vendor]} reported ${category.title} (${issue.vendorIssueId}) in ${file}:${line}, in ${fn}().`,
      reason.detail,
      `Evidence:\n- Data flow traced from the entry point to the flagged call.\n- ${fn}() is covered by tests that feed it malformed input.`,
      `Marked as a false positive by ${reviewer.name} on ${formatUs(reviewedUs).slice(0, 10)}. Re-evaluate if ${fn}() starts accepting external input.`,
    ].join('\n\n');
    return { summary: clampCodePoints(reason.short, 280), description };
  }

  // --- fixes ---------------------------------------------------------------------------

  /** Issues [start, end) covered by fix j: a run of 1–3 inside block j. */
  private fixSpan(plan: Plan, j: number): { start: number; end: number } {
    const blockStart = plan.fixBase + j * plan.blockSize;
    const blockLen = Math.min(plan.blockSize, plan.issueCount - blockStart);
    const h = hash32(this.seed, T.span, plan.ordinal, j);
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
    const rng = new Rng(hash32(this.seed, T.fix, plan.ordinal, j));
    return {
      id: encodeId(this.seed, 'fix', plan.ordinal, j),
      category: rng.pick(CATEGORIES),
      language: rng.pick(plan.languages),
      state: rng.weighted([['Ready', 2], ['Downloaded', 3], ['Committed', 3], ['Merged', 2]]),
      confidence: rng.chance(0.6) ? 90 : 50,
      rng,
    };
  }

  fixAt(reportId: string, index: number): Fix {
    const plan = this.requirePlan(reportId);
    if (!Number.isInteger(index) || index < 0 || index >= plan.fixCount) {
      throw new RangeError(`fix index ${index} outside 0..${plan.fixCount - 1} of report ${reportId}`);
    }
    return this.buildFix(plan, index);
  }

  private buildFix(plan: Plan, j: number): Fix {
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
    return {
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
  }

  /** A time in (from, now), `share` of the way at most: keeps every event before "now". */
  private later(rng: Rng, from: number, share: number): number {
    return Math.round(from + (0.02 + rng.float() * 0.98) * share * (this.nowUs - from));
  }

  private downloads(rng: Rng, state: string, created: number): { at: number; download: Download }[] {
    const mustHave = state === 'Downloaded';
    const none = state === 'Ready' || (!mustHave && rng.chance(0.2));
    if (none) return [];
    const count = rng.weighted([[1, 5], [2, 3], [3, 2], [4, 1]]);
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
          prId: null, prStatus: null, prUrl: null, submitBranchName: branch,
          commitUrl: `${plan.repoUrl}/commit/${rng.hex(40)}`,
          createdAt: formatUs(createdAt), updatedAt: formatUs(updatedAt),
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
    const count = (forced ? 1 : 0) + rng.weighted([[0, 5], [1, 3], [2, 1], [3, 1]]);
    for (let k = 0; k < count; k++) {
      const vote = forced && k === 0 ? -1 : rng.chance(0.55) ? 1 : -1;
      const tag = vote === 1 ? null : forced && k === 0 ? (FIX_RATING_TAGS[j] ?? null) : rng.chance(0.85) ? rng.pick(FIX_RATING_TAGS) : null;
      const comment = vote === 1 ? rng.pick(POSITIVE_COMMENTS) : rng.pick(NEGATIVE_COMMENTS[tag ?? 'none']);
      const person = rng.pick(PEOPLE);
      const at = this.later(rng, created, 0.9);
      out.push({ at, rating: { voteScore: vote, fixRatingTag: tag, comment, user: { id: null, email: person.email, name: person.name }, updatedDate: formatUs(at) } });
    }
    return out.sort((a, b) => a.at - b.at).map((r) => r.rating);
  }
}

const VENDOR_NAMES: Record<Vendor, string> = {
  checkmarx: 'Checkmarx', codeql: 'CodeQL', fortify: 'Fortify', opengrep: 'Opengrep', semgrep: 'Semgrep', snyk: 'Snyk Code', sonarqube: 'SonarQube',
};

function pullRequestUrl(repoUrl: string, prId: string): string {
  if (repoUrl.includes('gitlab.')) return `${repoUrl}/-/merge_requests/${prId}`;
  if (repoUrl.includes('dev.azure.com')) return `${repoUrl}/pullrequest/${prId}`;
  if (repoUrl.includes('bitbucket.')) return `${repoUrl}/pull-requests/${prId}`;
  return `${repoUrl}/pull/${prId}`;
}

function clampCodePoints(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}
