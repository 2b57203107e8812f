// Server text in QuickPick items, whose labels, descriptions and details render `$(name)` as
// an icon: see common/text iconSafeText.
import * as l10n from '@vscode/l10n';
import { iconSafeText } from '../common/text';
import type { Submission } from '../model/fix';

export function pickText(text: string, max = 200): string {
  return iconSafeText(text, max);
}

/** The item of one submission of a fix in "Open which submission?": `PR #42`, status · branch. */
export function submissionPick(sub: Pick<Submission, 'prId' | 'prStatus' | 'branch'>): { label: string; description: string } {
  return {
    label: sub.prId ? l10n.t('PR #{0}', pickText(sub.prId, 40)) : l10n.t('Commit'),
    description: pickText([sub.prStatus, sub.branch].filter(Boolean).join(' · ')),
  };
}
