// "Cancel Refresh" (view title while a refresh waits, palette): stops waiting for the service.
// What is on screen stays, marked stale; the workbench's focused-row argument is ignored.
import type { Services } from './services';

export function cancelRefresh(s: Services) {
  return (): void => {
    s.store.cancelRefresh();
  };
}
