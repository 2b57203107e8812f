// What the view's message and description say, from its parts (see viewStatus.ts, which
// writes them): what is happening first, then what is shown. Editor-free, so unit-tested.
import { counted } from '../common/text';
import { formatDate, relativeTime } from '../model/format';
import type { Cached, Refreshing, Stale } from '../editor/reportStore';

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
  return { message: sentences.length ? sentences.join(' ') : undefined, description: labels.length ? labels.join(' · ') : undefined };
}

function when(ms: number, nowMs: number): string {
  return `${formatDate(ms)} (${relativeTime(ms, nowMs)})`;
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The sentences about the findings in the code (see StatusParts.findings). */
export function findingsNotes(
  current: readonly { repository: { root: { path: string } }; otherBranch?: { report: string; checkedOut: string } }[],
  missingPaths: number,
  cappedFiles: number,
): string[] {
  const notes: string[] = [];
  for (const { repository, otherBranch } of current) {
    if (!otherBranch) continue;
    const name = repository.root.path.split('/').filter(Boolean).pop() ?? repository.root.path;
    notes.push(
      `The findings in ${name} are from a scan of ${otherBranch.report}; ${otherBranch.checkedOut} is checked out, so lines may have moved.`,
    );
  }
  if (missingPaths)
    notes.push(
      `${counted(missingPaths, 'finding')} of the current reports ${missingPaths === 1 ? 'is' : 'are'} in files that are not in the workspace (see the log).`,
    );
  if (cappedFiles)
    notes.push(
      `${counted(cappedFiles, 'file has', 'files have')} more than 1,000 findings: the Problems panel shows the first 1,000 of each.`,
    );
  return notes;
}
