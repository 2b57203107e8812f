// "Refresh" (view title, palette): reloads everything from the service. The workbench passes
// the focused row to title-bar commands, so any argument is ignored: a focused row must not
// turn "reload everything" into something else.
import type { Services } from './services';

export function refresh(s: Services) {
  return (): void => {
    s.store.refresh();
  };
}
