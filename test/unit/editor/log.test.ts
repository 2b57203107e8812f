// The extension's log (editor/log ExtensionLog) writes every message as one line: server text in
// a message (an id, a reason, a path) cannot add a line of its own, such as a forged "Applied
// fix …", and the key is still redacted. Driven through a channel that records what it is given.
import { strict as assert } from 'node:assert';
import { ExtensionLog } from '../../../src/editor/log';

/** The editor's LogOutputChannel, as ExtensionLog takes it. */
type Channel = ConstructorParameters<typeof ExtensionLog>[0];

function recordingChannel(): { channel: Channel; written: string[] } {
  const written: string[] = [];
  const at = (level: string) => (message: string) => void written.push(`${level} ${message}`);
  const channel = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } as unknown as Channel;
  return { channel, written };
}

describe('the extension log', () => {
  it('writes each message as one line: line breaks and other unsafe characters as \\u escapes', () => {
    const { channel, written } = recordingChannel();
    const log = new ExtensionLog(channel);
    const forged = 'fp-1\n2026-01-01 00:00:00.000 [info] Applied fix 42 to src/a.py (one edit; undo reverts it).';
    log.warn(`Report r1: no summary for ${forged}`);
    log.info('id\r\nx\u2028y\u0085z \u202eevil\u001b[31m');
    assert.equal(written.length, 2);
    for (const line of [...written, ...log.lines()]) assert.doesNotMatch(line, /[\n\r\u2028\u2029\u0085\u202e\u001b]/, line);
    assert.equal(
      written[0],
      'warn Report r1: no summary for fp-1\\u000a2026-01-01 00:00:00.000 [info] Applied fix 42 to src/a.py (one edit; undo reverts it).',
    );
    assert.equal(written[1], 'info id\\u000d\\u000ax\\u2028y\\u0085z \\u202eevil\\u001b[31m');
    assert.deepEqual(log.lines(), written);
  });

  it('redacts a secret before escaping, so the key is found however the message is broken up', () => {
    const { channel, written } = recordingChannel();
    const log = new ExtensionLog(channel);
    log.addSecret('sfr-key-1234');
    log.error('HTTP 500: the body echoed sfr-key-1234\nand more');
    assert.equal(written[0], 'error HTTP 500: the body echoed «redacted»\\u000aand more');
  });

  it('leaves ordinary messages as they are', () => {
    const { channel, written } = recordingChannel();
    new ExtensionLog(channel).debug('GET https://fixes.example/api → 200 (12 bytes, 3 ms) — ok “quoted” 🔒');
    assert.equal(written[0], 'debug GET https://fixes.example/api → 200 (12 bytes, 3 ms) — ok “quoted” 🔒');
  });
});
