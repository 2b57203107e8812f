// The words the views use for a fix's confidence, translated: the model's (model/fix CONFIDENCE
// and confidenceOf, which the CLI prints in English) by kind, so the model holds no translation.
// In English they are the model's words exactly (test/unit/l10n.test.ts).
// Editor-free, so unit-tested.
import * as l10n from '@vscode/l10n';
import type { ConfidenceKind } from '../model/fix';

export interface ConfidenceWords {
  /** "Stable", "Adaptive", "Confidence 70", "Confidence unknown": for a row or a list. */
  readonly short: string;
  /** "Stable fix", "Adaptive fix", "Confidence 70", "Confidence unknown": for a sentence. */
  readonly label: string;
  /** "Stable fixes", …: a group of fixes (the filter). */
  readonly group: string;
  /** One sentence: what the confidence means. */
  readonly meaning: string;
}

/** The words of a confidence kind; `value` names an undocumented one ("Confidence 70"). */
export function confidenceWords(kind: ConfidenceKind, value?: number | null): ConfidenceWords {
  switch (kind) {
    case 'stable':
      return {
        short: l10n.t('Stable'),
        label: l10n.t('Stable fix'),
        group: l10n.t('Stable fixes'),
        meaning: l10n.t('Deterministic fix.'),
      };
    case 'adaptive':
      return {
        short: l10n.t('Adaptive'),
        label: l10n.t('Adaptive fix'),
        group: l10n.t('Adaptive fixes'),
        meaning: l10n.t('Generated with AI techniques; review it closely.'),
      };
    case 'other': {
      const named = value === undefined || value === null ? l10n.t('Other confidence') : l10n.t('Confidence {0}', value);
      return {
        short: named,
        label: named,
        group: l10n.t('Other confidence'),
        meaning: l10n.t('The service does not document this confidence value.'),
      };
    }
    case 'unknown':
      return {
        short: l10n.t('Confidence unknown'),
        label: l10n.t('Confidence unknown'),
        group: l10n.t('Confidence unknown'),
        meaning: l10n.t('The service gave no confidence for this fix.'),
      };
  }
}
