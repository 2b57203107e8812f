// Loads dist/reporting.js (./reporting: the dashboard's metrics and the issue exports, ~30 KB
// minified) on first use and keeps it, so the extension bundle stays within its budget and
// activation never parses that code. Like the parser proof (editor/proof), it is a file beside
// dist/extension.js in the VSIX.
import { requireBundle } from '../common/lazyBundle';

type Reporting = typeof import('./reporting');

let reporting: Reporting | undefined;

/** The reporting bundle; throws when it cannot be loaded (the caller reports the error). */
export function loadReporting(): Reporting {
  reporting ??= requireBundle<Reporting>('reporting.js');
  return reporting;
}
