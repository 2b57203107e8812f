// What the view's message and description say, from its parts (see viewStatus.ts, which
// writes them): what is happening first, then what is shown. Editor-free, so unit-tested. Parts
// carry server text (a report's branch, an error's reason): each is cut where it goes in, and
// what comes out is one clean line (common/text cleanText).
import * as l10n from '@vscode/l10n';
import { cleanText, oneLine } from '../common/text';
import type { Cached, Refreshing, Stale } from '../editor/reportStore';
import { dateAndAgo, relativeTimeText } from './timeText';

export interface StatusParts {
  /** The filter's conditions in force, e.g. ["Adaptive", "severity error"]. */
  filter: readonly string[];
  /** A refresh (or the first load) under way, and where it waits. */
  refreshing?: Refreshing & { origin?: string };
  /** Data on screen that a refresh could not replace. */
  stale?: Stale;
  /** The list on screen came from the cache; the service has not answered yet. */
  cached?: Cached;
  /** When the data on screen was fetched. */
  shownSince?: number;
  /** What the findings in the code need said once, not per finding (other branch, capped files, missing paths). */
  findings?: readonly string[];
}

/** Waits shorter than this are not worth a sentence: the progress bar says enough. */
const QUIET_MS = 2_000;

/** The view's message and description for these parts: what is happening, then what is shown. */
export function statusText(parts: StatusParts, nowMs: number): { message?: string; description?: string } {
  const sentences: string[] = [];
  const labels: string[] = [];
  const { refreshing, stale, cached, filter, shownSince } = parts;
  if (refreshing && nowMs - refreshing.startedAt >= QUIET_MS) {
    const seconds = Math.floor((nowMs - refreshing.startedAt) / 1000);
    const origin = refreshing.origin;
    sentences.push(
      origin === undefined
        ? l10n.t('Waiting for the service: no answer for {0} s.', seconds)
        : l10n.t('Waiting for {0}: no answer for {1} s.', origin, seconds),
    );
    if (shownSince !== undefined) sentences.push(l10n.t('The data shown is from {0}.', dateAndAgo(shownSince, nowMs)));
    sentences.push(l10n.t('Cancel Refresh in the title bar stops waiting.'));
    labels.push(l10n.t('Refreshing…'));
  } else if (stale) {
    sentences.push(
      l10n.t('Stale: showing the data from {0}.', dateAndAgo(stale.since, nowMs)),
      sentence(stale.reason),
      l10n.t('Refresh to try again.'),
    );
    labels.push(l10n.t('Stale'));
  } else if (cached) {
    const origin = refreshing?.origin;
    sentences.push(
      origin === undefined
        ? l10n.t('Cached: showing the reports fetched {0} while the service is asked again.', dateAndAgo(cached.since, nowMs))
        : l10n.t('Cached: showing the reports fetched {0} while {1} is asked again.', dateAndAgo(cached.since, nowMs), origin),
    );
    labels.push(l10n.t('Cached {0}', relativeTimeText(cached.since, nowMs)));
  }
  if (filter.length) {
    sentences.push(l10n.t('Filtered: {0}. Clear Filter in the title bar shows everything.', filter.join(' · ')));
    labels.push(l10n.t('Filtered: {0}', filter.join(' · ')));
  }
  // About the code rather than the tree: last.
  if (parts.findings?.length) sentences.push(...parts.findings);
  return {
    message: sentences.length ? cleanText(sentences.join(' ')) : undefined,
    description: labels.length ? cleanText(labels.join(' · ')) : undefined,
  };
}

function sentence(text: string): string {
  const clean = oneLine(text, REASON_MAX);
  return /[.!?…]$/.test(clean) ? clean : `${clean}.`;
}

/** Code points of a stale mark's reason (an error's message) the view's message shows. */
const REASON_MAX = 300;

/** Code points of a branch or folder name the view's message shows. */
const BRANCH_MAX = 80;

/** The sentences about the findings in the code (see StatusParts.findings). */
export function findingsNotes(
  current: readonly { repository: { root: { path: string } }; otherBranch?: { report: string; checkedOut: string } }[],
  missingPaths: number,
  cappedFiles: number,
  unplaced = 0,
): string[] {
  const notes: string[] = [];
  for (const { repository, otherBranch } of current) {
    if (!otherBranch) continue;
    const name = oneLine(repository.root.path.split('/').filter(Boolean).pop() ?? repository.root.path, BRANCH_MAX);
    // The report's branch is the service's repo.reference; the checked-out one is git's.
    const report = oneLine(otherBranch.report, BRANCH_MAX);
    const checkedOut = oneLine(otherBranch.checkedOut, BRANCH_MAX);
    notes.push(
      l10n.t('The findings in {0} are from a scan of {1}; {2} is checked out, so lines may have moved.', name, report, checkedOut),
    );
  }
  if (missingPaths)
    notes.push(
      missingPaths === 1
        ? l10n.t('1 finding of the current reports is in files that are not in the workspace (see the log).')
        : l10n.t('{0} findings of the current reports are in files that are not in the workspace (see the log).', missingPaths),
    );
  if (unplaced)
    notes.push(
      unplaced === 1
        ? l10n.t('1 finding of the current reports is past the end of its file as it is now: listed in this view, not placed in the code.')
        : l10n.t(
            '{0} findings of the current reports are past the end of their files as they are now: listed in this view, not placed in the code.',
            unplaced,
          ),
    );
  if (cappedFiles)
    notes.push(
      cappedFiles === 1
        ? l10n.t('1 file has more than 1,000 findings: the Problems panel shows the first 1,000 of each.')
        : l10n.t('{0} files have more than 1,000 findings: the Problems panel shows the first 1,000 of each.', cappedFiles),
    );
  return notes;
}
