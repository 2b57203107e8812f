// What Apply Fix tells the user before it writes anything: every file with what happens to it
// (create, change, delete), the ones that make code run flagged with why, the fix's confidence,
// ratings and reviewers' comments. Server text passes through the one text module; paths were
// checked by the patch parser (allowlisted characters only) and are shown as they are.
import { cleanText, counted, truncate } from '../common/text';
import type { FixView } from './fix';
import type { FileAction } from './patch';

export interface PlannedFile {
  readonly path: string;
  readonly action: FileAction;
  /** Why the file makes code run, when it does: the user accepts it by name, on its own. */
  readonly sensitive?: string;
}

const VERB: Readonly<Record<FileAction, string>> = { create: 'create', modify: 'change', delete: 'delete' };
/** Reviewers' comments shown in the confirmation; the tooltip has them all. */
const MAX_COMMENTS = 5;
const MAX_COMMENT = 200;

/** The modal's one-line question. */
export function planQuestion(view: FixView, files: readonly PlannedFile[]): string {
  return `Apply the ${view.confidence.label.toLowerCase()} for ${cleanText(view.issueType)} to ${counted(files.length, 'file')}?`;
}

/** The modal's detail: the file list first, then what is known of the fix. */
export function planDetail(view: FixView, files: readonly PlannedFile[]): string {
  const lines = [...submitted(view), 'Files:', ...files.map(fileLine), ''];
  const sensitive = files.filter((f) => f.sensitive).length;
  if (sensitive > 0)
    lines.push(
      `⚠ ${counted(sensitive, 'file makes', 'files make')} code run without a further decision: you accept ${sensitive === 1 ? 'it' : 'each'} by name next.`,
      '',
    );
  lines.push(`${view.confidence.label}: ${view.confidence.meaning}`);
  const { ratings } = view;
  if (ratings.total === 0) lines.push('No ratings yet.');
  else {
    const tags = ratings.tags.length ? ` · ${ratings.tags.map((t) => `${cleanText(t.label)} ×${t.count}`).join(', ')}` : '';
    lines.push(`Ratings: 👍 ${ratings.up} · 👎 ${ratings.down}${tags}`);
    for (const c of ratings.comments.slice(0, MAX_COMMENTS))
      lines.push(
        `  ${c.vote !== null && c.vote < 0 ? '👎' : c.vote !== null && c.vote > 0 ? '👍' : '•'} “${truncate(cleanText(c.text), MAX_COMMENT)}” (${truncate(cleanText(c.reviewer), 80)})`,
      );
    if (ratings.comments.length > MAX_COMMENTS)
      lines.push(`  and ${counted(ratings.comments.length - MAX_COMMENTS, 'more comment')} in the fix's tooltip.`);
  }
  const questions = view.fix.patchAndQuestions?.questions.length ?? 0;
  if (questions > 0)
    lines.push(
      `The patch answers ${counted(questions, 'question')} with ${questions === 1 ? 'its default' : 'their defaults'} (shown in the preview).`,
    );
  if (view.fix.effortToApplyFix) lines.push(`Effort: ${cleanText(view.fix.effortToApplyFix).toLowerCase()}.`);
  lines.push('', saving(files));
  return lines.join('\n');
}

function fileLine(file: PlannedFile): string {
  return `• ${VERB[file.action]} ${file.path}${file.sensitive ? `  ⚠ ${file.sensitive}` : ''}`;
}

/** What reaches the disk when: the editor keeps text changes unsaved, but not file creation or deletion. */
function saving(files: readonly PlannedFile[]): string {
  const changes = files.some((f) => f.action === 'modify');
  const disk = files.filter((f) => f.action !== 'modify');
  const parts = [];
  if (changes) parts.push('changed files stay unsaved');
  if (disk.some((f) => f.action === 'create')) parts.push('created files are written to disk at once');
  if (disk.some((f) => f.action === 'delete')) parts.push('deleted files are removed from disk at once');
  const text = parts.join('; ');
  return `One edit: ${text}. One undo reverts all of it.`;
}

/** A fix already committed as a pull request or commit: said first, the modal asks all the same. */
function submitted(view: FixView): string[] {
  const subs = view.lifecycle.committed.submissions;
  if (subs.length === 0) return [];
  const named = subs.slice(0, 3).map((sub) => {
    const what = sub.prId ? `pull request #${truncate(cleanText(sub.prId), 20)}` : 'a commit';
    const status = sub.prStatus ? ` (${truncate(cleanText(sub.prStatus), 30)})` : '';
    const branch = sub.branch ? ` on ${truncate(cleanText(sub.branch), 80)}` : '';
    return `${what}${status}${branch}`;
  });
  const more = subs.length > 3 ? ` and ${counted(subs.length - 3, 'more')}` : '';
  return [`⚠ Already submitted as ${named.join(', ')}${more}: applying it here changes your copy too.`, ''];
}
