// The SARIF 2.1.0 log of an issue export as text chunks (exportIssues.ts hands them to the CLI
// and to Export Issues…), in one of two profiles (docs/cli.md):
// - full: every selected issue, streamed a page at a time in the service's order; the run's
//   `tool` (with the rules its results name) is written after its `results`, since the rules
//   are known only once the last result is (JSON and SARIF give object members no order).
// - github: only what GitHub code scanning accepts and shows: results with a location in the
//   repository, at most GitHub's number per run (the most severe, in a structure that never
//   holds more), every result naming a rule, at most 20 runs, code flows of at most 1,000
//   steps; the gzipped size is measured as the log is written. A run is written once its
//   issues are all seen, `tool` first. What is left out is counted in a warning.
// Memory: full holds a page and the rule table; github also the kept issues of one run.
import type { FixReportSummary, Issue } from '../../api/schemas';
import { counted, escapedJson, escapedJsonText, formatCount } from '../../common/text';
import { isFalsePositive } from '../issue';
import { issueLocations } from '../locations';
import { FpSummaries, type FpSummaryFetcher } from './fpSummaries';
import { SARIF_LEVELS, SARIF_SCHEMA, SARIF_VERSION, sarifLevel, sarifRuleId, sarifRun, type Converter } from './sarif';
import { sarifResultJson } from './sarifJson';
import { GITHUB_LIMITS, GzipMeter, MostSevere, type SarifLimits } from './sarifLimits';
import { SarifRules } from './sarifRules';

export type SarifProfile = 'github' | 'full';
export const SARIF_PROFILES: readonly SarifProfile[] = ['github', 'full'];

export interface SarifSource {
  /** One run each, in this order. */
  readonly reports: readonly (FixReportSummary | null)[];
  /** The selected issues of a report, page by page. */
  pages(report: FixReportSummary | null): AsyncIterable<readonly Issue[]>;
  /** True once the export's issue limit is reached: no further run is started. */
  limitReached(): boolean;
  /** The ≤280-character summary of a false positive; absent: never fetched. */
  readonly fpSummary?: FpSummaryFetcher;
}

export interface SarifOptions {
  /** Default full (the CLI and Export Issues… ask for github). */
  profile?: SarifProfile;
  /** The github profile's limits (default GitHub's); full uses only rulesPerRun and tagsPerRule. */
  limits?: Partial<SarifLimits>;
  signal?: AbortSignal;
  /** Fetch the short summaries of false positives (default true when the source can). */
  fpSummaries?: boolean;
  /** Summary requests in flight at once (default 4). */
  fpSummaryConcurrency?: number;
  /** The exporting tool, recorded as each run's `conversion`. */
  converter?: Converter;
  warn?: (message: string) => void;
}

/** More reports than a github-profile log may hold as runs. */
export class SarifRunLimitError extends Error {
  constructor(
    readonly reports: number,
    readonly limit: number,
  ) {
    super(`GitHub code scanning takes at most ${limit} runs in one SARIF file; ${reports} reports make ${reports} runs.`);
    this.name = 'SarifRunLimitError';
  }
}

const DEFAULT_CONVERTER: Converter = { name: 'security-fix-reports' };
/**
 * Results are yielded in pieces of about this many characters, not a page at a time: a page's
 * results (~1.1 MB) made one large string per page, which V8 allocates outside its young
 * generation. The 100,000-issue export's peak RSS went from 161-206 MB to 147 MB (3 runs each).
 */
const SARIF_CHUNK_CHARS = 32_768;
/** The github profile writes a run's kept issues in batches of this many (a page's worth of summaries). */
const WRITE_BATCH = 1_000;

type Json = Record<string, unknown>;

