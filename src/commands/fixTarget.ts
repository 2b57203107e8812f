// The fix a command acts on, looked up in the store by the ids its argument names. The
// argument itself (a tree row the workbench passes back, a tooltip link's JSON, or anything
// another extension sends) is never trusted for the fix's data: only two strings are read.
import type { FixReportSummary } from '../api/schemas';
import type { FixView } from '../model/fix';
import type { Services } from './services';

export interface FixTarget {
  readonly report: FixReportSummary;
  readonly reportId: string;
  readonly view: FixView;
}

/** `{ kind: 'fix', reportId, view: { id } }` (a tree row) or `{ reportId, fixId }` (a link). */
export function fixIdsOf(arg: unknown): { reportId: string; fixId: string } | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const a = arg as { kind?: unknown; reportId?: unknown; fixId?: unknown; view?: { id?: unknown } };
  const fixId = a.kind === 'fix' ? a.view?.id : a.fixId;
  return typeof a.reportId === 'string' && typeof fixId === 'string' ? { reportId: a.reportId, fixId } : undefined;
}

export function resolveFix(s: Services, arg: unknown): FixTarget | undefined {
  const ids = fixIdsOf(arg);
  if (!ids) return undefined;
  const entry = s.store.entry(ids.reportId);
  const view = entry?.model?.fixView(ids.fixId);
  return entry && view ? { report: entry.summary, reportId: ids.reportId, view } : undefined;
}
