// Server text in QuickPick items, whose labels, descriptions and details render `$(name)` as
// an icon: see common/text iconSafeText.
import { iconSafeText } from '../common/text';

export function pickText(text: string, max = 200): string {
  return iconSafeText(text, max);
}
