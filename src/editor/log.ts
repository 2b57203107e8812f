// One LogOutputChannel for the extension. Secrets registered here are replaced before a line
// is written (the client never logs the key; this is the second lock), and the last lines
// are kept in memory so tests and "copy diagnostics" can read what was logged. Messages carry
// server text (ids, reasons, paths): each is written as one line, every line break and other
// unsafe character as a \uXXXX escape (common/text escapeUnsafe), here rather than by each
// caller, so no id or reason can start a line that reads as the extension's own.
import type * as vscode from 'vscode';
import type { Logger } from '../api/log';
import { escapeUnsafe, redact } from '../common/text';

const KEEP = 2_000;

export class ExtensionLog implements Logger {
  private readonly secrets = new Set<string>();
  private readonly recent: string[] = [];

  constructor(private readonly channel: vscode.LogOutputChannel) {}

  /** Lines containing this value are redacted from now on. */
  addSecret(value: string): void {
    if (value.length >= 4) this.secrets.add(value);
  }

  debug(message: string): void {
    this.channel.debug(this.keep('debug', message));
  }
  info(message: string): void {
    this.channel.info(this.keep('info', message));
  }
  warn(message: string): void {
    this.channel.warn(this.keep('warn', message));
  }
  error(message: string): void {
    this.channel.error(this.keep('error', message));
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }

  /** The last lines logged, redacted, oldest first. */
  lines(): readonly string[] {
    return this.recent;
  }

  private keep(level: string, message: string): string {
    let redacted = message;
    // Redacted first: the key is found as it was given, not in its escaped form.
    for (const secret of this.secrets) redacted = redact(redacted, secret);
    const text = escapeUnsafe(redacted);
    this.recent.push(`${level} ${text}`);
    if (this.recent.length > KEEP) this.recent.splice(0, this.recent.length - KEEP);
    return text;
  }
}
