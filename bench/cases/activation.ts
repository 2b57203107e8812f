// Case 5: activation. Inside code-server: activate() start → tree provider registered (the
// extension's own clock, one sample per editor launch) and which repository files the
// extension host has loaded at that point and after the first requests. In fresh Node
// processes: how long a cold require() of the bundle and of undici takes.
import * as path from 'node:path';
import type { BenchContext } from '../lib/context';
import { check, runTimed } from '../lib/proc';
import { atMost, variant, type CaseResult } from '../lib/result';
import { KB } from '../lib/sizes';
import { summarize, type Summary } from '../lib/stats';
import type { LoadedFile } from '../editor/types';
import type { EditorBenchResults } from './editorRuns';

const ACTIVATION_TARGET_MS = 50;

export async function activationCase(ctx: BenchContext, editor: EditorBenchResults): Promise<CaseResult> {
  const figures = editor.launches.map((l) => l.activation).filter((a) => a !== undefined);
  if (figures.length === 0) throw new Error('no activation was recorded');
  const first = figures[0]!;
  const isUndici = (f: LoadedFile) => f.path.startsWith(`node_modules${path.sep}undici${path.sep}`);
  const isBundle = (f: LoadedFile) => f.path.startsWith(`dist${path.sep}`);
  const kb = (files: LoadedFile[]) => files.reduce((n, f) => n + f.bytes, 0) / KB;
  const atActivation = first.loaded;
  const later = first.loadedAfterRequests;
  const undiciNow = atActivation.filter(isUndici);
  const undiciLater = later.filter(isUndici);
  const others = atActivation.filter((f) => !isUndici(f) && !isBundle(f));
  const activation = summarize(figures.map((a) => a.activationMs));
  const bundleCold = await coldRequire(ctx, 'bundle');
  const undiciCold = await coldRequire(ctx, 'undici');
  const one = (n: number) => summarize([n]);
  return {
    id: 'activation',
    title: '5. Activation',
    variants: [
      variant(
        'activate() → tree provider registered (extension host)',
        'ms',
        activation,
        `one per editor launch; already active when measured: ${figures.filter((a) => a.wasActive).length}/${figures.length}`,
      ),
      variant(
        'cold require(dist/extension.js), fresh Node',
        'ms',
        bundleCold,
        'what the extension host does before activate(); vscode stubbed',
      ),
      variant('cold require(undici), fresh Node', 'ms', undiciCold),
      variant(`loaded at activation: dist/extension.js`, 'KB', one(kb(atActivation.filter(isBundle)))),
      variant(
        `loaded at activation: undici (${undiciNow.length} files)`,
        'KB',
        one(kb(undiciNow)),
        first.undiciLoadedAtActivation ? 'required when the bundle loads' : 'not loaded',
      ),
      // The bundle requires only node:*, vscode and undici; anything else was loaded by the host.
      ...(others.length > 0
        ? [
            variant(
              `loaded by then, not by the bundle (${others.length} files)`,
              'KB',
              one(kb(others)),
              others.map((f) => f.path).join(', '),
            ),
          ]
        : []),
      variant(`loaded by the first requests: undici (${undiciLater.length} files)`, 'KB', one(kb(undiciLater))),
    ],
    targets: [atMost('activate() → tree registered', activation.median, ACTIVATION_TARGET_MS, `≤ ${ACTIVATION_TARGET_MS} ms`, 'ms')],
    details: {
      undiciLoadedAtActivation: first.undiciLoadedAtActivation,
      loadedAtActivation: atActivation,
      loadedByFirstRequests: later.length,
      largestUndiciFiles: [...undiciNow, ...undiciLater].sort((a, b) => b.bytes - a.bytes).slice(0, 5),
    },
    dominates: [
      `activate() itself only wires objects (${activation.median} ms); loading the code before it is the larger cost: a cold require of the bundle takes ${bundleCold.median} ms, and undici alone ${undiciCold.median} ms (${(kb(undiciNow) + kb(undiciLater)).toFixed(0)} KB of JavaScript in ${undiciNow.length + undiciLater.length} files).`,
      first.undiciLoadedAtActivation
        ? 'undici is required when the bundle loads, so every editor start pays for it even if the view is never opened.'
        : `undici is not loaded at activation: it is required on the first request (${undiciLater.length} files, ${kb(undiciLater).toFixed(0)} KB), so editor starts that never open the view do not pay for it.`,
    ],
  };
}

/** Several fresh `node` processes, each timing one cold require (see moduleLoadProbe.ts). */
async function coldRequire(ctx: BenchContext, what: 'bundle' | 'undici'): Promise<Summary> {
  const probe = path.join(__dirname, 'moduleLoadProbe.js');
  const times: number[] = [];
  for (let i = 0; i < ctx.runs; i++)
    times.push(Number(check(await runTimed([process.execPath, probe, what]), `cold require of ${what}`).stdout.trim()));
  return summarize(times);
}
