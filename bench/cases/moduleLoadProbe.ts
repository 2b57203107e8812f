// Child process: how long a cold require() of what activation loads takes, in a fresh Node:
// `moduleLoadProbe.js undici` (undici alone) or `moduleLoadProbe.js bundle` (dist/extension.js,
// which requires undici; `vscode` answered by a stub, since only the extension host has it).
// Prints the milliseconds.
import Module from 'node:module';
import * as path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const load = Module.createRequire(__filename);

/** A stand-in for the editor API: any property read gives another stand-in. */
function stub(): unknown {
  const target = function () {};
  return new Proxy(target, {
    get: (_t, key) => (key === Symbol.toPrimitive ? () => '' : stub()),
    apply: () => stub(),
    construct: () => stub() as object,
  });
}

function main(): void {
  const what = process.argv[2];
  if (what === 'bundle') {
    const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
    const original = loader._load;
    loader._load = function (request: string, ...rest: unknown[]) {
      return request === 'vscode' ? stub() : original.call(this, request, ...rest);
    };
  }
  const file = what === 'bundle' ? path.join(REPO_ROOT, 'dist', 'extension.js') : path.join(REPO_ROOT, 'node_modules', 'undici');
  const started = performance.now();
  load(file);
  process.stdout.write(`${performance.now() - started}\n`);
}

main();
