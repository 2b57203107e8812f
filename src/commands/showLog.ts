// "Show Log": the extension's output channel.
import type { Services } from './services';

export function showLog(s: Services) {
  return (): void => s.log.show();
}
