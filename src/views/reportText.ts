// Why a report is its repository's current report, as the views word it, translated: the model's
// sentence (model/reportList currentReasonText) by the reason's kind, so the model holds no
// translation. In English they are the model's words exactly (test/unit/l10n.test.ts).
// Editor-free, so unit-tested.
import * as l10n from '@vscode/l10n';
import { cleanText } from '../common/text';
import type { CurrentReason } from '../model/reportList';

export function currentReasonWords(reason: CurrentReason): string {
  switch (reason.kind) {
    case 'pinned':
      return l10n.t("Current: pinned by you as this repository's report of this scanner.");
    case 'branch':
      return l10n.t('Current for branch {0}: the newest live report of this repository, branch and scanner.', cleanText(reason.branch));
    case 'expired':
      return l10n.t(
        'Current for branch {0}: the newest report of this repository, branch and scanner, though expired (none is live).',
        cleanText(reason.branch),
      );
    case 'newest':
      return reason.branch === undefined
        ? l10n.t('Current: the newest report of this repository and scanner (the checked-out branch is not known).')
        : l10n.t(
            'Current: the newest report of this repository and scanner, as no report of this repository is for branch {0}.',
            cleanText(reason.branch),
          );
  }
}
