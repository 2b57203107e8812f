// The service key lives only in SecretStorage, filed under the base URL's origin, so a key
// entered for one service is never sent to another. Which origins have a key is not secret
// and is remembered in global state, to notice when the configured origin changes.
import type * as vscode from 'vscode';
import { Disposable, type DisposableLike } from '../common/disposable';

const SECRET_PREFIX = 'securityFixReports.key:';
const ORIGINS_STATE = 'securityFixReports.keyOrigins';

type KeyListener = (origin: string) => unknown;

export class KeyStore extends Disposable {
  private readonly listeners = new Set<KeyListener>();

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly state: vscode.Memento,
  ) {
    super();
    // Another window or extension host changed a key (our own writes come back here too:
    // listeners are idempotent, see Connection.reload).
    this.register(
      secrets.onDidChange((e) => {
        if (e.key.startsWith(SECRET_PREFIX)) void this.notify(e.key.slice(SECRET_PREFIX.length));
      }),
    );
  }

  get(origin: string): Thenable<string | undefined> {
    return this.secrets.get(SECRET_PREFIX + origin);
  }

  /** Stores the key; resolves once every listener (the connection) has taken it in. */
  async set(origin: string, key: string): Promise<void> {
    await this.secrets.store(SECRET_PREFIX + origin, key);
    await this.state.update(ORIGINS_STATE, [...new Set([...this.origins(), origin])]);
    await this.notify(origin);
  }

  /** Removes the key; resolves once every listener has taken that in. */
  async delete(origin: string): Promise<void> {
    await this.secrets.delete(SECRET_PREFIX + origin);
    await this.state.update(
      ORIGINS_STATE,
      this.origins().filter((o) => o !== origin),
    );
    await this.notify(origin);
  }

  /** Origins that have a stored key. */
  origins(): string[] {
    return this.state.get<string[]>(ORIGINS_STATE, []);
  }

  /** A key was stored or removed for `origin`, here or elsewhere. */
  onDidChange(listener: KeyListener): DisposableLike {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private async notify(origin: string): Promise<void> {
    await Promise.all([...this.listeners].map((listener) => listener(origin)));
  }
}
