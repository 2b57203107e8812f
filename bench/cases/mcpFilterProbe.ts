// Child process of case 7: the CLI's JSON lines on stdin, the issues of one file (argv[2]) on
// stdout, as a script filtering `security-fix-reports issues --format jsonl` would: each line
// parsed, its sink located as find_issues locates it (model/locations), the matching lines
// written. Ends with one line `count <n>` on stderr.
import { createInterface } from 'node:readline';
import type { Issue } from '../../src/api/schemas';
import { issueLocations } from '../../src/model/locations';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('usage: mcpFilterProbe.js <repo-relative file>');
  let count = 0;
  let text = '';
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (line === '') continue;
    if (issueLocations(JSON.parse(line) as Issue)?.primary.path !== file) continue;
    count++;
    text += `${line}\n`;
    if (text.length >= 64 * 1024) {
      if (!process.stdout.write(text)) await new Promise((resolve) => process.stdout.once('drain', resolve));
      text = '';
    }
  }
  process.stdout.write(text);
  process.stderr.write(`count ${count}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`mcpFilterProbe: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
