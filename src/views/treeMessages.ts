// The tree's message rows: an error in place of children (its click fixes the cause or
// retries), and why a report shows nothing under the "New since previous scan" filter.
import * as l10n from '@vscode/l10n';
import type * as vscode from 'vscode';
import { ServiceError } from '../api/errors';
import { CommandId } from '../common/manifest';
import type { ChangesState } from '../editor/reportChanges';
import type { MessageNode } from './nodes';

export function message(id: string, label: string, icon: string, command?: vscode.Command): MessageNode {
  return { kind: 'message', id: `message:${id}`, label, icon, command };
}

/** An error in place of children; clicking it fixes the cause (set the key) or retries. */
export function errorNode(id: string, e: unknown, reportId?: string): MessageNode {
  const error = e instanceof ServiceError ? e : undefined;
  const text =
    error?.kind === 'cancelled'
      ? reportId
        ? l10n.t('Loading this report was cancelled.')
        : l10n.t('Loading the reports was cancelled.')
      : e instanceof Error
        ? e.message
        : String(e);
  const auth = error?.kind === 'auth';
  const command: vscode.Command = auth
    ? { command: CommandId.SetServiceKey, title: l10n.t('Set Service Key') }
    : reportId
      ? { command: CommandId.RefreshReport, title: l10n.t('Retry'), arguments: [reportId] }
      : { command: CommandId.Refresh, title: l10n.t('Retry') };
  const click = auth ? l10n.t('Click to set service key.') : l10n.t('Click to retry.');
  return { kind: 'message', id, label: text, detail: `${text}\n\n${click}`, icon: 'error', command };
}

/** Why a report shows nothing with "new only": nothing new, or what it waits for. */
export function notNewMessage(reportId: string, state: ChangesState | undefined): MessageNode {
  const id = `nothing:${reportId}`;
  switch (state?.kind) {
    case 'comparing':
    case 'waiting':
      return message(id, l10n.t('Comparing with the previous scan…'), 'loading~spin');
    case 'no-previous':
      return message(id, l10n.t('No previous scan of this repository, branch and scanner to compare with.'), 'info');
    case 'unavailable':
      return message(id, l10n.t('Could not compare with the previous scan: {0}', state.message), 'error');
    case 'failed':
      return message(id, l10n.t('Could not compare with the previous scan: {0}', state.message), 'error', {
        command: CommandId.RefreshReport,
        title: l10n.t('Retry'),
        arguments: [reportId],
      });
    default:
      return message(id, l10n.t('Nothing new since the previous scan matches the filter.'), 'info');
  }
}
