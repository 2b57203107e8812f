// The model's fast path (the false-positive word) must not change a single result: it is
// compared with the general implementation it shortcuts, kept here as the oracle. (The
// timestamp parser's fast path is tested in test/unit/common/time.test.ts.)
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { falsePositiveBasis } from '../../../src/model/issue';

/** The false-positive word test before the shortcuts. */
function oracleWord(text: string | null): boolean {
  return text !== null && text.replace(/[^a-z]/gi, '').toLowerCase() === 'falsepositive';
}

describe('model fast paths', () => {
  it('the false-positive word test is unchanged', () => {
    const word = fc.oneof(
      fc.constantFrom(
        'FalsePositive',
        'FALSE_POSITIVE',
        'false positive',
        'False-Positive',
        'FalsePositives',
        'Open',
        'TEST_CODE',
        'falsepositive!',
        'FALSEPOSITIVE',
        'ﬀalsePositive',
      ),
      fc.string(),
      fc.stringMatching(/^[ _-]?[fF][aA][lL][sS][eE][ _-]?[pP][oO][sS][iI][tT][iI][vV][eE][ _-]?$/),
    );
    fc.assert(
      fc.property(fc.option(word), fc.array(fc.option(word), { maxLength: 3 }), (state, tags) => {
        const issue = { state, vulnerabilityReportIssueTags: tags.map((t) => ({ vulnerability_report_issue_tag_value: t })) };
        const byState = oracleWord(state);
        const byTag = tags.some(oracleWord);
        assert.equal(falsePositiveBasis(issue), byState && byTag ? 'both' : byState ? 'state' : byTag ? 'tag' : null);
      }),
      { numRuns: 5_000 },
    );
  });
});
