// File names as git quotes them in patches when they hold anything but printable ASCII
// (core.quotePath): `"a/caf\303\251.py"`, C-style escapes, octal escapes as UTF-8 bytes.
// Undone here so a real fix to such a file can be read; the result is then checked like any
// name (safeRepoPath), so an escaped control character is refused there.

/** A quoted name that is the whole of `text`, unquoted. */
export function wholeQuoted(text: string): string | undefined {
  const quoted = unquote(text);
  return quoted && quoted.length === text.length ? quoted.text : undefined;
}

const ESCAPES: Readonly<Record<string, number>> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/**
 * The quoted name at the start of `text`, undone: the text and how many characters the quoted
 * form took; undefined when malformed or not UTF-8.
 */
export function unquote(text: string): { text: string; length: number } | undefined {
  if (!text.startsWith('"')) return undefined;
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 1; i < text.length;) {
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    if (ch === '"') {
      try {
        return { text: new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes)), length: i + 1 };
      } catch {
        return undefined;
      }
    }
    if (ch !== '\\') {
      bytes.push(...encoder.encode(ch));
      i += ch.length;
      continue;
    }
    const octal = /^[0-3][0-7]{2}/.exec(text.slice(i + 1, i + 4));
    const escaped = ESCAPES[text[i + 1] ?? ''];
    if (octal) bytes.push(parseInt(octal[0], 8));
    else if (escaped !== undefined) bytes.push(escaped);
    else return undefined;
    i += octal ? 4 : 2;
  }
  return undefined;
}
