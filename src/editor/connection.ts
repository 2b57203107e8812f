// Settings + the key for the configured origin → a client, or the reason there is none.
// Owns the key lifecycle: it reloads itself when a key is stored or removed (KeyStore) or the
// settings change, and says so once per real change; the store and views follow its event.
// The key of one origin is never used for another (when the origin changes, the user is
// asked, see editor/keyPrompts.ts).
import { createHash } from 'node:crypto';
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { parseBaseUrl } from '../api/baseUrl';
import { FixReportsClient } from '../api/client';
import { ServiceError } from '../api/errors';
import { Disposable } from '../common/disposable';
import type { ExtensionLog } from './log';
import type { KeyStore } from './keyStore';
import { affectsSettings, readSettings, type Settings } from './settings';
import { errorMessage } from '../common/errors';

export type ConnectionState =
  | { kind: 'no-base-url' }
  | { kind: 'bad-base-url'; message: string }
  | { kind: 'no-key'; origin: string }
  | { kind: 'ready'; origin: string; client: FixReportsClient; keyDigest: string };

export interface ConnectionChange {
  state: ConnectionState;
  /** The origin before this change, if there was one. */
  previousOrigin: string | undefined;
  /** The client was replaced (origin, key or network changed): what was loaded must go. */
  clientChanged: boolean;
}

/** How a key check went: accepted, rejected by the service, or not checkable (network). */
export type KeyVerdict = { kind: 'ok' } | { kind: 'rejected'; message: string } | { kind: 'unreachable'; message: string };

export class Connection extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<ConnectionChange>());
  /** Fires once per reload that changed the state or the settings; never for an echo. */
  readonly onDidChange = this.changed.event;
  private current: ConnectionState = { kind: 'no-base-url' };
  private currentSettings: Settings | undefined;
  /** What the current client was built from (a hash: the key is never kept in clear here). */
  private fingerprint = '';
  private generation = 0;

  constructor(
    private readonly keys: KeyStore,
    private readonly log: ExtensionLog,
    private readonly userAgent: string,
  ) {
    super();
    this.register(keys.onDidChange((origin) => (origin === this.origin ? this.reload() : undefined)));
    this.register(vscode.workspace.onDidChangeConfiguration((event) => (affectsSettings(event) ? this.reload() : undefined)));
  }

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

  /**
   * Re-reads settings and the key. Fires onDidChange when the state or settings changed; the
   * same inputs again (a KeyStore echo, an unrelated setting) change nothing and fire nothing.
   */
  async reload(): Promise<ConnectionState> {
    const generation = ++this.generation;
    const { settings, ignored, problems } = readSettings();
    const next = await this.resolve(settings);
    // A client built for this reload and not adopted is closed (never the current one).
    const discard = () => next.state !== this.current && next.state.kind === 'ready' && void next.state.client.close();
    if (generation !== this.generation) {
      discard();
      return this.current; // a newer reload won
    }
    const settingsChanged = JSON.stringify(settings) !== JSON.stringify(this.currentSettings);
    const clientChanged = next.fingerprint !== this.fingerprint;
    if (!settingsChanged && !clientChanged) {
      discard();
      return this.current;
    }
    for (const name of ignored) {
      this.log.warn(`Ignoring the workspace value of ${name}: where the key is sent is decided by user settings only.`);
    }
    for (const problem of problems) this.log.error(problem);
    const previous = this.current;
    this.currentSettings = settings;
    if (clientChanged) {
      if (previous.kind === 'ready') void previous.client.close();
      this.current = next.state;
      this.fingerprint = next.fingerprint;
      if (next.state.kind === 'bad-base-url') this.log.error(next.state.message);
      if (describe(previous) !== describe(next.state)) this.log.info(`Connection: ${describe(next.state)}`);
    } else {
      discard(); // only other settings changed: the client stays
    }
    this.changed.fire({ state: this.current, previousOrigin: originOf(previous), clientChanged });
    return this.current;
  }

  /**
   * Checks `key` with one request to the configured service, through the same network
   * settings and user agent as every other request. Nothing is stored.
   */
  async verify(key: string, signal?: AbortSignal): Promise<KeyVerdict> {
    const settings = this.settings;
    let client: FixReportsClient;
    try {
      client = this.clientFor(settings, key, { retries: 1 });
    } catch (e) {
      return { kind: 'unreachable', message: (e as Error).message };
    }
    try {
      await client.listReports(signal);
      return { kind: 'ok' };
    } catch (e) {
      if (e instanceof ServiceError && e.kind === 'auth')
        return { kind: 'rejected', message: l10n.t('The service rejected this key. Check it and paste it again.') };
      return { kind: 'unreachable', message: errorMessage(e) };
    } finally {
      await client.close();
    }
  }

  /** The client, or a ServiceError saying what to configure. */
  client(): FixReportsClient {
    const state = this.current;
    switch (state.kind) {
      case 'ready':
        return state.client;
      case 'no-key':
        throw new ServiceError(
          'auth',
          l10n.t('No service key is stored for {0}. Run "Security Fix Reports: Set Service Key".', state.origin),
        );
      case 'bad-base-url':
        throw new ServiceError('insecure-url', state.message);
      case 'no-base-url':
        throw new ServiceError(
          'insecure-url',
          l10n.t(
            'No service base URL is configured. Run "Security Fix Reports: Set Base URL" or set "securityFixReports.baseURL" in your user settings.',
          ),
        );
    }
  }

  private async resolve(settings: Settings): Promise<{ state: ConnectionState; fingerprint: string }> {
    const network = JSON.stringify([settings.baseUrl, settings.timeoutMs, settings.network]);
    if (!settings.baseUrl) return { state: { kind: 'no-base-url' }, fingerprint: 'no-base-url' };
    let origin: string;
    try {
      origin = parseBaseUrl(settings.baseUrl).origin;
    } catch (e) {
      return { state: { kind: 'bad-base-url', message: (e as Error).message }, fingerprint: `bad:${network}` };
    }
    const key = await this.keys.get(origin);
    if (!key) return { state: { kind: 'no-key', origin }, fingerprint: `no-key:${network}` };
    // The key's sha256: the client's fingerprint, and what names the key's cache directory.
    const keyDigest = createHash('sha256').update(key).digest('hex');
    const fingerprint = `ready:${network}:${keyDigest}`;
    if (fingerprint === this.fingerprint && this.current.kind === 'ready') return { state: this.current, fingerprint };
    this.log.addSecret(key);
    try {
      return { state: { kind: 'ready', origin, client: this.clientFor(settings, key), keyDigest }, fingerprint };
    } catch (e) {
      return { state: { kind: 'bad-base-url', message: (e as Error).message }, fingerprint: `bad:${network}` };
    }
  }

  private clientFor(settings: Settings, key: string, retry?: { retries: number }): FixReportsClient {
    return new FixReportsClient({
      baseUrl: settings.baseUrl,
      key,
      timeoutMs: settings.timeoutMs,
      network: settings.network,
      logger: this.log,
      userAgent: this.userAgent,
      ...(retry ? { retry } : {}),
    });
  }

  override dispose(): void {
    if (this.current.kind === 'ready') void this.current.client.close();
    super.dispose();
  }
}

function originOf(state: ConnectionState): string | undefined {
  return state.kind === 'ready' || state.kind === 'no-key' ? state.origin : undefined;
}

/* eslint-disable no-restricted-syntax -- log lines */
/** The state in a log line (English, for support). */
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
/* eslint-enable no-restricted-syntax */
