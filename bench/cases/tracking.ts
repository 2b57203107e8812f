// Case 12: findings that follow the code, in plain Node. Typing: src/model/anchors.ts holding
// 10,000 places on a 5,000-line file takes a typing stream (mostly one character, some Enter,
// some Backspace joining lines, a few lines deleted, the cursor jumping now and then), timed
// change by change against a bare pass over the same 10,000 × 4 Int32Array slots (one add to
// each, and a visit that reads them and writes nothing). On open: src/model/lineMap.ts compares the scanned text with the
// current one and maps 10,000 places, after a few edits, after 10% of the lines changed, and
// after a re-indent, against splitting both texts and comparing their lines once; the lines it
// marks changed are checked against those edited. Everything comes from a seeded generator.
import { Anchors, type LineRange, type TextChange } from '../../src/model/anchors';
import { LineMap } from '../../src/model/lineMap';
import { Rng } from '../../tools/sandbox/random';
import { collectGarbage, type BenchContext } from '../lib/context';
import { quietly } from '../lib/quiet';
import { atMost, variant, withRatios, type CaseResult } from '../lib/result';
import { summarize } from '../lib/stats';

const SEED = 12;
const LINES = 5_000;
const PLACES = 10_000;
/** Changes in one typing stream: enough that its p99 is the 50th worst, not one outlier. */
const CHANGES = 5_000;
/** Streams (and mapping passes) per round, the fastest kept, as case 11. */
const BEST_OF = 3;
/** The targets. */
const CHANGE_TARGET_US = 1_000;
const OPEN_TARGET_MS = 50;

