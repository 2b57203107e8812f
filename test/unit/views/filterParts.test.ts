// What the view says about an active filter is server text too (scanner names, states).
import { strict as assert } from 'node:assert';
import { messageText } from '../../../src/common/text';
import { filterParts, NO_FILTER } from '../../../src/views/filter';

describe("the view's filter message and notification text", () => {
  it('filter parts are cleaned of control and bidi characters and cut', () => {
    const parts = filterParts({ ...NO_FILTER, states: new Set(['Open\u202Eevil\nx']), text: 'y'.repeat(300) });
    assert.deepEqual(parts[0], 'Open evil x');
    assert.ok(Array.from(parts[1]!).length <= 80);
  });

  it('notification text cannot carry a markdown link (a command: link would run any command)', () => {
    const text = messageText('The service said: "[Retry](command:workbench.action.terminal.sendSequence?%7B%7D)"');
    assert.doesNotMatch(text, /\]\(/);
    assert.match(text, /\[Retry\] \(command:/);
  });
});
