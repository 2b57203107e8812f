// "Refresh" of the Suppressions view: searches the workspace for suppression comments again
// (files changed outside the editor, or git's list of files).
import type { Services } from './services';

export function refreshSuppressions(s: Services) {
  return (): Promise<void> => s.suppressions.refresh();
}
