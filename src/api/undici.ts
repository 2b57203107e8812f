// undici, loaded on first use. It is ~1.1 MB of JavaScript in 110 files, and requiring it cost
// ~100 ms of the extension host's time when the extension loaded (bench/, case 5) although
// activation needs no network; now it loads with the first request or proxy dispatcher.
// A plain require (not import()) so the editor's require('undici') interception still applies.
import type * as Undici from 'undici';

let loaded: typeof Undici | undefined;

export function undici(): typeof Undici {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberately lazy, see above
  return (loaded ??= require('undici') as typeof Undici);
}
