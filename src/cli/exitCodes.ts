// Exit codes for scripts: distinct per class of failure so a pipeline can branch on them.
import type { ServiceErrorKind } from '../api/errors';

export const ExitCode = {
  ok: 0,
  internal: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  unavailable: 5, // network, timeout, server, rate limit, redirect: try again or check connectivity
  badResponse: 6, // the service answered something unusable: decode, too large, stalled paging, error envelope
  rejectedText: 7, // server text refused by the suppression-comment sanitizer
  newIssues: 8, // changes --fail-on-new: the report has issues its earlier scan did not (not 1, which is an internal error)
  staleSuppressions: 9, // suppressions --fail-on-stale: a suppression comment the report no longer backs
  cancelled: 130,
} as const;

export function exitCodeFor(kind: ServiceErrorKind): number {
  switch (kind) {
    case 'auth':
      return ExitCode.auth;
    case 'not-found':
      return ExitCode.notFound;
    case 'insecure-url':
    case 'bad-request':
      return ExitCode.usage;
    case 'network':
    case 'timeout':
    case 'server':
    case 'rate-limited':
    case 'redirect':
      return ExitCode.unavailable;
    case 'decode':
    case 'too-large':
    case 'stalled-cursor':
    case 'service-error':
      return ExitCode.badResponse;
    case 'cancelled':
      return ExitCode.cancelled;
  }
}
