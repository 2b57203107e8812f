// The service's severities on the editor's four levels: the stated default table, the user's
// overrides, and Information for anything unknown.
import { strict as assert } from 'node:assert';
import { DEFAULT_LEVELS, levelOf, levelTable } from '../../../src/model/severity';

describe('severity levels', () => {
  it("map every scanner's words by the default table, case-insensitively", () => {
    for (const s of ['blocker', 'critical', 'high', 'error', 'CRITICAL', ' High ']) assert.equal(levelOf(s), 'error', s);
    for (const s of ['major', 'medium', 'moderate', 'warning']) assert.equal(levelOf(s), 'warning', s);
    for (const s of ['minor', 'low', 'note', 'info', 'informational']) assert.equal(levelOf(s), 'information', s);
  });

  it('make anything unknown Information: shown, never loud', () => {
    for (const s of ['', 'p1', 'severe', null, undefined]) assert.equal(levelOf(s), 'information', String(s));
  });

  it('let the setting override any entry, and keep only valid levels from it', () => {
    const table = levelTable({ Medium: 'ERROR', note: 'hint', low: 'loud', critical: 3, '': 'warning' });
    assert.deepEqual(table, { medium: 'error', note: 'hint', '': 'warning' });
    assert.equal(levelOf('medium', table), 'error');
    assert.equal(levelOf('note', table), 'hint');
    assert.equal(levelOf('low', table), 'information', 'an invalid level leaves the default');
    assert.deepEqual(levelTable(null), {});
    assert.deepEqual(levelTable('error'), {});
  });

  it("read only the tables' own entries: severities named after Object.prototype members are unknown", () => {
    const members = ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__'];
    for (const s of members) {
      assert.equal(levelOf(s), 'information', s);
      assert.equal(levelOf(s.toUpperCase()), 'information', s);
      assert.equal(levelOf(s, levelTable({ high: 'error' })), 'information', `${s} with a user table`);
    }
  });

  it("keep a setting's `__proto__` or `constructor` key as an entry, never as the table's prototype", () => {
    const table = levelTable(JSON.parse('{"__proto__": "error", "Constructor": "hint", "low": "warning"}'));
    assert.equal(Object.getPrototypeOf(table), Object.prototype);
    assert.deepEqual(Object.keys(table), ['__proto__', 'constructor', 'low']);
    assert.equal(levelOf('__proto__', table), 'error');
    assert.equal(levelOf('constructor', table), 'hint');
    assert.equal(levelOf('low', table), 'warning');
    assert.equal(levelOf('medium', table), 'warning', 'the default table still answers');
    assert.equal(levelOf('toString', table), 'information');
  });

  it('states its table with lower-case keys (docs/decisions.md lists the same)', () => {
    for (const key of Object.keys(DEFAULT_LEVELS)) assert.equal(key, key.toLowerCase());
  });
});