export async function trackingCase(ctx: BenchContext): Promise<CaseResult> {
  const rng = new Rng(SEED);
  const scanned = sourceText(rng, LINES);
  const scannedLines = scanned.split('\n');
  const places = placesOn(rng, scannedLines);
  const stream = typingStream(rng, scannedLines, CHANGES);
  const typing = await measureTyping(ctx, places, stream.changes, stream.lines);
  const scenarios = editedTexts(rng, scannedLines);
  const opening = await measureOpening(ctx, scanned, scenarios, places);

  const per = `one change (${PLACES.toLocaleString('en-US')} places, ${LINES.toLocaleString('en-US')} lines)`;
  const names = {
    bareMean: 'bare pass: one add to each of 40,000 Int32Array slots, mean',
    visitMean: 'bare visit: each place’s 4 slots read and compared, no writes, mean',
    applyMean: `Anchors.apply, ${per}, mean`,
    bareP99: 'bare pass: one add to each of 40,000 Int32Array slots, p99',
    applyP99: `Anchors.apply, ${per}, p99`,
  };
  const us = (xs: number[]) => summarize(xs, 1);
  const applyMean = us(typing.applyMean);
  const applyP99 = us(typing.applyP99);
  const variants = [
    ...withRatios(
      [
        variant(names.bareMean, 'µs', us(typing.bareMean), `${CHANGES.toLocaleString('en-US')} passes, each timed`),
        variant(names.visitMean, 'µs', us(typing.visitMean), 'a change writes only the places at or after it'),
        variant(names.applyMean, 'µs', applyMean, `a typing stream of ${CHANGES.toLocaleString('en-US')} changes, each timed`),
      ],
      names.bareMean,
    ),
    ...withRatios([variant(names.bareP99, 'µs', us(typing.bareP99)), variant(names.applyP99, 'µs', applyP99)], names.bareP99),
    ...opening.flatMap((o) =>
      withRatios(
        [
          variant(`${o.name}: bare split + compare once`, 'ms', summarize(o.bare, 3), 'both texts split into lines, compared line by line'),
          variant(
            `${o.name}: LineMap.between + ${PLACES.toLocaleString('en-US')} map()`,
            'ms',
            summarize(o.map, 3),
            `between alone: median ${summarize(o.between, 3).median} ms`,
          ),
        ],
        `${o.name}: bare split + compare once`,
      ),
    ),
  ];
  return {
    id: 'tracking',
    title: `12. Tracking: typing with ${PLACES.toLocaleString('en-US')} findings in a ${LINES.toLocaleString('en-US')}-line file, and mapping it on open`,
    baseline: names.bareMean,
    variants,
    targets: [
      atMost('typing: mean per change (median of the rounds)', applyMean.median, CHANGE_TARGET_US, '≤ 1 ms', 'µs'),
      atMost('typing: p99 per change (median of the rounds)', applyP99.median, CHANGE_TARGET_US, '≤ 1 ms', 'µs'),
      ...opening.map((o) =>
        atMost(
          `on open, ${o.name}: between + ${PLACES.toLocaleString('en-US')} maps (median of the rounds)`,
          summarize(o.map, 3).median,
          OPEN_TARGET_MS,
          `≤ ${OPEN_TARGET_MS} ms`,
          'ms',
        ),
      ),
      // A comparison that gives up (its timeout) is fast and marks every line changed: the time alone would pass.
      ...opening.map((o) => {
        const limit = Math.floor(o.linesEdited * 1.1);
        return atMost(
          `on open, ${o.name}: scanned lines marked changed (${o.linesEdited} edited)`,
          o.linesMarkedChanged,
          limit,
          `≤ ${limit} lines`,
          'lines',
        );
      }),
    ],
    details: {
      seed: SEED,
      lines: LINES,
      chars: scanned.length,
      places: PLACES,
      placeKinds: places.kinds,
      changesPerStream: CHANGES,
      stream: stream.counts,
      linesAfterStream: stream.lines,
      placesMarkedChangedByStream: typing.markedChanged,
      bestOf: BEST_OF,
      // What the comparison concluded: far more lines marked than edited means it gave up (its timeout).
      opening: Object.fromEntries(
        opening.map((o) => [
          o.name,
          {
            linesEdited: o.linesEdited,
            linesMarkedChanged: o.linesMarkedChanged,
            placesMarkedChanged: o.placesMarkedChanged,
            betweenMs: summarize(o.between, 3).median,
          },
        ]),
      ),
      // Runs kept although other processes used more than a tenth of a core meanwhile (bench/lib/quiet.ts).
      disturbedRuns: typing.disturbed + opening.reduce((n, o) => n + o.disturbed, 0),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The text: TypeScript-like code, two-space indents, with the blank lines, lone braces and
// repeated statements real files have (the line comparison has to pair those up).

const WORDS = [
  'user',
  'order',
  'payment',
  'token',
  'session',
  'request',
  'query',
  'amount',
  'account',
  'config',
  'result',
  'value',
  'item',
  'limit',
  'cursor',
  'invoice',
  'customer',
  'record',
  'status',
  'buffer',
];

function sourceText(rng: Rng, count: number): string {
  const out: string[] = [];
  const word = () => rng.pick(WORDS);
  const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
  const name = () => `${word()}${cap(word())}`;
  const pad = (depth: number) => '  '.repeat(depth);
  for (let i = 0; i < 20; i++) out.push(`import { ${name()}, ${name()} } from './${word()}/${word()}';`);
  out.push('');
  const statement = (depth: number): void => {
    const kind = rng.weighted<string>([
      ['const', 5],
      ['call', 3],
      ['log', 2],
      ['comment', 1],
      ['blank', 1],
      ['if', depth < 4 ? 2 : 0],
      ['for', depth < 4 ? 1 : 0],
    ]);
    const p = pad(depth);
    if (kind === 'const') out.push(`${p}const ${name()} = ${word()}.${name()}(${word()}, ${rng.int(0, 999)});`);
    else if (kind === 'call') out.push(`${p}await ${word()}Service.${name()}(${word()}.${word()}Id);`);
    else if (kind === 'log') out.push(`${p}logger.debug('${word()} ${word()}', { id: ${word()}.id, ${word()}: ${rng.int(0, 99)} });`);
    else if (kind === 'comment') out.push(`${p}// ${word()} ${word()} ${word()} before the ${word()}`);
    else if (kind === 'blank') out.push('');
    else {
      out.push(
        kind === 'if' ? `${p}if (${word()}.${word()} > ${rng.int(0, 99)}) {` : `${p}for (const ${word()} of ${word()}.${word()}s) {`,
      );
      for (let n = rng.int(1, 4); n > 0; n--) statement(depth + 1);
      out.push(`${p}}`);
    }
  };
  while (out.length < count) {
    if (rng.chance(0.5)) out.push(`/** ${cap(word())} the ${word()} of a ${word()}. */`);
    out.push(
      `export async function ${name()}${rng.int(0, 99)}(${word()}: ${cap(word())}, limit = ${rng.int(1, 500)}): Promise<${cap(word())}> {`,
    );
    for (let n = rng.int(3, 10); n > 0; n--) statement(1);
    out.push(`  return ${word()};`, '}', '');
  }
  out.length = count;
  return out.join('\n');
}

const indentOf = (line: string) => line.length - line.trimStart().length;

interface Places {
  ranges: LineRange[];
  kinds: { inLine: number; wholeLine: number; multiLine: number };
}

/** 10,000 places spread over the lines: most within a line, a quarter whole lines, some spanning lines. */
function placesOn(rng: Rng, lines: readonly string[]): Places {
  const ranges: LineRange[] = [];
  const kinds = { inLine: 0, wholeLine: 0, multiLine: 0 };
  for (let i = 0; i < PLACES; i++) {
    const l = rng.int(0, lines.length - 1);
    const text = lines[l]!;
    const kind = rng.weighted<keyof typeof kinds>([
      ['inLine', 60],
      ['wholeLine', 25],
      ['multiLine', 15],
    ]);
    kinds[kind]++;
    if (kind === 'wholeLine') ranges.push({ startLine: l, startCharacter: 0, endLine: l, endCharacter: text.length });
    else if (kind === 'multiLine') {
      const end = Math.min(l + rng.int(1, 15), lines.length - 1);
      ranges.push({ startLine: l, startCharacter: indentOf(text), endLine: end, endCharacter: lines[end]!.length });
    } else {
      const a = rng.int(indentOf(text), text.length);
      ranges.push({ startLine: l, startCharacter: a, endLine: l, endCharacter: rng.int(a, text.length) });
    }
  }
  return { ranges, kinds };
}

/**
 * A typing session over the text, as the editor reports it (one change per event): a cursor
 * that types, presses Enter (with the line's indent, as auto-indent does) and Backspace (at a
 * line's start, joining it to the one above), now and then deletes a line, and jumps to a
 * random place. Only line lengths are kept: the changes need positions, not text.
 */
function typingStream(rng: Rng, lines: readonly string[], count: number) {
  const length = lines.map((l) => l.length);
  const indent = lines.map(indentOf);
  const counts = { typed: 0, enter: 0, backspace: 0, joined: 0, lineDeleted: 0, jumps: 0 };
  const changes: TextChange[] = [];
  const at = (sl: number, sc: number, el: number, ec: number, text: string) =>
    changes.push({ range: { startLine: sl, startCharacter: sc, endLine: el, endCharacter: ec }, text });
  let line = rng.int(0, length.length - 1);
  let col = length[line]!;
  while (changes.length < count) {
    if (rng.chance(0.08)) {
      counts.jumps++;
      line = rng.int(0, length.length - 1);
      col = rng.int(0, length[line]!);
    }
    const kind = rng.weighted<'type' | 'enter' | 'backspace' | 'deleteLine'>([
      ['type', 85],
      ['enter', 6],
      ['backspace', 7],
      ['deleteLine', 2],
    ]);
    if (kind === 'type') {
      counts.typed++;
      at(line, col, line, col, rng.pick(['a', 'e', 's', 't', ' ', '(', '.', ';']));
      length[line]!++;
      col++;
    } else if (kind === 'enter') {
      counts.enter++;
      const k = indent[line]!;
      at(line, col, line, col, `\n${' '.repeat(k)}`);
      length.splice(line + 1, 0, length[line]! - col + k);
      indent.splice(line + 1, 0, k);
      length[line] = col;
      line++;
      col = k;
    } else if (kind === 'backspace' && col > 0) {
      counts.backspace++;
      at(line, col - 1, line, col, '');
      length[line]!--;
      col--;
    } else if (kind === 'backspace' && line > 0) {
      counts.joined++;
      const above = length[line - 1]!;
      at(line - 1, above, line, 0, '');
      length[line - 1] = above + length[line]!;
      length.splice(line, 1);
      indent.splice(line, 1);
      line--;
      col = above;
    } else if (kind === 'deleteLine' && line < length.length - 1) {
      counts.lineDeleted++;
      at(line, 0, line + 1, 0, '');
      length.splice(line, 1);
      indent.splice(line, 1);
      col = Math.min(col, length[line]!);
    }
  }
  return { changes, counts, lines: length.length };
}

// ---------------------------------------------------------------------------------------------
// Typing.

/** Fills `times` with each change's µs; the places as they end up, to check. */
function typeStream(places: readonly LineRange[], changes: readonly TextChange[], times: Float64Array): Anchors {
  const anchors = new Anchors(places);
  for (let i = 0; i < changes.length; i++) {
    const started = performance.now();
    anchors.apply([changes[i]!]);
    times[i] = (performance.now() - started) * 1000;
  }
  return anchors;
}

/** The bare pass: every slot read, added to and written once, timed as a change is. */
function bareStream(slots: Int32Array, passes: number, times: Float64Array): void {
  for (let i = 0; i < passes; i++) {
    const started = performance.now();
    const d = (i & 1) === 0 ? 1 : -1; // alternating, so the values stay put
    for (let o = 0; o < slots.length; o++) slots[o] = slots[o]! + d;
    times[i] = (performance.now() - started) * 1000;
  }
}

/**
 * Visits each place once, timed as a change is: its 4 slots read and compared, nothing written.
 * A change writes only the places at or after it, so this is nearer its floor than the add pass.
 * A count, not a sum: a running sum chains every read on the one before.
 */
function visitStream(slots: Int32Array, passes: number, times: Float64Array): number {
  let count = 0;
  for (let i = 0; i < passes; i++) {
    const line = i % LINES;
    const started = performance.now();
    for (let o = 0; o < slots.length; o += 4) if (slots[o]! + slots[o + 1]! + slots[o + 2]! + slots[o + 3]! > line) count++;
    times[i] = (performance.now() - started) * 1000;
  }
  return count; // used, so the loop is not optimised away
}

/** Mean and p99 (nearest rank) of one stream's times. */
function meanP99(times: Float64Array): { mean: number; p99: number } {
  let sum = 0;
  for (const t of times) sum += t;
  const sorted = Float64Array.from(times).sort();
  return { mean: sum / times.length, p99: sorted[Math.ceil(sorted.length * 0.99) - 1]! };
}

async function measureTyping(ctx: BenchContext, places: Places, changes: readonly TextChange[], linesAfter: number) {
  const times = new Float64Array(changes.length);
  const slots = new Int32Array(PLACES * 4);
  places.ranges.forEach((r, i) => slots.set([r.startLine, r.startCharacter, r.endLine, r.endCharacter], i * 4));
  // Warm-up, and a check that the stream is one the places can follow: every place still inside the text.
  const after = typeStream(places.ranges, changes, times);
  let markedChanged = 0;
  for (let i = 0; i < after.size; i++) {
    const r = after.range(i);
    if (r.startLine > r.endLine || r.endLine >= linesAfter)
      throw new Error(`place ${i} is off the text after typing: ${JSON.stringify(r)}`);
    if (after.changed(i)) markedChanged++;
  }
  bareStream(slots, changes.length, times);
  let sink = visitStream(slots, changes.length, times);

  const best = (run: () => void) => {
    let kept = { mean: Infinity, p99: Infinity };
    for (let k = 0; k < BEST_OF; k++) {
      collectGarbage();
      run();
      const m = meanP99(times);
      if (m.mean < kept.mean) kept = m;
    }
    return kept;
  };
  const out = {
    applyMean: [] as number[],
    applyP99: [] as number[],
    bareMean: [] as number[],
    bareP99: [] as number[],
    visitMean: [] as number[],
  };
  let disturbed = 0;
  for (let round = 0; round < ctx.runs; round++) {
    const run = await quietly(async () => {
      const started = performance.now();
      const apply = () => best(() => typeStream(places.ranges, changes, times));
      const bare = () => best(() => bareStream(slots, changes.length, times));
      const visit = () => best(() => (sink += visitStream(slots, changes.length, times)));
      // Alternating which goes first, as the other paired cases.
      let a: ReturnType<typeof apply>;
      let b: ReturnType<typeof bare>;
      let v: ReturnType<typeof visit>;
      if (round % 2 === 0) {
        a = apply();
        b = bare();
        v = visit();
      } else {
        v = visit();
        b = bare();
        a = apply();
      }
      return { ms: performance.now() - started, a, b, v };
    });
    if (!run.quiet) disturbed++;
    out.applyMean.push(run.value.a.mean);
    out.applyP99.push(run.value.a.p99);
    out.bareMean.push(run.value.b.mean);
    out.bareP99.push(run.value.b.p99);
    out.visitMean.push(run.value.v.mean);
  }
  if (sink === 0) throw new Error('the visit pass counted nothing');
  return { ...out, markedChanged, disturbed };
}

// ---------------------------------------------------------------------------------------------
// On open.

interface Scenario {
  name: string;
  text: string;
  /** Scanned lines deleted or rewritten (what the map should mark changed). */
  linesEdited: number;
}

function editedTexts(rng: Rng, lines: readonly string[]): Scenario[] {
  // (a) 10 lines inserted, 10 rewritten, 10 deleted, in three places.
  const few = [...lines];
  const [p1, p2, p3] = [800, 2_500, 4_200].map((p) => p + rng.int(-200, 200)) as [number, number, number];
  few.splice(p3, 10);
  for (let i = p2; i < p2 + 10; i++) few[i] = `${few[i]!.slice(0, indentOf(few[i]!))}rewritten(${i});`;
  few.splice(p1, 0, ...Array.from({ length: 10 }, (_, i) => `  inserted(${i});`));
  // (b) a tenth of the lines rewritten, scattered.
  const tenth = [...lines];
  const picked = new Set<number>();
  while (picked.size < lines.length / 10) picked.add(rng.int(0, lines.length - 1));
  for (const i of picked) tenth[i] = `${tenth[i]!.slice(0, indentOf(tenth[i]!))}touched(${i}); ${tenth[i]!.trimStart()}`;
  // (c) re-indented: two spaces a level become four (whitespace runs are ignored).
  const reindented = lines.map((l) => ' '.repeat(indentOf(l) * 2) + l.trimStart());
  return [
    { name: '(a) 10 lines inserted, 10 changed, 10 deleted', text: few.join('\n'), linesEdited: 20 },
    { name: '(b) 10% of the lines changed, scattered', text: tenth.join('\n'), linesEdited: picked.size },
    { name: '(c) every line re-indented', text: reindented.join('\n'), linesEdited: 0 },
  ];
}

/** What on-open costs: the comparison and every place mapped through it. */
function mapAll(scanned: string, current: string, places: readonly LineRange[]) {
  const started = performance.now();
  const map = LineMap.between(scanned, current);
  const compared = performance.now();
  let changed = 0;
  for (const r of places) if (map.map(r)?.changed) changed++;
  const done = performance.now();
  return { map, changed, betweenMs: compared - started, ms: done - started };
}

/** The bare pass: both texts split into lines, compared once line by line. */
function bareCompare(scanned: string, current: string): { ms: number; same: number } {
  const started = performance.now();
  const a = scanned.split(/\r\n|\r|\n/);
  const b = current.split(/\r\n|\r|\n/);
  let same = 0;
  for (let i = 0; i < a.length && i < b.length; i++) if (a[i] === b[i]) same++;
  return { ms: performance.now() - started, same };
}

async function measureOpening(ctx: BenchContext, scanned: string, scenarios: readonly Scenario[], places: Places) {
  const out = scenarios.map((s) => {
    // Warm-up, and what the comparison concluded (not timed): each scanned line, changed or not.
    const first = mapAll(scanned, s.text, places.ranges);
    let linesMarkedChanged = 0;
    for (let l = 0; l < first.map.scannedLines; l++)
      if (first.map.map({ startLine: l, startCharacter: 0, endLine: l, endCharacter: 0 })?.changed) linesMarkedChanged++;
    bareCompare(scanned, s.text);
    return {
      ...s,
      linesMarkedChanged,
      placesMarkedChanged: first.changed,
      bare: [] as number[],
      map: [] as number[],
      between: [] as number[],
      disturbed: 0,
    };
  });
  for (let round = 0; round < ctx.runs; round++)
    for (const s of out) {
      const run = await quietly(async () => {
        const started = performance.now();
        let map = { ms: Infinity, betweenMs: Infinity };
        let bare = Infinity;
        const mapBest = () => {
          for (let k = 0; k < BEST_OF; k++) {
            collectGarbage();
            const m = mapAll(scanned, s.text, places.ranges);
            if (m.ms < map.ms) map = m;
          }
        };
        const bareBest = () => {
          for (let k = 0; k < BEST_OF; k++) {
            collectGarbage();
            bare = Math.min(bare, bareCompare(scanned, s.text).ms);
          }
        };
        // Alternating which goes first, as the other paired cases.
        if (round % 2 === 0) {
          mapBest();
          bareBest();
        } else {
          bareBest();
          mapBest();
        }
        return { ms: performance.now() - started, map, bare };
      });
      if (!run.quiet) s.disturbed++;
      s.map.push(run.value.map.ms);
      s.between.push(run.value.map.betweenMs);
      s.bare.push(run.value.bare);
    }
  return out;
}
