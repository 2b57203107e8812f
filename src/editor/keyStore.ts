// The service key lives only in SecretStorage, filed under the base URL's origin, so a key
// entered for one service is never sent to another. Which origins have a key is not secret
// and is remembered in global state, to notice when the configured origin changes.
import type * as vscode from 'vscode';

const SECRET_PREFIX = 'securityFixReports.key:';
const ORIGINS_STATE = 'securityFixReports.keyOrigins';

export class KeyStore {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly state: vscode.Memento,
  ) {}

  get(origin: string): Thenable<string | undefined> {
    return this.secrets.get(SECRET_PREFIX + origin);
  }

  async set(origin: string, key: string): Promise<void> {
    await this.secrets.store(SECRET_PREFIX + origin, key);
    await this.state.update(ORIGINS_STATE, [...new Set([...this.origins(), origin])]);
  }

  async delete(origin: string): Promise<void> {
    await this.secrets.delete(SECRET_PREFIX + origin);
    await this.state.update(
      ORIGINS_STATE,
      this.origins().filter((o) => o !== origin),
    );
  }

  /** Origins that have a stored key. */
  origins(): string[] {
    return this.state.get<string[]>(ORIGINS_STATE, []);
  }

  onDidChange(listener: (origin: string) => void): vscode.Disposable {
    return this.secrets.onDidChange((e) => {
      if (e.key.startsWith(SECRET_PREFIX)) listener(e.key.slice(SECRET_PREFIX.length));
    });
  }
}
