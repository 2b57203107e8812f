// The timestamp parser's fast path (timestamps in the service's shape) must not change a single
// result: it is compared with the general implementation it shortcuts, kept here as the oracle.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { parseTimestamp } from '../../../src/common/time';

/** parseTimestamp before the fast path (src/common/time.ts): the regex and Date way. */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;
function oracleTimestamp(text: string): { ms: number; text: string } | undefined {
  const m = TIMESTAMP.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number];
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const millis = m[7] === undefined ? 0 : Math.floor(Number(m[7].padEnd(9, '0')) / 1e6);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  if (month < 1 || month > 12 || day < 1 || day > days) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  let offsetMinutes = 0;
  if (m[9] !== undefined) {
    const oh = Number(m[10]);
    const om = m[11] === undefined ? 0 : Number(m[11]);
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, millis);
  const ms = d.getTime() - offsetMinutes * 60_000;
  return Number.isFinite(ms) ? { ms, text } : undefined;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const timestamp = fc
  .record({
    year: fc.oneof(fc.integer({ min: 1990, max: 2100 }), fc.integer({ min: 0, max: 9999 })),
    month: fc.integer({ min: 0, max: 13 }),
    day: fc.integer({ min: 0, max: 32 }),
    hour: fc.integer({ min: 0, max: 25 }),
    minute: fc.integer({ min: 0, max: 61 }),
    second: fc.integer({ min: 0, max: 61 }),
    fraction: fc.oneof(fc.constant(''), fc.stringMatching(/^[.,]\d{0,11}$/)),
    zone: fc.oneof(
      fc.constantFrom('Z', 'z', '', '+00:00', '-00:00', '+0530', '-05', ' '),
      fc
        .record({ sign: fc.constantFrom('+', '-'), h: fc.integer({ min: 0, max: 25 }), m: fc.integer({ min: 0, max: 61 }) })
        .map(({ sign, h, m }) => `${sign}${pad(h, 2)}:${pad(m, 2)}`),
    ),
    separator: fc.constantFrom('T', 'T', 't', ' '),
    around: fc.constantFrom('', '', '', ' ', '\n'),
  })
  .map(
    (t) =>
      `${t.around}${pad(t.year, 4)}-${pad(t.month, 2)}-${pad(t.day, 2)}${t.separator}${pad(t.hour, 2)}:${pad(t.minute, 2)}:${pad(t.second, 2)}${t.fraction}${t.zone}${t.around}`,
  );
const mutated = fc.tuple(timestamp, fc.nat(), fc.string({ minLength: 1, maxLength: 1 })).map(([s, at, ch]) => {
  const i = at % s.length;
  return s.slice(0, i) + ch + s.slice(i + 1);
});

describe('common/time fast path', () => {
  it('parseTimestamp equals the regex implementation on service-shaped and near-miss text', () => {
    fc.assert(
      fc.property(fc.oneof(timestamp, mutated, fc.string()), (text) => {
        assert.deepStrictEqual(parseTimestamp(text), oracleTimestamp(text), JSON.stringify(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('parseTimestamp keeps leap days and rejects impossible ones on the fast path', () => {
    assert.equal(parseTimestamp('2024-02-29T00:00:00.000000+00:00')?.ms, Date.UTC(2024, 1, 29));
    assert.equal(parseTimestamp('2026-02-29T00:00:00.000000+00:00'), undefined);
    assert.equal(parseTimestamp('2026-04-31T00:00:00Z'), undefined);
  });
});
