// Publishing 10,000 findings to the Problems panel (issue 12), inside the extension host: the
// extension's Problems publisher (per file, in time slices) against the same diagnostics set in
// one synchronous loop, timed whole and by the longest stall of the host's event loop. The
// findings are the big report's own held issues, placed on synthetic files (diagnostics need no
// file on disk), in two layouts: spread (50 per file) and dense (1,000 per file, the host's cap).
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import { fixedPlace, type Place } from '../../src/editor/places';
import { diagnosticOf, Problems, type FindingSource } from '../../src/views/problems';
import type { FindingsFigures, FindingsLayoutFigures } from './types';

const FINDINGS = 10_000;
const REPS = 5;
/** How long after a publication the heartbeat keeps watching (the host sends diagnostics later). */
const TRAILING_MS = 200;
const LAYOUTS = [
  { name: 'spread', perFile: 50 },
  { name: 'dense', perFile: 1_000 },
] as const;

export async function findingsRun(api: ExtensionApi, reportId: string): Promise<FindingsFigures> {
  const model = api.services.store.entry(reportId)?.model;
  if (!model) throw new Error(`report ${reportId} is not loaded: the tree passes load it first`);
  const issues = [...take(model.issues(), FINDINGS)];
  if (issues.length < FINDINGS) throw new Error(`report ${reportId} has ${issues.length} issues, not ${FINDINGS}`);
  const vendor = model.report.vulnerabilityReport?.vendor ?? '';
  const layouts: FindingsLayoutFigures[] = [];
  for (const layout of LAYOUTS) {
    const byUri = new Map<string, Place[]>();
    issues.forEach((issue, i) => {
      const uri = vscode.Uri.file(`/bench-findings/${layout.name}/file-${Math.floor(i / layout.perFile)}.ts`);
      const line = (i % layout.perFile) + 1;
      const finding = fixedPlace(
        { reportId, issue, vendor, model, falsePositive: false, uri, related: [] },
        new vscode.Range(line, 4, line, 40),
      );
      const list = byUri.get(uri.toString());
      if (list) list.push(finding);
      else byUri.set(uri.toString(), [finding]);
    });
    const figures: FindingsLayoutFigures = {
      name: layout.name,
      files: byUri.size,
      findings: issues.length,
      naiveMs: [],
      naiveStallMs: [],
      slicedMs: [],
      slicedStallMs: [],
      yields: [],
      published: 0,
    };
    for (let rep = 0; rep < REPS; rep++) {
      // Alternate which goes first, so neither always runs on a warmer JIT.
      const order = rep % 2 === 0 ? [naive, sliced] : [sliced, naive];
      for (const run of order) await run(api, byUri, figures);
    }
    layouts.push(figures);
  }
  return { layouts };
}

/** Every file's diagnostics set in one synchronous loop: the stall is the whole publication. */
async function naive(_api: ExtensionApi, byUri: Map<string, Place[]>, figures: FindingsLayoutFigures): Promise<void> {
  const collection = vscode.languages.createDiagnosticCollection('benchNaive');
  try {
    const { ms, stallMs } = await measured(async () => {
      for (const list of byUri.values())
        collection.set(
          list[0]!.uri,
          list.map((f) => diagnosticOf(f, {}, () => undefined)),
        );
    });
    figures.naiveMs.push(ms);
    figures.naiveStallMs.push(stallMs);
  } finally {
    collection.dispose();
  }
}

/** The extension's publisher (src/views/problems.ts) over the same findings. */
async function sliced(api: ExtensionApi, byUri: Map<string, Place[]>, figures: FindingsLayoutFigures): Promise<void> {
  const source: FindingSource = {
    onDidChange: () => ({ dispose: () => undefined }),
    onDidChangeFile: () => ({ dispose: () => undefined }),
    uris: () => [...byUri.values()].map((list) => list[0]!.uri),
    placesOf: (uri) => byUri.get(uri.toString()) ?? [],
  };
  const problems = new Problems(source, api.services.connection, () => undefined);
  try {
    let result: Awaited<ReturnType<Problems['publish']>>;
    const { ms, stallMs } = await measured(async () => {
      result = await problems.publish();
    });
    if (!result) throw new Error('the publication was superseded');
    const delivered = [...byUri.values()].reduce((n, list) => n + vscode.languages.getDiagnostics(list[0]!.uri).length, 0);
    if (delivered !== result.diagnostics || result.diagnostics !== figures.findings)
      throw new Error(`published ${result.diagnostics} diagnostics, the host has ${delivered}, expected ${figures.findings}`);
    figures.slicedMs.push(ms);
    figures.slicedStallMs.push(stallMs);
    figures.yields.push(result.yields);
    figures.published = result.diagnostics;
  } finally {
    problems.dispose();
  }
}

/**
 * Wall time of `work`, and the longest the event loop could not run anything else meanwhile:
 * the largest gap between the callbacks of a setImmediate heartbeat that runs beside it (and a
 * little past its end, so work the host deferred, such as sending the diagnostics, counts too).
 */
async function measured(work: () => Promise<void>): Promise<{ ms: number; stallMs: number }> {
  await new Promise((resolve) => setTimeout(resolve, 50)); // let the host settle
  let last = performance.now();
  let longest = 0;
  let beating = true;
  const beat = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (beating) setImmediate(beat);
  };
  setImmediate(beat);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, TRAILING_MS));
  beating = false;
  return { ms, stallMs: longest };
}

function* take<T>(items: Iterable<T>, n: number): Generator<T> {
  if (n <= 0) return;
  let i = 0;
  for (const item of items) {
    yield item;
    if (++i >= n) return;
  }
}
