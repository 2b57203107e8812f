// A false positive's full explanation (its fpDescription), fetched when it is shown. The
// model keeps only its length (model/heldIssue.ts): explanations are the longest texts of a
// report and few are ever read. The service returns one issue by id
// (GET /api/rest/v5/issues?issueId=…, docs/service-interface.md §4.3), so a hover or a tooltip
// costs one small request, and a few recent ones are kept.
//
// Sources chain: RecentExplanations (memory) → the service, and when it cannot be reached, the
// report's file in the on-disk cache (a window started from the cache while offline). The text is server text: it is returned as it
// came, and each view escapes it as it does any (Tooltip.text, plain-text documents).
// Plain Node (no vscode), so it is unit-tested without the editor.
import * as l10n from '@vscode/l10n';
import type { FixReportsClient } from '../api/client';
import { ServiceError } from '../api/errors';
import { formatCount, oneLine } from '../common/text';
import type { HeldIssue } from '../model/heldIssue';
import { errorMessage } from '../common/errors';
import { errorTitle } from './errorTitles';

export interface ExplanationSource {
  /**
   * The issue's fpDescription; undefined when the service has none (missing or blank).
   * Rejects with why it could not be had (a ServiceError from the client, `cancelled` when
   * `signal` fired).
   */
  explanation(reportId: string, issueId: string, signal?: AbortSignal): Promise<string | undefined>;
}

/** The service, through the connection's current client (a key change never reuses the old one). */
export class ServiceExplanations implements ExplanationSource {
  constructor(private readonly client: () => Pick<FixReportsClient, 'getIssue'>) {}

  async explanation(_reportId: string, issueId: string, signal?: AbortSignal): Promise<string | undefined> {
    const text = (await this.client().getIssue(issueId, signal)).fpDescription;
    return text !== null && text.trim() !== '' ? text : undefined;
  }
}

/** The cached copy of a report (editor/cache: the issues as the service sent them), if there is one. */
type CachedIssues = (reportId: string) => Promise<{ readonly issues: readonly { id: string; fpDescription: string | null }[] } | undefined>;

/**
 * `primary` (the service); when it fails (not when cancelled), the report's cached copy, which
 * holds every explanation as the service sent it. Reading a cached file decodes all of it
 * (~1.7 s for 100,000 issues), so it is only the fallback. Neither has it: the service's error.
 */
export class FallbackExplanations implements ExplanationSource {
  constructor(
    private readonly primary: ExplanationSource,
    private readonly cached: CachedIssues,
  ) {}

  async explanation(reportId: string, issueId: string, signal?: AbortSignal): Promise<string | undefined> {
    try {
      return await this.primary.explanation(reportId, issueId, signal);
    } catch (e) {
      if (signal?.aborted || (e instanceof ServiceError && e.kind === 'cancelled')) throw e;
      const issue = (await this.cached(reportId).catch(() => undefined))?.issues.find((i) => i.id === issueId);
      if (!issue) throw e;
      const text = issue.fpDescription;
      return text !== null && text.trim() !== '' ? text : undefined;
    }
  }
}

export interface RecentOptions {
  /** Explanations kept (least recently used dropped first); default 64. */
  readonly entries?: number;
  /** Characters kept in all; default 1,000,000 (explanations are a few KB). */
  readonly chars?: number;
}

interface InFlight {
  readonly promise: Promise<string | undefined>;
  readonly controller: AbortController;
  /** Callers still waiting; the request is aborted when the last one stops waiting. */
  waiters: number;
}

/**
 * The last explanations fetched, in front of another source: hovering the same false positive
 * again, or the tooltip and then its document, cost one request. Concurrent asks for one issue
 * share it. Failures are not kept (the next ask tries again). `clear()` when the key, origin
 * or data change: nothing fetched before is served after, even if it arrives after.
 */
export class RecentExplanations implements ExplanationSource {
  private readonly kept = new Map<string, string | null>();
  private keptChars = 0;
  private readonly inFlight = new Map<string, InFlight>();
  private generation = 0;
  private readonly maxEntries: number;
  private readonly maxChars: number;

  constructor(
    private readonly source: ExplanationSource,
    options: RecentOptions = {},
  ) {
    this.maxEntries = options.entries ?? 64;
    this.maxChars = options.chars ?? 1_000_000;
  }

