// `suppressions [PATH…] --fix-report ID [--format table|json] [--fail-on-stale]`: every
// suppression comment in a tree (model/suppressionAuditFiles: git's file list and git grep, or a
// walk outside a repository) and whether the report still has its fpId as a false positive
// (model/suppressionAuditStatus). Markers are checked by the parser proof's grammars when
// dist/proof.js and dist/grammars sit beside the CLI (as they do in dist/), else by the
// same-line rule, with a warning. The report is looked up while git lists the tree, and before
// the audit reads a file (an unknown id stops the listing and fails, exit 4); its issues are
// paged only when a marker was found, and only the issues carrying a marker's fpId are kept.
import { statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { FixReportSummary } from '../api/schemas';
import { errorMessage } from '../common/errors';
import { requireBundle } from '../common/lazyBundle';
import { readableVendor } from '../common/scanners';
import { counted, formatCount } from '../common/text';
import { readableIssueType } from '../model/format';
import type { Prover } from '../model/proof/prover';
import type { CommentLocator } from '../model/suppressionAudit';
import {
  auditFiles,
  listTree,
  MAX_FILE_BYTES,
  TreeListingError,
  type AuditCounts,
  type FileSuppression,
  type TreeFile,
} from '../model/suppressionAuditFiles';
import { SuppressedIssues, type SuppressionVerdict } from '../model/suppressionAuditStatus';
import { CliError, type Context } from './commands';
import { ExitCode } from './exitCodes';
import { renderTable, safeJson } from './output';

export interface SuppressionsOptions {
  /** Directories or files; none: the current directory. */
  paths: readonly string[];
  fixReportId: string | undefined;
  /** Exit with ExitCode.staleSuppressions when any suppression is stale. */
  failOnStale: boolean;
}

/** Unreadable files named one by one on stderr; past this, a count. */
const LISTED_PROBLEMS = 100;

export async function suppressionsCommand(ctx: Context, options: SuppressionsOptions): Promise<void> {
  const fixReportId = options.fixReportId;
  if (fixReportId === undefined)
    throw new CliError(
      'suppressions needs --fix-report ID: the report whose false positives the comments are checked against ("security-fix-reports reports" lists them).',
      ExitCode.usage,
    );
  const roots = options.paths.length > 0 ? options.paths : ['.'];
  for (const root of roots) {
    try {
      statSync(root);
    } catch (e) {
      throw new CliError(`Cannot read ${root}: ${codeOf(e)}. Give directories or files that exist.`, ExitCode.usage);
    }
  }
  // Baseline-compiled WebAssembly only, from the start: for the parser (lazyProver) and for
  // undici's HTTP parser, whose optimising compile in the background made the process wait
  // ~0.1 s at exit (measured on case 14 of the bench).
  setFlagsFromString('--liftoff-only');
  // The tree is listed (git searches it, in its own processes) and the grammars load while the
  // service is asked for the report; an unknown report stops the listing and fails first.
  const listing = new AbortController();
  const listed = listRoots(roots, AbortSignal.any([ctx.signal, listing.signal]));
  const locator = lazyProver();
  locator.warm();
  let report: FixReportSummary;
  try {
    report = await findReport(ctx, fixReportId);
  } catch (e) {
    listing.abort();
    await listed.catch(() => undefined);
    throw e;
  }
  const { files, sources, warnings } = await listed.catch((e: unknown) => {
    if (ctx.signal.aborted) throw new CliError('Interrupted.', ExitCode.cancelled);
    if (e instanceof TreeListingError) throw new CliError(`${e.message}.`, ExitCode.usage);
    throw e;
  });
  for (const warning of warnings) ctx.warn(warning);
  const audit = await auditFiles(files, { locator, signal: ctx.signal }).catch((e: unknown) => {
    throw ctx.signal.aborted ? new CliError('Interrupted.', ExitCode.cancelled) : e;
  });
  warnProblems(ctx, audit.unreadable, audit.parserErrors);
  if (audit.counts.overBudget > 0)
    ctx.warn(
      `${counted(audit.counts.overBudget, 'marker')} checked by the same-line rule only: their files hold more markers outside comments than the parser is run for.`,
    );

  const issues = new SuppressedIssues(audit.suppressions.map((s) => s.fpId));
  if (issues.wanted > 0)
    for await (const page of ctx.client.issuePages({ fixReportId }, { signal: ctx.signal, onWarning: ctx.warn })) issues.add(page.issues);
  const rows = audit.suppressions.map((s) => ({ suppression: s, verdict: issues.verdict(s.fpId) }));
  const tally = { current: 0, stale: 0, unknown: 0 };
  for (const row of rows) tally[row.verdict.status]++;
  const vendor = report.vulnerabilityReport?.vendor ?? null;

  if (ctx.format === 'json') {
    await ctx.out.line(
      safeJson({
        fixReportId,
        suppressions: rows.map((r) => suppressionJson(r.suppression, r.verdict, vendor)),
        summary: { suppressions: rows.length, ...tally, ...countsJson(audit.counts), maxFileBytes: MAX_FILE_BYTES },
      }),
    );
  } else {
    if (rows.length > 0)
      await ctx.out.line(
        renderTable(rows, [
          { header: 'PATH', value: (r) => r.suppression.path, max: 120 },
          { header: 'LINE', value: (r) => String(r.suppression.row + 1) },
          { header: 'FP ID', value: (r) => r.suppression.fpId, max: 36 },
          { header: 'STATUS', value: (r) => r.verdict.status },
          { header: 'DETAIL', value: (r) => detail(r.verdict, vendor), max: 80 },
        ]),
      );
    await ctx.out.line(summaryText(rows.length, tally, audit.counts, sources));
  }
  if (options.failOnStale && tally.stale > 0)
    throw new CliError(`${counted(tally.stale, 'stale suppression')} (--fail-on-stale).`, ExitCode.staleSuppressions);
}

/** The report from the list, else by id: its detail says what it is, or a 404 why not (exit 4). */
async function findReport(ctx: Context, id: string): Promise<FixReportSummary> {
  const listed = await ctx.client.listReports(ctx.signal);
  return listed.find((r) => r.id === id) ?? (await ctx.client.getReport(id, ctx.signal));
}

/** Every root's files once (roots may overlap), how each was listed, and what to warn about. */
async function listRoots(
  roots: readonly string[],
  signal: AbortSignal,
): Promise<{ files: TreeFile[]; sources: Set<string>; warnings: string[] }> {
  let files: TreeFile[] = [];
  const seen = new Set<string>();
  const sources = new Set<string>();
  const warnings: string[] = [];
  for (const root of roots) {
    const listing = await listTree(root, signal);
    sources.add(listing.source);
    if (listing.gitMissing)
      warnings.push(`git is not installed: ${root} was walked as a plain directory, so files git would ignore were searched too.`);
    for (const dir of listing.unreadable) warnings.push(`Cannot read the directory ${dir.path} (${dir.code}); skipped.`);
    for (const note of listing.gitGrepNotes ?? []) warnings.push(`${root}: ${note}.`);
    // One root lists each file once; resolving every path of a big tree costs more than reading its candidates.
    if (roots.length === 1) files = listing.files;
    else
      for (const file of listing.files) {
        const key = resolve(typeof file.fsPath === 'string' ? file.fsPath : file.fsPath.toString('latin1'));
        if (seen.has(key)) continue;
        seen.add(key);
        files.push(file);
      }
  }
  return { files, sources, warnings };
}

/**
 * dist/proof.js with the grammars in dist/grammars, required by warm() or on the first marker in
 * a language with a grammar. V8 then compiles WebAssembly with its baseline compiler only (the
 * command sets --liftoff-only first): an audit parses a few files in each of many grammars (21 MB
 * of wasm), and optimising their hot code cost more than it saved — measured on the bench's tree
 * (case 14), the parser's CPU time halved.
 */
function lazyProver(): CommentLocator & { warm(): void } {
  let prover: Prover | undefined;
  let failure: Error | undefined;
  const load = () => {
    if (prover || failure) return;
    try {
      const { Prover: ProverClass } = requireBundle<typeof import('../model/proof/prover')>('proof.js');
      prover = new ProverClass(join(__dirname, 'grammars'));
    } catch (e) {
      failure = new Error(
        (e as NodeJS.ErrnoException)?.code === 'MODULE_NOT_FOUND'
          ? `the parser bundle is not beside the CLI (proof.js and grammars/ next to ${basename(__filename)})`
          : `the parser bundle could not be loaded: ${errorMessage(e).split('\n')[0]}`,
      );
    }
  };
  return {
    warm() {
      load();
      // A failure here shows again, and is reported, on the first marker that needs the parser.
      prover?.preload().catch(() => undefined);
    },
    commentAt(grammar, text, row, column) {
      load();
      return prover ? prover.commentAt(grammar, text, row, column) : Promise.reject(failure);
    },
  };
}

function warnProblems(
  ctx: Context,
  unreadable: readonly { path: string; code: string }[],
  parserErrors: readonly { path: string; message: string }[],
): void {
  for (const file of unreadable.slice(0, LISTED_PROBLEMS)) ctx.warn(`Cannot read ${file.path} (${file.code}); skipped.`);
  if (unreadable.length > LISTED_PROBLEMS) ctx.warn(`${formatCount(unreadable.length - LISTED_PROBLEMS)} more unreadable files skipped.`);
  const first = parserErrors[0];
  if (first)
    ctx.warn(
      `The parser could not check ${counted(parserErrors.length, 'file')} (${first.path}: ${first.message}); their markers were checked by the same-line rule (a comment opened earlier on the marker's line).`,
    );
}

function detail(verdict: SuppressionVerdict, vendor: string | null): string {
  switch (verdict.status) {
    case 'current':
      return `${readableVendor(vendor)} · ${readableIssueType(verdict.issue.issueType)}`;
    case 'stale':
      return verdict.reason === 'not-in-report'
        ? 'no issue of the report has this fpId'
        : `${verdict.reason}: issue ${verdict.issue.id} is ${verdict.issue.state ?? 'without a state'}`;
    case 'unknown':
      return 'no report for this repository';
  }
}

function suppressionJson(s: FileSuppression, verdict: SuppressionVerdict, vendor: string | null) {
  const base = { path: s.path, line: s.row + 1, column: s.column + 1, fpId: s.fpId, status: verdict.status };
  const where = { languageId: s.languageId, checkedBy: s.checkedBy };
  if (verdict.status === 'current')
    return { ...base, issueId: verdict.issue.id, vendor, issueType: verdict.issue.issueType, issueState: verdict.issue.state, ...where };
  if (verdict.status === 'stale' && verdict.reason !== 'not-in-report')
    return { ...base, reason: verdict.reason, issueId: verdict.issue.id, issueState: verdict.issue.state, ...where };
  if (verdict.status === 'stale') return { ...base, reason: verdict.reason, ...where };
  return { ...base, ...where };
}

function countsJson(c: AuditCounts) {
  return {
    filesListed: c.listed,
    filesSearched: c.read,
    skippedNoCommentSyntax: c.noCommentSyntax,
    skippedBinary: c.binary,
    skippedTooLarge: c.tooLarge,
    skippedNotRegular: c.notRegular,
    skippedMissing: c.missing,
    unreadable: c.unreadable,
    markersOutsideComments: c.outsideComments,
    markersOverParserBudget: c.overBudget,
  };
}

function summaryText(total: number, tally: Record<SuppressionVerdict['status'], number>, c: AuditCounts, sources: Set<string>): string {
  const statuses = Object.entries(tally)
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${formatCount(n)} ${status}`);
  const skipped = [
    [c.noCommentSyntax, 'without comment syntax'],
    [c.binary, 'binary'],
    [c.tooLarge, `over ${MAX_FILE_BYTES / 1024 / 1024} MB`],
    [c.notRegular, 'links or not regular files'],
    [c.missing, 'listed by git but deleted'],
    [c.unreadable, 'unreadable'],
  ] as const;
  const skips = skipped.filter(([n]) => n > 0).map(([n, what]) => `${formatCount(n)} ${what}`);
  const how = [...sources].map((s) => (s === 'git' ? "git's file list" : s === 'walk' ? 'a directory walk' : 'the files named')).join(', ');
  return (
    `${counted(total, 'suppression')}${statuses.length > 0 ? ` (${statuses.join(', ')})` : ''}. ` +
    `${formatCount(c.listed)} ${c.listed === 1 ? 'file' : 'files'} from ${how}: ${formatCount(c.read)} searched` +
    `${skips.length > 0 ? `; skipped ${skips.join(', ')}` : ''}` +
    `${c.outsideComments > 0 ? `; ${counted(c.outsideComments, 'marker')} outside comments not counted` : ''}.`
  );
}

function codeOf(e: unknown): string {
  return (e as NodeJS.ErrnoException)?.code ?? errorMessage(e);
}
