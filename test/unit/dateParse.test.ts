// dateParse is Date.parse with a fast path; it must return exactly what Date.parse returns.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { dateParse } from '../../src/api/dateParse';

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** Timestamps shaped like the service's, with every field sometimes out of range. */
const timestamp = fc
  .record({
    year: fc.oneof(fc.integer({ min: 1970, max: 2100 }), fc.integer({ min: 0, max: 9999 })),
    month: fc.integer({ min: 0, max: 13 }),
    day: fc.integer({ min: 0, max: 32 }),
    hour: fc.integer({ min: 0, max: 25 }),
    minute: fc.integer({ min: 0, max: 61 }),
    second: fc.integer({ min: 0, max: 61 }),
    fraction: fc.oneof(fc.constant(''), fc.stringMatching(/^\.\d{0,11}$/)),
    zone: fc.oneof(
      fc.constantFrom('Z', 'z', '', '+00:00', '-00:00', '+0000', '+05', 'UTC'),
      fc.record({ sign: fc.constantFrom('+', '-'), h: fc.integer({ min: 0, max: 25 }), m: fc.integer({ min: 0, max: 61 }) }).map(({ sign, h, m }) => `${sign}${pad(h, 2)}:${pad(m, 2)}`),
    ),
    separator: fc.constantFrom('T', 'T', 'T', 't', ' '),
  })
  .map((t) => `${pad(t.year, 4)}-${pad(t.month, 2)}-${pad(t.day, 2)}${t.separator}${pad(t.hour, 2)}:${pad(t.minute, 2)}:${pad(t.second, 2)}${t.fraction}${t.zone}`);

/** A timestamp with one character replaced. */
const mutated = fc.tuple(timestamp, fc.nat(), fc.string({ minLength: 1, maxLength: 1 })).map(([s, at, ch]) => {
  const i = at % s.length;
  return s.slice(0, i) + ch + s.slice(i + 1);
});

const same = (text: string) => assert.ok(Object.is(dateParse(text), Date.parse(text)), `${JSON.stringify(text)}: ${dateParse(text)} vs Date.parse ${Date.parse(text)}`);

describe('dateParse', () => {
  it('equals Date.parse on service-shaped timestamps, in range or not', () => {
    fc.assert(fc.property(timestamp, same), { numRuns: 20_000 });
  });

  it('equals Date.parse on near misses and on arbitrary strings', () => {
    fc.assert(fc.property(fc.oneof(mutated, fc.string(), fc.string({ unit: 'grapheme' })), same), { numRuns: 10_000 });
  });

  it('takes the fast path for the spec example and keeps the first three fraction digits', () => {
    same('2026-11-01T12:00:00.123999+00:00');
    assert.equal(dateParse('2026-11-01T12:00:00.123999+00:00'), Date.UTC(2026, 10, 1, 12, 0, 0, 123));
    assert.equal(dateParse('2026-11-01T12:00:00.5-05:30'), Date.UTC(2026, 10, 1, 17, 30, 0, 500));
  });
});
