// What the editor's chrome says about a finding in the code: the status bar message of Next /
// Previous Finding (which renders `$(name)` as an icon), the names of its quick fixes and of the
// choices among false positives (picker rows, tree rows). Server text reaches them only through
// common/text; editor-free, so unit-tested.
import * as l10n from '@vscode/l10n';
import { cleanText, codePointLength, iconSafeText, truncateOnWordBoundary } from '../common/text';
import { readableIssueType } from '../model/format';
import { issueLocations, type LocatedIssue } from '../model/locations';

/** Code points of a false-positive id a quick fix's title shows to tell several apart. */
const FP_ID_SHOWN = 8;
/** Code points of a place (`app/db.py:11`) in a choice's name: a short path whole, a long one by its end. */
const PLACE_MAX = 40;
/** A summary's first words in a choice's name: enough to tell two apart, short enough for a menu. */
const SUMMARY_WORDS = 6;
const SUMMARY_MAX = 40;
const ELLIPSIS = '…';

/** "Finding 2 of 5: SQL Injection (false positive)", for the status bar. */
export function findingPosition(index: number, total: number, issueType: string | null, falsePositive: boolean): string {
  const type = iconSafeText(readableIssueType(issueType), 100);
  return falsePositive
    ? l10n.t('Finding {0} of {1}: {2} (false positive)', index, total, type)
    : l10n.t('Finding {0} of {1}: {2}', index, total, type);
}

/** "SQL Injection (fp 3f2b8c1e)": a false positive among several on a line, in a quick fix's title. */
export function fpActionName(issueType: string | null, fpId: string): string {
  return `${readableIssueType(issueType)} (fp ${fpIdSlice(fpId)})`;
}

/** What tells one false positive from another in a list of choices. */
export interface FpChoice {
  readonly issueType: string | null;
  /** Repository- or workspace-relative, `/`-separated; a base name where every choice is in one file. */
  readonly path?: string | null;
  /** 1-based. */
  readonly line?: number;
  /** Its FP summary, when known. */
  readonly summary?: string | null;
  /** Shown (a slice) only when no summary is known, so that two choices still differ. */
  readonly fpId?: string | null;
}

/**
 * `SQL Injection — app/db.py:11 — “Parameterised by the ORM, the value…”`: the readable issue
 * type, where it is (placeText) and the first words of its summary (summaryStart), or
 * `fp 3f2b8c1e` while the summary is not known. Parts that are missing are left out. Plain,
 * cleaned text; a QuickPick item still needs pickText around it.
 */
export function fpChoiceName(choice: FpChoice): string {
  const parts = [readableIssueType(choice.issueType)];
  const place = choice.path ? placeText(choice.path, choice.line) : '';
  if (place !== '') parts.push(place);
  const summary = choice.summary ? summaryStart(choice.summary) : '';
  if (summary !== '') parts.push(l10n.t('“{0}”', summary));
  else if (choice.fpId && fpIdSlice(choice.fpId) !== '') parts.push(`fp ${fpIdSlice(choice.fpId)}`);
  return parts.join(' — ');
}

/**
 * `app/db.py:11`: a path and 1-based line in at most `max` code points. A longer path keeps its
 * last segments (`…/payments/web/RefundController.java:88`), since the file name is what a
 * person recognises; a file name too long by itself keeps its start and its extension. The
 * line is left out when unknown; "" for a path that is empty once cleaned.
 */
export function placeText(path: string, line?: number, max = PLACE_MAX): string {
  const text = cleanText(path);
  if (text === '') return '';
  const suffix = line !== undefined && Number.isInteger(line) && line >= 1 ? `:${line}` : '';
  const budget = Math.max(8, max - suffix.length);
  if (codePointLength(text) <= budget) return text + suffix;
  const segments = text.split('/');
  let kept = segments.pop() ?? '';
  if (codePointLength(`${ELLIPSIS}/${kept}`) > budget) return middleCut(kept, budget) + suffix;
  for (let i = segments.length - 1; i >= 0; i--) {
    const longer = `${segments[i]}/${kept}`;
    if (codePointLength(`${ELLIPSIS}/${longer}`) > budget) break;
    kept = longer;
  }
  return `${ELLIPSIS}/${kept}${suffix}`;
}

/** Words said of a finding whose code was edited or deleted since the scan (problem, hover, tree), in the UI's language. */
export function changedSinceScan(): string {
  return l10n.t('changed since the scan');
}

/** changedSinceScan() in English (the editor's tests look for it). */
// eslint-disable-next-line no-restricted-syntax -- the English key of changedSinceScan(), for the tests
export const CHANGED_SINCE_SCAN = 'changed since the scan';

/** `app/db.py:11`: an issue's place as its report gives it, or at `line` (where it is now); "" when it has none. */
export function issuePlace(issue: LocatedIssue, max?: number, line?: number): string {
  const located = issueLocations(issue)?.primary;
  return located ? placeText(located.path, line ?? located.startLine, max) : '';
}

/**
 * The first words of an FP summary (at most SUMMARY_WORDS, SUMMARY_MAX code points), cleaned,
 * with '…' where it was cut and no stray comma or dash before it: `Parameterised by the ORM, the value…`.
 */
export function summaryStart(summary: string): string {
  const text = cleanText(summary);
  const words = text.split(' ');
  const first = words.slice(0, SUMMARY_WORDS).join(' ');
  const short = truncateOnWordBoundary(first, SUMMARY_MAX);
  if (short === text) return text;
  const bare = short.endsWith(ELLIPSIS) ? short.slice(0, -ELLIPSIS.length) : short;
  return bare.replace(/[\s,;:.\-–—(]+$/u, '') + ELLIPSIS;
}

/** A clean slice of an fpId, enough to tell ids apart. */
function fpIdSlice(fpId: string): string {
  return Array.from(cleanText(fpId)).slice(0, FP_ID_SHOWN).join('');
}

/** `VeryLongGenerated…Name.java`: the start and the last third (the extension) of a name. */
function middleCut(name: string, max: number): string {
  const points = Array.from(name);
  if (points.length <= max) return name;
  const tail = Math.floor((max - 1) / 3);
  return points.slice(0, max - 1 - tail).join('') + ELLIPSIS + points.slice(points.length - tail).join('');
}