export async function* sarifChunks(source: SarifSource, options: SarifOptions = {}): AsyncGenerator<string> {
  const profile = options.profile ?? 'full';
  const limits: SarifLimits = { ...GITHUB_LIMITS, ...options.limits };
  if (profile === 'github' && source.reports.length > limits.runs) throw new SarifRunLimitError(source.reports.length, limits.runs);
  const log = new SarifLog(source, profile, limits, options);
  if (profile === 'full') {
    yield* log.chunks();
    return;
  }
  const meter = new GzipMeter();
  try {
    for await (const chunk of log.chunks()) {
      await meter.write(chunk);
      yield chunk;
    }
    const gzipped = await meter.end();
    if (gzipped > limits.gzipBytes)
      log.warn(
        `The SARIF log is ${megabytes(gzipped)} MB gzipped, over GitHub's ${megabytes(limits.gzipBytes)} MB upload limit: ` +
          'export fewer reports or fewer issues.',
      );
  } finally {
    meter.destroy();
  }
}

class SarifLog {
  private readonly summaries: FpSummaries;
  private readonly converter: Converter;
  private readonly ids = new Set<string>();

  constructor(
    private readonly source: SarifSource,
    private readonly profile: SarifProfile,
    private readonly limits: SarifLimits,
    private readonly options: SarifOptions,
  ) {
    this.summaries = new FpSummaries({
      fetch: options.fpSummaries === false ? undefined : source.fpSummary,
      concurrency: options.fpSummaryConcurrency,
      signal: options.signal,
      warn: options.warn,
    });
    this.converter = options.converter ?? DEFAULT_CONVERTER;
  }

  warn(message: string): void {
    this.options.warn?.(message);
  }

  async *chunks(): AsyncGenerator<string> {
    yield `{"$schema":${JSON.stringify(SARIF_SCHEMA)},"version":${JSON.stringify(SARIF_VERSION)},"runs":[`;
    let runs = 0;
    for (const report of this.source.reports) {
      if (runs > 0 && this.source.limitReached()) break;
      const separator = runs++ > 0 ? ',' : '';
      const { tool, ...fields } = sarifRun(report, this.converter);
      const id = this.distinctId(fields);
      const rules = new SarifRules(report?.vulnerabilityReport?.vendor, {
        maxRules: this.limits.rulesPerRun,
        maxTags: this.limits.tagsPerRule,
      });
      if (this.profile === 'github') yield* this.githubRun(report, separator, tool as Json, fields, rules, id);
      else yield* this.fullRun(report, separator, tool as Json, fields, rules);
      if (rules.unlisted > 0)
        this.warn(
          `${id}: ${counted(rules.unlisted, 'result')} ${rules.unlisted === 1 ? 'names' : 'name'} a rule beyond the ${formatCount(this.limits.rulesPerRun)} a run may list ` +
            '(or an id over 1,024 characters), so no ruleIndex.',
        );
    }
    this.summaries.finish();
    yield runs > 0 ? '\n]}\n' : ']}\n';
  }

  /** Every issue in the service's order; the tool and its rules after the results. */
  private async *fullRun(report: FixReportSummary | null, separator: string, tool: Json, fields: Json, rules: SarifRules) {
    yield `${separator}\n${escapedJson(fields).slice(0, -1)},"results":[`;
    let results = 0;
    for await (const page of this.source.pages(report)) {
      await this.summaries.load(page.filter(isFalsePositive));
      let text = '';
      for (const issue of page) {
        const ruleId = sarifRuleId(issue, false);
        const result = this.result(issue, ruleId, rules.index(ruleId, issue, sarifLevel(issue.severity)));
        text += `${results++ > 0 ? ',' : ''}\n${result}`;
        if (text.length >= SARIF_CHUNK_CHARS) {
          yield text;
          text = '';
        }
      }
      if (text) yield text;
    }
    yield `${results > 0 ? '\n' : ''}],"tool":${escapedJson(withRules(tool, rules))}}`;
  }

