// HTML's comment-free stream (see streams.ts), from parse5 (the WHATWG parsing algorithm
// browsers run). Text is compared as rendered: adjacent text merged across removed comments,
// whitespace runs folded (kept exactly in <pre>, <textarea>), whitespace-only text dropped.
// <script> (JavaScript types) and <style> contents are parsed with their own grammar, so a
// line inside them may take that language's comment and must leave its stream unchanged.
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import type { Token } from './streams';
import type { StreamOf } from './prover';

type ChildNode = DefaultTreeAdapterMap['childNode'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];
type Element = DefaultTreeAdapterMap['element'];

const JS_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'text/ecmascript',
  'application/ecmascript',
  'text/jsx',
  'text/babel',
]);
const VERBATIM = new Set(['pre', 'textarea', 'listing', 'plaintext']);
/** Parse errors that say nothing about the structure around a line (fragments, templates). */
const BENIGN = new Set(['missing-doctype', 'non-conforming-doctype']);

export function htmlStream(text: string, streamOf: StreamOf): { tokens: Token[]; errors: number[] } {
  const errors: number[] = [];
  const document = parse(text, {
    sourceCodeLocationInfo: true,
    onParseError: (e) => {
      if (!BENIGN.has(e.code)) errors.push(e.startLine - 1, e.endLine - 1);
    },
  });
  const tokens: Token[] = [];
  const push = (key: string, type: string, row: number) => tokens.push({ key, type, row });

  const visitChildren = (parent: ParentNode, verbatim: boolean) => {
    const children: ChildNode[] =
      'content' in parent && parent.nodeName === 'template'
        ? (parent as Element & { content: ParentNode }).content.childNodes
        : parent.childNodes;
    let pending = '';
    let pendingRow = 0;
    const flush = () => {
      const value = verbatim ? pending : pending.replace(/[ \t\n\f\r]+/g, ' ');
      if (value.trim() !== '' || (verbatim && value !== '')) push(`html-text=${value}`, 'html-text', pendingRow);
      pending = '';
    };
    for (const child of children) {
      if (child.nodeName === '#comment') continue;
      if (child.nodeName === '#text') {
        if (pending === '') pendingRow = rowOf(child);
        pending += (child as DefaultTreeAdapterMap['textNode']).value;
        continue;
      }
      flush();
      visit(child, verbatim);
    }
    flush();
  };

  const visit = (node: ChildNode, verbatim: boolean) => {
    if (node.nodeName === '#documentType') {
      push(`doctype=${(node as DefaultTreeAdapterMap['documentType']).name}`, 'doctype', rowOf(node));
      return;
    }
    const element = node as Element;
    const row = rowOf(node);
    const attrs = element.attrs.map((a) => `${a.prefix ? `${a.prefix}:` : ''}${a.name}=${JSON.stringify(a.value)}`).join(' ');
    push(`<${element.tagName} ${attrs}>`, element.tagName, row);
    const body = element.childNodes.map((c) => (c.nodeName === '#text' ? (c as DefaultTreeAdapterMap['textNode']).value : '')).join('');
    const type = (element.attrs.find((a) => a.name === 'type')?.value ?? '').trim().toLowerCase();
    const bodyRow = Math.max(0, (element.sourceCodeLocation?.startTag?.endLine ?? row + 1) - 1);
    if (element.tagName === 'script' && JS_TYPES.has(type)) embed('javascript', body, bodyRow, 'script');
    else if (element.tagName === 'style') embed('css', body, bodyRow, 'style');
    else visitChildren(element, verbatim || VERBATIM.has(element.tagName));
    push(`</${element.tagName}>`, element.tagName, row);
  };

  const embed = (grammar: 'javascript' | 'css', body: string, row: number, type: string) => {
    // Prefix blank lines so the embedded parser's rows are the file's rows.
    const nested = streamOf(grammar, body, row);
    push(`(${type}`, type, row);
    for (const t of nested.tokens) tokens.push(t);
    errors.push(...nested.errors);
    push(')', type, row);
  };

  visitChildren(document, false);
  return { tokens, errors };
}

function rowOf(node: ChildNode): number {
  return Math.max(0, (node.sourceCodeLocation?.startLine ?? 1) - 1);
}
