// Code the extension loads on first use from its own file beside dist/extension.js (the parser
// proof, the report cache, metrics and exports), so activation never parses it. Each is an
// esbuild entry of its own (esbuild.mjs) and ships in the VSIX (.vscodeignore).
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The module `dist/<file>`, required once; throws when it cannot be loaded (the caller says so). */
export function requireBundle<T>(file: string): T {
  return createRequire(__filename)(join(__dirname, file)) as T;
}
