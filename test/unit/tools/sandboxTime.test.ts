// The sandbox's timestamps (tools/sandbox/time): formatUs, which remembers the last day it
// formatted, writes what Date's toISOString gives, for runs within a day and jumps between days,
// before 1970 and for years of more than four digits alike; parseUs reads it back.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { formatUs, parseUs } from '../../../tools/sandbox/time';

/** The service's shape from toISOString, to the microsecond. */
function reference(us: number): string {
  const whole = Math.floor(us);
  const seconds = Math.floor(whole / 1_000_000);
  const micros = whole - seconds * 1_000_000;
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}.${String(micros).padStart(6, '0')}+00:00`;
}

function same(us: number): void {
  let expected: string | RangeError;
  try {
    expected = reference(us);
  } catch (e) {
    expected = e as RangeError;
  }
  if (typeof expected === 'string') assert.equal(formatUs(us), expected, String(us));
  else assert.throws(() => formatUs(us), RangeError, String(us));
}

const MAX_US = 8.64e18; // Date's range, ±100,000,000 days

describe('sandbox timestamps', () => {
  it('are written as toISOString writes them, day after day and across days', () => {
    for (const us of [
      0,
      -1,
      0.5,
      -0.5,
      999_999,
      -86_400e6,
      -86_400e6 - 1,
      1.7e15,
      MAX_US,
      MAX_US - 1,
      MAX_US + 1e6,
      -MAX_US,
      -MAX_US - 1e6,
    ])
      same(us);
    // Year 9999's last microsecond, year 10000's first, year 0's first and the one before.
    for (const us of [253_402_300_799_999_999, 253_402_300_800_000_000, -62_167_219_200_000_000, -62_167_219_200_000_001]) same(us);
    same(NaN);
    same(Infinity);
    fc.assert(
      fc.property(
        fc.double({ min: -MAX_US * 1.01, max: MAX_US * 1.01, noNaN: true }),
        fc.array(fc.nat(40_000_000_000), { maxLength: 20 }),
        (start, steps) => {
          let us = start;
          same(us);
          for (const step of steps) same((us += step));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('read back to the microsecond', () => {
    fc.assert(
      // Microseconds are exact up to 2^53 (year 2255).
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (us) => {
        assert.equal(parseUs(formatUs(us)), us);
      }),
    );
  });
});