  /** The located issues, the most severe up to the limit, in the service's order; the tool and its rules first. */
  private async *githubRun(report: FixReportSummary | null, separator: string, tool: Json, fields: Json, rules: SarifRules, id: string) {
    const kept = new MostSevere<Issue>(this.limits.resultsPerRun, SARIF_LEVELS.length);
    let unlocated = 0;
    for await (const page of this.source.pages(report))
      for (const issue of page) {
        if (issueLocations(issue)) kept.add(issue, SARIF_LEVELS.indexOf(sarifLevel(issue.severity)));
        else unlocated++;
      }
    const { offered, dropped } = kept;
    const issues = kept.take();
    // The rules first: the tool, with them, comes before the results.
    const ruleIds = issues.map((issue) => sarifRuleId(issue, true));
    const ruleIndexes = issues.map((issue, i) => rules.index(ruleIds[i], issue, sarifLevel(issue.severity)));
    yield `${separator}\n${escapedJson({ tool: withRules(tool, rules), ...fields }).slice(0, -1)},"results":[`;
    let results = 0;
    let capped = 0;
    for (let start = 0; start < issues.length; start += WRITE_BATCH) {
      const batch = issues.slice(start, start + WRITE_BATCH);
      await this.summaries.load(batch.filter(isFalsePositive));
      let text = '';
      for (const [i, issue] of batch.entries()) {
        if (this.overSteps(issue)) capped++;
        const result = this.result(issue, ruleIds[start + i], ruleIndexes[start + i], this.limits.locationsPerResult);
        text += `${results++ > 0 ? ',' : ''}\n${result}`;
        if (text.length >= SARIF_CHUNK_CHARS) {
          yield text;
          text = '';
        }
      }
      if (text) yield text;
    }
    yield results > 0 ? '\n]}' : ']}';
    this.githubNotes(id, { unlocated, offered, dropped, capped });
  }

  private githubNotes(id: string, counts: { unlocated: number; offered: number; dropped: number; capped: number }): void {
    const { unlocated, offered, dropped, capped } = counts;
    const limit = this.limits.resultsPerRun;
    if (unlocated > 0)
      this.warn(
        `${id}: left out ${counted(unlocated, 'result')} without a location in the repository (GitHub code scanning shows none; ` +
          `the full SARIF profile keeps them).${offered === 0 ? ' No result of this run has one, so an upload of it reports no alerts for this scanner.' : ''}`,
      );
    if (dropped > 0)
      this.warn(
        `${id}: ${formatCount(offered)} results, more than GitHub's ${formatCount(limit)} per run: kept the ${formatCount(limit)} most severe ` +
          `(error, then warning, then note; the service's order within a level) and left out ${formatCount(dropped)}.`,
      );
    if (capped > 0)
      this.warn(
        `${id}: ${counted(capped, 'result')} had a code flow of more than ${formatCount(this.limits.locationsPerResult)} steps; ` +
          `kept its first ${formatCount(this.limits.locationsPerResult - 1)} steps and the sink.`,
      );
  }

  /** One result's JSON (its summary loaded). */
  private result(issue: Issue, ruleId: string | undefined, ruleIndex: number | undefined, maxFlowSteps?: number): string {
    const suppression = isFalsePositive(issue) ? { justification: this.summaries.justification(issue) } : undefined;
    return escapedJsonText(sarifResultJson(issue, suppression, { ruleId, ruleIndex, maxFlowSteps }));
  }

  /** Whether the issue's code flow is longer than a result may carry (checked only when it could be). */
  private overSteps(issue: Issue): boolean {
    if ((issue.codeNodes?.length ?? 0) <= this.limits.locationsPerResult) return false;
    const located = issueLocations(issue);
    return located !== undefined && located.related.length + 1 > this.limits.locationsPerResult;
  }

  /** The run's automationDetails.id, made distinct within the log (a report id that slugs like another's). */
  private distinctId(fields: Json): string {
    const details = fields.automationDetails as { id: string };
    let id = details.id;
    for (let n = 2; this.ids.has(id); n++) id = `${details.id}-${n}`;
    this.ids.add(id);
    fields.automationDetails = { id };
    return id;
  }
}

function withRules(tool: Json, rules: SarifRules): Json {
  return { ...tool, driver: { ...(tool.driver as Json), rules: rules.descriptors() } };
}

function megabytes(bytes: number): string {
  return (bytes / 1_000_000).toFixed(1);
}
