// The text of rendered HTML, for tests that render markdown with markdown-it and read it back.

/** `html`'s character references undone (the ones markdown-it writes). */
export function decodeHtml(html: string): string {
  return html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');
}
