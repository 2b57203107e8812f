// Times and spans as the views word them, translated: common/time's relativeTime and
// formatDuration (which the CLI prints in English) from the same numbers (relativeSpan,
// durationSpan). In English they are common/time's words exactly
// (test/unit/l10n.test.ts). Editor-free, so unit-tested.
import * as l10n from '@vscode/l10n';
import { durationSpan, formatDate, relativeSpan } from '../common/time';

/** "just now", "5 minutes ago", "in 2 hours", "3 days ago", "1 year ago". */
export function relativeTimeText(ms: number, nowMs: number): string {
  const span = relativeSpan(ms, nowMs);
  if (span.kind === 'unknown') return l10n.t('at an unknown time');
  if (span.kind === 'now') return l10n.t('just now');
  const { n } = span;
  const past = span.kind === 'past';
  switch (span.unit) {
    case 'minute':
      if (n === 1) return past ? l10n.t('1 minute ago') : l10n.t('in 1 minute');
      return past ? l10n.t('{0} minutes ago', n) : l10n.t('in {0} minutes', n);
    case 'hour':
      if (n === 1) return past ? l10n.t('1 hour ago') : l10n.t('in 1 hour');
      return past ? l10n.t('{0} hours ago', n) : l10n.t('in {0} hours', n);
    case 'day':
      if (n === 1) return past ? l10n.t('1 day ago') : l10n.t('in 1 day');
      return past ? l10n.t('{0} days ago', n) : l10n.t('in {0} days', n);
    case 'month':
      if (n === 1) return past ? l10n.t('1 month ago') : l10n.t('in 1 month');
      return past ? l10n.t('{0} months ago', n) : l10n.t('in {0} months', n);
    case 'year':
      if (n === 1) return past ? l10n.t('1 year ago') : l10n.t('in 1 year');
      return past ? l10n.t('{0} years ago', n) : l10n.t('in {0} years', n);
  }
}

/** "2024-01-02 03:04:05 UTC (3 days ago)". */
export function dateAndAgo(ms: number, nowMs: number): string {
  return `${formatDate(ms)} (${relativeTimeText(ms, nowMs)})`;
}

/** "0.5 h", "5 h", "1 day", "3.2 days": a span below a day in hours, else in days; "unknown" when it is not known. */
export function durationText(ms: number): string {
  const span = durationSpan(ms);
  if (span === undefined) return l10n.t('unknown');
  if (span.unit === 'hours') return l10n.t('{0} h', span.value);
  return span.value === '1' ? l10n.t('1 day') : l10n.t('{0} days', span.value);
}
