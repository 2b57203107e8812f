// What the view's message and description say, from its parts (see viewStatus.ts, which
// writes them): what is happening first, then what is shown. Editor-free, so unit-tested. Parts
// carry server text (a report's branch, an error's reason): each is cut where it goes in, and
// what comes out is one clean line (common/text cleanText).
import { cleanText, counted, oneLine } from '../common/text';
import type { Cached, Refreshing, Stale } from '../editor/reportStore';
import { formatDate, relativeTime } from '../common/time';

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
    const kept = shownSince !== undefined ? ` The data shown is from ${when(shownSince, nowMs)}.` : '';
    sentences.push(
      `Waiting for ${refreshing.origin ?? 'the service'}: no answer for ${seconds} s.${kept} Cancel Refresh in the title bar stops waiting.`,
    );
    labels.push('Refreshing…');
  } else if (stale) {
    sentences.push(`Stale: showing the data from ${when(stale.since, nowMs)}. ${sentence(stale.reason)} Refresh to try again.`);
    labels.push('Stale');
  } else if (cached) {
    sentences.push(
      `Cached: showing the reports fetched ${when(cached.since, nowMs)} while ${refreshing?.origin ?? 'the service'} is asked again.`,
    );
    labels.push(`Cached ${relativeTime(cached.since, nowMs)}`);
  }
  if (filter.length) {
    sentences.push(`Filtered: ${filter.join(' · ')}. Clear Filter in the title bar shows everything.`);
    labels.push(`Filtered: ${filter.join(' · ')}`);
  }
  // About the code rather than the tree: last.
  if (parts.findings?.length) sentences.push(...parts.findings);
  return {
    message: sentences.length ? cleanText(sentences.join(' ')) : undefined,
    description: labels.length ? cleanText(labels.join(' · ')) : undefined,
  };
}

function when(ms: number, nowMs: number): string {
  return `${formatDate(ms)} (${relativeTime(ms, nowMs)})`;
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
    notes.push(`The findings in ${name} are from a scan of ${report}; ${checkedOut} is checked out, so lines may have moved.`);
  }
  if (missingPaths)
    notes.push(
      `${counted(missingPaths, 'finding')} of the current reports ${missingPaths === 1 ? 'is' : 'are'} in files that are not in the workspace (see the log).`,
    );
  if (unplaced)
    notes.push(
      `${counted(unplaced, 'finding')} of the current reports ${unplaced === 1 ? 'is' : 'are'} past the end of ${unplaced === 1 ? 'its file' : 'their files'} as ${unplaced === 1 ? 'it is' : 'they are'} now: listed in this view, not placed in the code.`,
    );
  if (cappedFiles)
    notes.push(
      `${counted(cappedFiles, 'file has', 'files have')} more than 1,000 findings: the Problems panel shows the first 1,000 of each.`,
    );
  return notes;
}
