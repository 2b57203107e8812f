// Server text in QuickPick items: labels, descriptions and details render `$(name)` as an
// icon, so a service could draw codicons (a fake "verified" check) into the picker. Cleaned
// of unsafe characters (common/text) and with every `$(` escaped as VS Code reads it (`\$(`).
import { cleanText, truncate } from '../common/text';

export function pickText(text: string, max = 200): string {
  return truncate(cleanText(text), max).replace(/\$\(/g, '\\$(');
}
