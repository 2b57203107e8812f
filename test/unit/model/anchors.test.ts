// Places followed through edits (model/anchors) and mapped from the scanned text (model/lineMap),
// checked against the text itself: after any edit that leaves a place's text alone, the place
// still covers the same text and is not marked changed; any edit inside it marks it changed.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { Anchors, type LineRange, type TextChange } from '../../../src/model/anchors';
import { LineMap } from '../../../src/model/lineMap';

/** Offset of a position in a text ('\n' line breaks). */
function offsetOf(text: string, line: number, character: number): number {
  let offset = 0;
  for (let i = 0; i < line; i++) offset = text.indexOf('\n', offset) + 1;
  return offset + character;
}

function positionOf(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

function rangeAt(text: string, start: number, end: number): LineRange {
  const s = positionOf(text, start);
  const e = positionOf(text, end);
  return { startLine: s.line, startCharacter: s.character, endLine: e.line, endCharacter: e.character };
}

function textOf(text: string, r: LineRange): string {
  return text.slice(offsetOf(text, r.startLine, r.startCharacter), offsetOf(text, r.endLine, r.endCharacter));
}

const line = fc.stringMatching(/^[a-z =();]{0,12}$/);
const doc = fc.array(line, { minLength: 1, maxLength: 20 }).map((lines) => lines.join('\n'));

describe('model/anchors: places follow edits', () => {
  it('a place keeps its text through any edit outside it, and is marked changed by any edit inside it', () => {
    fc.assert(
      fc.property(doc, fc.nat(), fc.nat(), fc.nat(), fc.nat(), fc.stringMatching(/^[a-z\n]{0,6}$/), (text, a, b, c, d, inserted) => {
        const [ps, pe] = [a % (text.length + 1), b % (text.length + 1)].sort((x, y) => x - y) as [number, number];
        const [cs, ce] = [c % (text.length + 1), d % (text.length + 1)].sort((x, y) => x - y) as [number, number];
        const place = rangeAt(text, ps, pe);
        const anchors = new Anchors([place]);
        const change: TextChange = { range: rangeAt(text, cs, ce), text: inserted };
        anchors.apply([change]);
        const after = text.slice(0, cs) + inserted + text.slice(ce);
        const insertion = cs === ce;
        const outside = ce < ps || cs > pe || (insertion ? cs === ps || cs === pe : ce === ps || cs === pe);
        const inside = !outside && (cs < pe && ce > ps ? true : insertion && cs > ps && cs < pe);
        if (outside || (ps === pe && !inside)) {
          assert.equal(textOf(after, anchors.range(0)), text.slice(ps, pe), 'same text');
          assert.equal(anchors.changed(0), false);
        } else {
          assert.equal(anchors.changed(0), true, `changed by ${JSON.stringify(change)} on ${ps}-${pe}`);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('a line inserted above moves the place down; a comment appended to its line leaves it as it was', () => {
    const anchors = new Anchors([{ startLine: 10, startCharacter: 0, endLine: 10, endCharacter: 20 }]);
    anchors.apply([{ range: { startLine: 10, startCharacter: 0, endLine: 10, endCharacter: 0 }, text: '    # comment\n' }]);
    assert.deepEqual(anchors.range(0), { startLine: 11, startCharacter: 0, endLine: 11, endCharacter: 20 });
    anchors.apply([{ range: { startLine: 11, startCharacter: 20, endLine: 11, endCharacter: 20 }, text: '  # nosec' }]);
    assert.deepEqual(anchors.range(0), { startLine: 11, startCharacter: 0, endLine: 11, endCharacter: 20 });
    assert.equal(anchors.changed(0), false);
  });

  it('deleting the place’s line marks it changed and leaves it empty where the line was', () => {
    const anchors = new Anchors([{ startLine: 3, startCharacter: 0, endLine: 3, endCharacter: 8 }]);
    anchors.apply([{ range: { startLine: 3, startCharacter: 0, endLine: 4, endCharacter: 0 }, text: '' }]);
    assert.deepEqual(anchors.range(0), { startLine: 3, startCharacter: 0, endLine: 3, endCharacter: 0 });
    assert.equal(anchors.changed(0), true);
  });

  it('several changes of one event apply in order (a multi-cursor edit reports the last first)', () => {
    const anchors = new Anchors([{ startLine: 5, startCharacter: 0, endLine: 5, endCharacter: 4 }]);
    anchors.apply([
      { range: { startLine: 8, startCharacter: 0, endLine: 8, endCharacter: 0 }, text: 'x\n' },
      { range: { startLine: 1, startCharacter: 0, endLine: 1, endCharacter: 0 }, text: 'y\nz\n' },
    ]);
    assert.deepEqual(anchors.range(0), { startLine: 7, startCharacter: 0, endLine: 7, endCharacter: 4 });
  });
});

describe('model/lineMap: the scanned lines in the text now', () => {
  const scanned = ['import os', '', 'def load(name):', '    path = base + name', '    return open(path)', ''].join('\n');
  const whole = (line: number): LineRange => ({ startLine: line, startCharacter: 0, endLine: line, endCharacter: 100 });

  it('follows lines moved by insertions and deletions elsewhere, and ignores re-indentation', () => {
    const now = ['import os', 'import sys', '', '', 'def load(name):', '  path = base + name', '  return open(path)', ''].join('\n');
    const map = LineMap.between(scanned, now);
    assert.deepEqual(map.map(whole(3)), { range: { ...whole(5) }, changed: false });
    assert.deepEqual(map.map(whole(4)), { range: { ...whole(6) }, changed: false });
    assert.deepEqual(map.map(whole(0)), { range: { ...whole(0) }, changed: false });
  });

  it('marks a rewritten or deleted line changed, at where its replacement is', () => {
    const now = ['import os', '', 'def load(name):', '    path = safe_join(base, name)', '    return open(path)', ''].join('\n');
    assert.deepEqual(LineMap.between(scanned, now).map(whole(3)), { range: whole(3), changed: true });
    const deleted = ['import os', '', 'def load(name):', '    return open(path)', ''].join('\n');
    const map = LineMap.between(scanned, deleted);
    assert.equal(map.map(whole(3))!.changed, true);
    assert.deepEqual(map.map(whole(4)), { range: whole(3), changed: false });
  });

  it('a line past the scanned text cannot be placed', () => {
    assert.equal(LineMap.between(scanned, scanned).map(whole(40)), undefined);
  });

  it('any unchanged line keeps its text (property)', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), fc.array(fc.tuple(fc.nat(), fc.boolean(), line)), (lines, edits) => {
        const now = [...lines];
        for (const [at, remove, text] of edits) {
          const i = at % (now.length + 1);
          if (remove && now.length > 1 && i < now.length) now.splice(i, 1);
          else now.splice(i, 0, text);
        }
        const map = LineMap.between(lines.join('\n'), now.join('\n'));
        lines.forEach((text, i) => {
          const mapped = map.map(whole(i))!;
          if (!mapped.changed) assert.equal(now[mapped.range.startLine]!.replace(/\s+/g, ' ').trim(), text.replace(/\s+/g, ' ').trim());
        });
      }),
      { numRuns: 500 },
    );
  });
});
