// Pins per repository root and scanner: pinning one scanner's report leaves the others' pins;
// a pin stored before pins were per scanner (one report id per root) keeps counting and is moved
// under its report's scanner on the next change.
import { strict as assert } from 'node:assert';
import { Pins } from '../../../src/editor/pins';

// The editor's types, as Pins takes them (unit tests run without the vscode module).
type Root = Parameters<Pins['pinned']>[0];
type Memento = ConstructorParameters<typeof Pins>[0];

const STATE = 'securityFixReports.pinnedReports';
const ROOT = { toString: () => 'file:///work/payments-api' } as Root;
const OTHER = { toString: () => 'file:///work/billing' } as Root;
const SCANNERS = new Map([
  ['og-1', 'Opengrep'],
  ['og-2', 'Opengrep'],
  ['snyk-1', 'Snyk'],
  ['sonar-1', 'SonarQube'],
]);
const scannerOf = (id: string) => SCANNERS.get(id);

function setup(stored?: unknown): { pins: Pins; values: Record<string, unknown> } {
  const values: Record<string, unknown> = stored === undefined ? {} : { [STATE]: stored };
  const state = {
    keys: () => Object.keys(values),
    get: <T>(key: string, fallback?: T) => (key in values ? (values[key] as T) : fallback),
    update: (key: string, value: unknown) => {
      values[key] = value;
      return Promise.resolve();
    },
  } as Memento;
  return { pins: new Pins(state), values };
}

describe('pins per repository and scanner', () => {
  it('pins one report per scanner; a second pin of a scanner replaces only that one', async () => {
    const { pins, values } = setup();
    await pins.pin(ROOT, 'Opengrep', 'og-1', scannerOf);
    await pins.pin(ROOT, 'Snyk', 'snyk-1', scannerOf);
    await pins.pin(ROOT, 'Opengrep', 'og-2', scannerOf);
    await pins.pin(OTHER, 'Snyk', 'snyk-1', scannerOf);
    assert.deepEqual(values[STATE], {
      [ROOT.toString()]: { Opengrep: 'og-2', Snyk: 'snyk-1' },
      [OTHER.toString()]: { Snyk: 'snyk-1' },
    });
    const pinned = pins.pinned(ROOT);
    assert.equal(pinned('Opengrep'), 'og-2');
    assert.equal(pinned('Snyk'), 'snyk-1');
    assert.equal(pinned('SonarQube'), undefined);
    assert.equal(pinned('constructor'), undefined, 'a scanner key is looked up as data, not as a property of Object');
  });

  it("unpins only that scanner's pin, and only when it is that report", async () => {
    const { pins, values } = setup({ [ROOT.toString()]: { Opengrep: 'og-1', Snyk: 'snyk-1' } });
    await pins.unpin(ROOT, 'Opengrep', 'og-2');
    await pins.unpin(ROOT, 'Snyk', 'og-1');
    assert.deepEqual(values[STATE], { [ROOT.toString()]: { Opengrep: 'og-1', Snyk: 'snyk-1' } }, 'nothing changed');
    await pins.unpin(ROOT, 'Snyk', 'snyk-1');
    assert.deepEqual(values[STATE], { [ROOT.toString()]: { Opengrep: 'og-1' } });
    await pins.unpin(ROOT, 'Opengrep', 'og-1');
    assert.deepEqual(values[STATE], {}, 'a root without pins is dropped');
  });

  it('reads a pin of the old shape for every scanner (currentReports honours it for its own report only)', () => {
    const { pins } = setup({ [ROOT.toString()]: 'og-1' });
    assert.equal(pins.pinned(ROOT)('Opengrep'), 'og-1');
    assert.equal(pins.pinned(ROOT)('Snyk'), 'og-1');
    assert.equal(pins.pinned(OTHER)('Opengrep'), undefined);
  });

  it("moves a pin of the old shape under its report's scanner when another scanner is pinned", async () => {
    const { pins, values } = setup({ [ROOT.toString()]: 'og-1', [OTHER.toString()]: 'snyk-1' });
    await pins.pin(ROOT, 'Snyk', 'snyk-1', scannerOf);
    assert.deepEqual(values[STATE], { [ROOT.toString()]: { Opengrep: 'og-1', Snyk: 'snyk-1' }, [OTHER.toString()]: 'snyk-1' });
  });

  it('replaces a pin of the old shape of the same scanner, and drops one whose report is no longer listed', async () => {
    const same = setup({ [ROOT.toString()]: 'og-1' });
    await same.pins.pin(ROOT, 'Opengrep', 'og-2', scannerOf);
    assert.deepEqual(same.values[STATE], { [ROOT.toString()]: { Opengrep: 'og-2' } });
    const gone = setup({ [ROOT.toString()]: 'expired-long-ago' });
    await gone.pins.pin(ROOT, 'Snyk', 'snyk-1', scannerOf);
    assert.deepEqual(gone.values[STATE], { [ROOT.toString()]: { Snyk: 'snyk-1' } });
  });

  it('unpins a pin of the old shape when it is that report, and leaves it otherwise', async () => {
    const { pins, values } = setup({ [ROOT.toString()]: 'og-1' });
    await pins.unpin(ROOT, 'Snyk', 'snyk-1');
    assert.deepEqual(values[STATE], { [ROOT.toString()]: 'og-1' });
    await pins.unpin(ROOT, 'Opengrep', 'og-1');
    assert.deepEqual(values[STATE], {});
  });

  it('skips what is not a pin in the stored state', async () => {
    const { pins, values } = setup({ [ROOT.toString()]: { Opengrep: 42, Snyk: 'snyk-1', SonarQube: '' } });
    assert.equal(pins.pinned(ROOT)('Opengrep'), undefined);
    assert.equal(pins.pinned(ROOT)('SonarQube'), undefined);
    assert.equal(pins.pinned(ROOT)('Snyk'), 'snyk-1', 'the one pin');
    await pins.pin(ROOT, 'SonarQube', 'sonar-1', scannerOf);
    assert.deepEqual(values[STATE], { [ROOT.toString()]: { Snyk: 'snyk-1', SonarQube: 'sonar-1' } });
    for (const junk of [null, 7, 'text', ['a']]) assert.equal(setup(junk).pins.pinned(ROOT)('Snyk'), undefined);
  });
});
