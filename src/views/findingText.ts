// What the editor's chrome says about a finding in the code: the status bar message of Next /
// Previous Finding (which renders `$(name)` as an icon) and the names of its quick fixes. Server
// text reaches them only through common/text; editor-free, so unit-tested.
import { cleanText, iconSafeText } from '../common/text';
import { readableIssueType } from '../model/format';

/** Code points of a false-positive id a quick fix's title shows to tell several apart. */
const FP_ID_SHOWN = 8;

/** "Finding 2 of 5: SQL Injection (false positive)", for the status bar. */
export function findingPosition(index: number, total: number, issueType: string | null, falsePositive: boolean): string {
  return `Finding ${index} of ${total}: ${iconSafeText(readableIssueType(issueType), 100)}${falsePositive ? ' (false positive)' : ''}`;
}

/** "SQL Injection (fp 3f2b8c1e)": a false positive among several on a line, in a quick fix's title. */
export function fpActionName(issueType: string | null, fpId: string): string {
  const id = Array.from(cleanText(fpId)).slice(0, FP_ID_SHOWN).join('');
  return `${readableIssueType(issueType)} (fp ${id})`;
}
