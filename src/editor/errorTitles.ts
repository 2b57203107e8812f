// The short title of each kind of service error, as the editor shows it: the client's titles
// (api/errors errorTitles, which the CLI prints in English) translated, by kind, so the client
// holds no translation. In English they are the client's words exactly
// (test/unit/l10n.test.ts). Editor-free, so unit-tested.
import * as l10n from '@vscode/l10n';
import type { ServiceErrorKind } from '../api/errors';

export function errorTitle(kind: ServiceErrorKind): string {
  switch (kind) {
    case 'auth':
      return l10n.t('Service key missing or rejected');
    case 'not-found':
      return l10n.t('Not found');
    case 'rate-limited':
      return l10n.t('Rate limited by the service');
    case 'bad-request':
      return l10n.t('Request rejected by the service');
    case 'server':
      return l10n.t('Service error');
    case 'service-error':
      return l10n.t('Service reported an error');
    case 'network':
      return l10n.t('Network error');
    case 'timeout':
      return l10n.t('Request timed out');
    case 'too-large':
      return l10n.t('Response too large');
    case 'decode':
      return l10n.t('Unexpected response from the service');
    case 'redirect':
      return l10n.t('Redirect refused');
    case 'insecure-url':
      return l10n.t('Base URL refused');
    case 'stalled-cursor':
      return l10n.t('Paging stalled');
    case 'cancelled':
      return l10n.t('Cancelled');
  }
}
