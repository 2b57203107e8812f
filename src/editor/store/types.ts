// The store's vocabulary: what a report's entry holds, what its listeners are told, and the
// narrow views of the connection, the log and the cache it is given. Types only, so the views
// and commands can name them without loading any of the store.
import type { ServiceError } from '../../api/errors';
import type { FixReportSummary } from '../../api/schemas';
import type { HeldIssue } from '../../model/heldIssue';
import type { ReportModel } from '../../model/report';
import type { PageFeed } from '../cache/pageFeed';
import type { Connection } from '../connection';
import type { OpenedPaging } from '../earlyPages';
import type { ExtensionLog } from '../log';
import type { ReportCaches } from '../reportCaches';

export type IssueLoading =
  | { kind: 'loading'; received: number }
  | { kind: 'paused'; received: number } // issuesPerLoad reached; "Load more" continues
  | { kind: 'done'; received: number }
  | { kind: 'cancelled'; received: number }
  | { kind: 'failed'; received: number; error: ServiceError };

export interface ReportEntry {
  summary: FixReportSummary;
  model?: ReportModel;
  /** When the data of `model` was fetched from the service. */
  fetchedAt?: number;
  /** Set while `model` is the cache's copy, not yet confirmed by the service; `stale` says why it could not be. */
  cached?: { since: number; stale?: string };
  detailError?: ServiceError;
  issues?: IssueLoading;
}

/** 'all': the data changed; 'report': one report's; 'status': only whether it is refreshing or stale. */
export type StoreChange = { kind: 'all' } | { kind: 'report'; reportId: string } | { kind: 'status' };

/** The list on screen came from the cache and the service has not answered yet. */
export interface Cached {
  /** When the cached list was fetched. */
  readonly since: number;
}

/** A refresh under way: the data on screen stays until everything it fetches has arrived. */
export interface Refreshing {
  readonly startedAt: number;
}

/** Data kept on screen after a refresh failed or was cancelled. */
export interface Stale {
  /** When the data shown was fetched. */
  readonly since: number;
  /** Why it was not replaced, in words a user can act on. */
  readonly reason: string;
}

export interface StoreFailure {
  error: ServiceError;
  retry: () => void;
}

export interface FalsePositiveRef {
  issue: HeldIssue;
  report: FixReportSummary;
  vendor: string;
}

/** A report's issue paging under way. */
export interface Paging extends OpenedPaging {
  /** The pages on their way into the cache, when it is on. */
  feed?: PageFeed;
  /** The cache file this run writes: whether it landed (a continuation starts from it). */
  stored?: Promise<boolean>;
  running?: Promise<void>;
}

/** What the store uses of the connection: its client, settings and state, and when they change. */
export type StoreConnection = Pick<Connection, 'client' | 'settings' | 'state' | 'onDidChange'>;

/** What the store writes to the log. */
export type StoreLog = Pick<ExtensionLog, 'info' | 'warn' | 'error'>;

/** The on-disk cache of the current connection, if it is on. */
export type StoreCaches = Pick<ReportCaches, 'current'>;

/** Runs a task under the editor's progress indicator (or just runs it). */
export type WithProgress = <T>(title: string, task: () => Promise<T>) => PromiseLike<T>;
