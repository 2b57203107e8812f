// The settings' defaults have one meaning: what package.json shows in the Settings UI is what
// the extension uses when nothing is set (src/common/manifest SETTING_DEFAULTS, and the hidden
// issue states' table in src/model/issue).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { SECTION, Setting, SETTING_DEFAULTS } from '../../src/common/manifest';
import { HIDDEN_ISSUE_STATES } from '../../src/model/issue';

const manifest = JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, { default?: unknown }> } };
};
const declared = (key: string): unknown => manifest.contributes.configuration.properties[`${SECTION}.${key}`]?.default;

describe('settings defaults', () => {
  it('package.json declares the defaults the extension reads with', () => {
    for (const [key, value] of Object.entries(SETTING_DEFAULTS)) assert.deepEqual(declared(key), value, key);
  });

  it('the hidden issue states default to the stated table', () => {
    assert.deepEqual(declared(Setting.FindingsHiddenStates), HIDDEN_ISSUE_STATES);
  });
});
