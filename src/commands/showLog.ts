// "Show Log": the extension's output channel.
import type { Services } from '../editor/services';

export function showLog(s: Services) {
  return (): void => s.log.show();
}