  explanation(reportId: string, issueId: string, signal?: AbortSignal): Promise<string | undefined> {
    if (signal?.aborted) return Promise.reject(cancelled());
    // Each id carries its length: no pair of server ids can make the same key.
    const key = `${reportId.length}:${reportId}${issueId}`;
    const known = this.kept.get(key);
    if (known !== undefined) {
      this.kept.delete(key); // most recently used last
      this.kept.set(key, known);
      return Promise.resolve(known ?? undefined);
    }
    const shared = this.inFlight.get(key) ?? this.fetch(key, reportId, issueId);
    shared.waiters++;
    const abandon = () => {
      if (this.inFlight.get(key) === shared) this.inFlight.delete(key); // a later ask starts afresh
      shared.controller.abort();
    };
    return new Promise((resolve, reject) => {
      const stopWaiting = () => {
        signal?.removeEventListener('abort', onAbort);
        shared.waiters--;
      };
      const onAbort = () => {
        stopWaiting();
        if (shared.waiters === 0) abandon();
        reject(cancelled());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      shared.promise.then(
        (text) => {
          if (signal?.aborted) return;
          stopWaiting();
          resolve(text);
        },
        (e: unknown) => {
          if (signal?.aborted) return;
          stopWaiting();
          reject(e);
        },
      );
    });
  }

  /** Forgets everything, and whatever is still on its way. */
  clear(): void {
    this.generation++;
    this.kept.clear();
    this.keptChars = 0;
    this.inFlight.clear();
  }

  private fetch(key: string, reportId: string, issueId: string): InFlight {
    const controller = new AbortController();
    const generation = this.generation;
    const entry: InFlight = { promise: this.source.explanation(reportId, issueId, controller.signal), controller, waiters: 0 };
    this.inFlight.set(key, entry);
    entry.promise.then(
      (text) => {
        if (this.inFlight.get(key) === entry) this.inFlight.delete(key);
        if (generation === this.generation) this.keep(key, text ?? null);
      },
      () => {
        if (this.inFlight.get(key) === entry) this.inFlight.delete(key);
      },
    );
    return entry;
  }

  private keep(key: string, text: string | null): void {
    const chars = text?.length ?? 0;
    if (chars > this.maxChars) return;
    this.kept.set(key, text);
    this.keptChars += chars;
    for (const [oldest, value] of this.kept) {
      if (this.kept.size <= this.maxEntries && this.keptChars <= this.maxChars) break;
      this.kept.delete(oldest);
      this.keptChars -= value?.length ?? 0;
    }
  }
}

/** What a view shows in the explanation's place. */
export type Explanation =
  | { readonly kind: 'text'; /** Server text: escape it where it is shown. */ readonly text: string }
  | { readonly kind: 'none' }
  | {
      readonly kind: 'unavailable';
      /** Ours, with server text cleaned into one line: what happened and what to do. */ readonly message: string;
    };

const NONE: Explanation = { kind: 'none' };

/** The words a view uses when the service has no explanation. */
export function noExplanation(): string {
  return l10n.t('The service gave no explanation.');
}

/**
 * The explanation of a held issue, for a view. Never rejects: a failure becomes a message
 * saying what happened and what to do. An issue that had none asks the service nothing.
 */
export async function explain(
  source: ExplanationSource,
  reportId: string,
  issue: Pick<HeldIssue, 'id' | 'fpDescriptionLength'>,
  signal?: AbortSignal,
): Promise<Explanation> {
  if (issue.fpDescriptionLength === 0) return NONE;
  try {
    const text = await source.explanation(reportId, issue.id, signal);
    return text === undefined ? NONE : { kind: 'text', text };
  } catch (e) {
    return { kind: 'unavailable', message: unavailableMessage(e) };
  }
}

/** In place of an explanation that did not arrive within `ms` (a tooltip cannot wait on a slow service). */
export function stillLoading(ms: number): Explanation {
  return {
    kind: 'unavailable',
    message: l10n.t(
      'The explanation did not arrive within {0} s (the service is slow to answer). Hover again in a moment, or use "Show full FP explanation".',
      formatCount(ms / 1000),
    ),
  };
}

/** Why an explanation is missing, and what the user can do about it. */
export function unavailableMessage(e: unknown): string {
  const error = e instanceof ServiceError ? e : undefined;
  if (error?.kind === 'cancelled') return l10n.t('Loading the explanation was cancelled. Hover again to load it.');
  const what = error ? `${errorTitle(error.kind)}: ${error.message}` : errorMessage(e);
  return l10n.t('The explanation could not be loaded. {0} {1}', oneLine(what, 400), whatToDo(error));
}

function whatToDo(error: ServiceError | undefined): string {
  switch (error?.kind) {
    case 'auth':
      return l10n.t('Set the service key ("Security Fix Reports: Set Service Key"), then hover again.');
    case 'not-found':
      return l10n.t('The service no longer has this issue: refresh the report ("Refresh Report").');
    case 'network':
    case 'timeout':
    case 'server':
    case 'rate-limited':
      return l10n.t('Check that the service is reachable, then hover again; "Show Log" has the details.');
    default:
      return l10n.t('"Show Log" has the details; hover again to retry.');
  }
}

function cancelled(): ServiceError {
  return new ServiceError('cancelled', l10n.t('Loading the explanation was cancelled.'));
}
