// Settings + the key for the configured origin → a client, or the reason there is none.
// Rebuilt when settings or the stored key change; the key of one origin is never used for
// another (when the origin changes, the user is asked, see commands/setServiceKey.ts).
import * as vscode from 'vscode';
import { parseBaseUrl } from '../api/baseUrl';
import { FixReportsClient } from '../api/client';
import { ServiceError } from '../api/errors';
import type { ExtensionLog } from './log';
import type { KeyStore } from './keyStore';
import { readSettings, type Settings } from './settings';

export type ConnectionState =
  | { kind: 'no-base-url' }
  | { kind: 'bad-base-url'; message: string }
  | { kind: 'no-key'; origin: string }
  | { kind: 'ready'; origin: string; client: FixReportsClient };

export class Connection implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ConnectionState>();
  readonly onDidChange = this.changed.event;
  private current: ConnectionState = { kind: 'no-base-url' };
  private currentSettings: Settings | undefined;
  private generation = 0;

  constructor(
    private readonly keys: KeyStore,
    private readonly log: ExtensionLog,
    private readonly userAgent: string,
  ) {}

  get state(): ConnectionState {
    return this.current;
  }

  get settings(): Settings {
    return this.currentSettings ?? readSettings().settings;
  }

  /** The origin of the configured base URL, if it is usable. */
  get origin(): string | undefined {
    return this.current.kind === 'ready' || this.current.kind === 'no-key' ? this.current.origin : undefined;
  }

  /** Re-reads settings and the key; fires onDidChange when anything changed. */
  async reload(): Promise<ConnectionState> {
    const generation = ++this.generation;
    const { settings, ignored, problems } = readSettings();
    for (const name of ignored) {
      this.log.warn(`Ignoring the workspace value of ${name}: where the key is sent is decided by user settings only.`);
    }
    for (const problem of problems) this.log.error(problem);
    const next = await this.resolve(settings);
    if (generation !== this.generation) return this.current; // a newer reload won
    const previous = this.current;
    if (previous.kind === 'ready') void previous.client.close();
    this.currentSettings = settings;
    this.current = next;
    if (next.kind === 'bad-base-url') this.log.error(next.message);
    if (describe(previous) !== describe(next)) this.log.info(`Connection: ${describe(next)}`);
    this.changed.fire(next);
    return next;
  }

  /** The client, or a ServiceError saying what to configure. */
  client(): FixReportsClient {
    const state = this.current;
    switch (state.kind) {
      case 'ready':
        return state.client;
      case 'no-key':
        throw new ServiceError('auth', `No service key is stored for ${state.origin}. Run "Security Fix Reports: Set Service Key".`);
      case 'bad-base-url':
        throw new ServiceError('insecure-url', state.message);
      case 'no-base-url':
        throw new ServiceError('insecure-url', 'No service base URL is configured. Set "securityFixReports.baseUrl" in your user settings.');
    }
  }

  private async resolve(settings: Settings): Promise<ConnectionState> {
    if (!settings.baseUrl) return { kind: 'no-base-url' };
    let origin: string;
    try {
      origin = parseBaseUrl(settings.baseUrl).origin;
    } catch (e) {
      return { kind: 'bad-base-url', message: (e as Error).message };
    }
    const key = await this.keys.get(origin);
    if (!key) return { kind: 'no-key', origin };
    this.log.addSecret(key);
    try {
      const client = new FixReportsClient({
        baseUrl: settings.baseUrl,
        key,
        timeoutMs: settings.timeoutMs,
        network: settings.network,
        logger: this.log,
        userAgent: this.userAgent,
      });
      return { kind: 'ready', origin, client };
    } catch (e) {
      return { kind: 'bad-base-url', message: (e as Error).message };
    }
  }

  dispose(): void {
    if (this.current.kind === 'ready') void this.current.client.close();
    this.changed.dispose();
  }
}

function describe(state: ConnectionState): string {
  switch (state.kind) {
    case 'ready':
      return `ready for ${state.origin}`;
    case 'no-key':
      return `no key stored for ${state.origin}`;
    case 'no-base-url':
      return 'no base URL configured';
    case 'bad-base-url':
      return 'base URL refused';
  }
}
