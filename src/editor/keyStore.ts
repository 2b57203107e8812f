// The service key lives only in SecretStorage, filed under the base URL's origin, so a key
// entered for one service is never sent to another. Which origins have a key is not secret
// and is remembered in global state, to notice when the configured origin changes.
import type * as vscode from 'vscode';

const SECRET_PREFIX = 'securityFixReports.key:';
const ORIGINS_STATE = 'securityFixReports.keyOrigins';

export class KeyStore {
  /** Origins whose secret this store is changing: their change events are its own echo. */
  private readonly ownChanges = new Map<string, number>();

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly state: vscode.Memento,
  ) {}

  get(origin: string): Thenable<string | undefined> {
    return this.secrets.get(SECRET_PREFIX + origin);
  }

  async set(origin: string, key: string): Promise<void> {
    await this.own(origin, () => this.secrets.store(SECRET_PREFIX + origin, key));
    await this.state.update(ORIGINS_STATE, [...new Set([...this.origins(), origin])]);
  }

  async delete(origin: string): Promise<void> {
    await this.own(origin, () => this.secrets.delete(SECRET_PREFIX + origin));
    await this.state.update(
      ORIGINS_STATE,
      this.origins().filter((o) => o !== origin),
    );
  }

  /** Origins that have a stored key. */
  origins(): string[] {
    return this.state.get<string[]>(ORIGINS_STATE, []);
  }

  /** Changes made elsewhere (another window, another extension host); not this store's own. */
  onDidChange(listener: (origin: string) => void): vscode.Disposable {
    return this.secrets.onDidChange((e) => {
      if (!e.key.startsWith(SECRET_PREFIX)) return;
      const origin = e.key.slice(SECRET_PREFIX.length);
      if (!this.ownChanges.has(origin)) listener(origin);
    });
  }

  private async own(origin: string, change: () => Thenable<void>): Promise<void> {
    this.ownChanges.set(origin, (this.ownChanges.get(origin) ?? 0) + 1);
    try {
      await change();
      // The change event is delivered after the write resolves; let it pass first.
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      const left = (this.ownChanges.get(origin) ?? 1) - 1;
      if (left > 0) this.ownChanges.set(origin, left);
      else this.ownChanges.delete(origin);
    }
  }
}
