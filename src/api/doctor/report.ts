// The doctor's report as text to paste into a ticket, and as JSON for programs. It holds no
// key: steps say only whether one is present and accepted, and the whole text is redacted
// for the key once more at the end (a second lock, as the CLI's stderr does). URLs are shown
// without user info or query; every line is cleaned to one line (common/text), since
// certificate fields and error messages carry the server's text.
import { oneLine, redact } from '../../common/text';
import type { DoctorReport, StepStatus } from './types';

const MARKS: Readonly<Record<StepStatus, string>> = { ok: '[ok]', warn: '[warn]', fail: '[FAIL]', skipped: '[skip]' };

/**
 * A key shorter than this is not looked for: it would blot out ordinary words. The steps never
 * hold the key, and the server's text in them was redacted by the transport already.
 */
const REDACT_MIN = 8;

function secret(key: string | undefined): string | undefined {
  return key && key.length >= REDACT_MIN ? key : undefined;
}

/** The report as plain text, `key` redacted wherever it might appear. */
export function doctorText(report: DoctorReport, key: string | undefined): string {
  const line = (text: string) => oneLine(text, 1_000);
  const width = Math.max(...report.steps.map((s) => s.name.length), 10);
  const lines = [
    'Security Fix Reports: connection check',
    '',
    ...report.environment.map(([label, value]) => `${`${label}:`.padEnd(15)}${line(value)}`),
    `${'Origin:'.padEnd(15)}${report.origin ?? '(none: no usable base URL)'}`,
    `${'Verdict:'.padEnd(15)}${line(report.verdict.summary)}`,
    '',
  ];
  for (const step of report.steps) {
    const ms = step.status === 'skipped' ? '' : `${step.ms} ms`;
    lines.push(`${MARKS[step.status].padEnd(7)}${step.name.padEnd(width)}  ${ms.padStart(8)}  ${line(step.detail)}`);
    for (const fact of step.facts ?? []) lines.push(`${' '.repeat(7 + width + 12)}- ${line(fact)}`);
  }
  lines.push('', 'The service key is never shown here: only whether it is present and accepted.');
  return redact(lines.join('\n'), secret(key));
}

/** The report as a JSON value (the CLI writes it with its escaping), `key` redacted likewise. */
export function doctorJson(report: DoctorReport, key: string | undefined): unknown {
  const value = { ...report, environment: Object.fromEntries(report.environment) };
  const hidden = secret(key);
  return JSON.parse(redact(JSON.stringify(value), hidden && JSON.stringify(hidden).slice(1, -1))) as unknown;
}
