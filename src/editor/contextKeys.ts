// Sets a context key of the manifest (common/manifest ContextKey): the one way the code
// writes `when`-clause state, so a key cannot be misspelled in one place.
import * as vscode from 'vscode';
import type { ContextKey } from '../common/manifest';

export function setContext(key: ContextKey, value: unknown): Thenable<unknown> {
  return vscode.commands.executeCommand('setContext', key, value);
}
