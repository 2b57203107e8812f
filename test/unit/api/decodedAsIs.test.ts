// Using a parsed body as it is must be invisible: whenever the check says yes, the schema
// accepts the value and outputs an equal value with the same key order; and the check says
// yes for what a service like the sandbox sends, or the fast path would never be taken.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import * as v from 'valibot';
import { isDecodedAsIs } from '../../../src/api/decodedAsIs';
import { IssuePageBodySchema, ReportDetailBodySchema, ReportListBodySchema } from '../../../src/api/schemas';
import { createDataset } from '../../../tools/sandbox/generator';

const dataset = createDataset({ seed: 7, reports: 4 });
/** Report details as the sandbox sends them (JSON text parsed again): every key, schema order. */
const details = dataset.reports.slice(0, 4).map((summary) => {
  const fixes = Array.from({ length: Math.min(dataset.fixCount(summary.id), 40) }, (_, j) => dataset.fixAt(summary.id, j));
  return JSON.parse(JSON.stringify({ fixReport: [{ ...summary, fixes }] })) as unknown;
});

/** Values a field may wrongly hold; also nulls and numbers where text or ids go. */
const junk = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string(), { maxLength: 2 }),
);

/** Every object and array inside a value, with a way to change it in place. */
function containers(value: unknown, out: (Record<string, unknown> | unknown[])[] = []): (Record<string, unknown> | unknown[])[] {
  if (typeof value === 'object' && value !== null) {
    out.push(value as Record<string, unknown> | unknown[]);
    for (const child of Object.values(value)) containers(child, out);
  }
  return out;
}

type Mutation = { at: number; kind: 'delete' | 'set' | 'extra' | 'reorder' | 'number'; key: number; value: unknown };
const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('delete', 'set', 'extra', 'reorder', 'number'),
  key: fc.nat(),
  value: junk,
});

/** A sandbox detail with a few changes anywhere in it: keys removed, replaced, added, moved; ids as numbers. */
function mutated(base: unknown, mutations: readonly Mutation[]): unknown {
  const copy = structuredClone(base);
  for (const mutation of mutations) {
    // A copy of the junk value: fc.constant hands out one shared {} or [], and a later mutation
    // that picks it as its target would change it for every run (once into a cycle).
    const m = { ...mutation, value: structuredClone(mutation.value) };
    const all = containers(copy);
    const target = all[m.at % all.length]!;
    const keys = Object.keys(target);
    if (Array.isArray(target)) {
      if (m.kind === 'delete') target.splice(m.key % (target.length + 1), 1);
      else if (target.length > 0) target[m.key % target.length] = m.value;
      continue;
    }
    const key = keys[m.key % Math.max(keys.length, 1)];
    if (m.kind === 'extra') target[`extra${m.key}`] = m.value;
    else if (key === undefined) continue;
    else if (m.kind === 'delete') delete target[key];
    else if (m.kind === 'set') target[key] = m.value;
    else if (m.kind === 'number') target[key] = m.key;
    else {
      const value = target[key];
      delete target[key];
      target[key] = value; // now last
    }
  }
  return copy;
}

function assertAsIsIsSafe(schema: v.GenericSchema, input: unknown): boolean {
  const asIs = isDecodedAsIs(schema, input);
  if (asIs) {
    const parsed = v.safeParse(schema, input);
    assert.ok(parsed.success, 'a value taken as it is must be one the schema accepts');
    assert.deepStrictEqual(parsed.output, input);
    assert.equal(JSON.stringify(parsed.output), JSON.stringify(input), 'the same key order');
  }
  return asIs;
}

describe('decoded as is (the report detail fast path)', () => {
  it("takes the sandbox's details as they are, and they equal the schema's output", () => {
    for (const detail of details) assert.equal(assertAsIsIsSafe(ReportDetailBodySchema, detail), true);
  });

  it('never takes a value the schema would change or refuse: details with keys removed, replaced, added or moved', () => {
    let taken = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.nat(details.length - 1), fc.array(mutation, { minLength: 1, maxLength: 3 }), (which, mutations) => {
        if (assertAsIsIsSafe(ReportDetailBodySchema, mutated(details[which], mutations))) taken++;
        else refused++;
      }),
      { numRuns: 1500 },
    );
    // Both branches ran: some changes leave a decoded value (an extra key inside `questions`), most do not.
    assert.ok(taken > 0 && refused > 0, `taken ${taken}, refused ${refused}`);
  });

  it('takes what the schema outputs, once it has been through JSON (every default filled in, schema order)', () => {
    fc.assert(
      fc.property(fc.nat(details.length - 1), fc.array(mutation, { maxLength: 3 }), (which, mutations) => {
        const parsed = v.safeParse(ReportDetailBodySchema, mutated(details[which], mutations));
        if (!parsed.success) return;
        const wire = JSON.parse(JSON.stringify(parsed.output)) as unknown;
        assert.equal(assertAsIsIsSafe(ReportDetailBodySchema, wire), true);
      }),
      { numRuns: 800 },
    );
  });

  it('is safe for the other bodies too, on arbitrary JSON', () => {
    for (const schema of [ReportListBodySchema, IssuePageBodySchema, ReportDetailBodySchema]) {
      fc.assert(
        fc.property(fc.jsonValue({ maxDepth: 4 }), (input) => void assertAsIsIsSafe(schema, input)),
        { numRuns: 500 },
      );
    }
  });

  it('says no for schema kinds it does not know, leaving them to the schema', () => {
    assert.equal(isDecodedAsIs(v.union([v.string(), v.number()]), 'a'), false);
    assert.equal(isDecodedAsIs(v.pipe(v.string(), v.minLength(2)), 'a'), false);
    assert.equal(isDecodedAsIs(v.pipe(v.union([v.string(), v.number()]), v.transform(Number)), '1'), false);
    assert.equal(
      isDecodedAsIs(
        v.lazy(() => v.string()),
        'a',
      ),
      false,
    );
    assert.equal(isDecodedAsIs(v.object({ a: v.optional(v.string()) }), { a: 'x' }), false);
    // …and the id transform it knows: a string goes through unchanged, a number would not.
    const id = v.nullish(v.pipe(v.union([v.string(), v.number()]), v.transform(String)), null);
    assert.equal(isDecodedAsIs(id, '12'), true);
    assert.equal(isDecodedAsIs(id, 12), false);
    assert.equal(isDecodedAsIs(id, null), true);
    assert.equal(isDecodedAsIs(v.nullish(v.array(v.string()), []), null), false, 'null would become []');
  });
});
