// A file's syntax reduced to what runs: the sequence of its syntax nodes with every comment
// removed. Two versions of a file whose streams are equal differ only in comments (and
// whitespace between tokens), so an insertion that leaves the stream unchanged stayed a
// comment. The rules, shared by all parsers:
// - a node whose type names a comment (`comment`, `line_comment`, `block_comment`…) is dropped
//   with its subtree;
// - JSX: an expression container holding only comments (`{/* … */}`) is a comment; JSX text
//   is compared as JSX reads it (lines trimmed, blank lines dropped, joined by one space),
//   and text that reads as nothing is dropped;
// - anonymous tokens that are only whitespace (newline terminators some grammars emit) are
//   dropped; named leaves (string contents, heredoc bodies, HTML text) are kept exactly;
// - every other node contributes its type, and a leaf its text.
import type { Node } from '@vscode/tree-sitter-wasm';

export interface Token {
  /** Node type and, for leaves, text: what is compared. */
  readonly key: string;
  /** The node's type, to say what the insertion would have changed. */
  readonly type: string;
  /** 0-based row where the node starts. */
  readonly row: number;
}

const COMMENT_TYPE = /comment/;

export function isCommentType(type: string): boolean {
  return COMMENT_TYPE.test(type);
}

/** The comment-free stream of a tree-sitter tree. */
export function treeSitterStream(root: Node, out: Token[] = [], rowOffset = 0): Token[] {
  const visit = (node: Node) => {
    const type = node.type;
    if (isCodeNeutralComment(node)) return;
    if (type === 'jsx_expression' && onlyComments(node)) return;
    const row = node.startPosition.row + rowOffset;
    if (type === 'jsx_text') {
      const text = jsxText(node.text);
      if (text !== '') out.push({ key: `jsx_text=${text}`, type, row });
      return;
    }
    // A string, heredoc or template counts by its exact text: grammars hide parts of it
    // (tree-sitter-bash has no node for a heredoc's plain text), misread text in it as a
    // comment (tree-sitter-php: '// x' before a heredoc's closing label), or accept comments
    // a language version rejects (in f-string braces before Python 3.12).
    if (STRING_LIKE.test(type)) {
      out.push({ key: `${type}=${node.text}`, type, row });
      return;
    }
    const count = node.childCount;
    if (count === 0) {
      if (node.isMissing) out.push({ key: `MISSING ${type}`, type, row });
      else if (node.isNamed || node.text.trim() !== '') out.push({ key: `${type}=${node.text}`, type, row });
      return;
    }
    out.push({ key: `(${type}`, type, row });
    for (let i = 0; i < count; i++) {
      const child = node.child(i);
      if (child) visit(child);
    }
    out.push({ key: ')', type, row });
  };
  visit(root);
  return out;
}

/** Node types of strings in the shipped grammars (string, raw_string_literal, template_string,
 * heredoc_body, nowdoc, encapsed_string, verbatim_here_string, text_block…), not C++'s
 * template_declaration. */
const STRING_LIKE = /string|heredoc|nowdoc|text_block/;

/**
 * A comment node that is a comment in the language itself. Not: Annex B's '<!--' and '-->'
 * (real in a classic script, a syntax error in a module), nor tree-sitter-css's `js_comment`
 * ('//' is not a comment in CSS: the rule it starts swallows the next declaration).
 */
function isCodeNeutralComment(node: Node): boolean {
  return isCommentType(node.type) && node.type !== 'js_comment' && !/^\s*(?:<!--|-->)/.test(node.text);
}

function onlyComments(node: Node): boolean {
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (!child) continue;
    if (child.type === '{' || child.type === '}' || isCodeNeutralComment(child)) continue;
    return false;
  }
  return true;
}

/** JSX text as a JSX compiler reads it (Babel's cleanJSXElementLiteralChild). */
function jsxText(raw: string): string {
  const lines = raw.split(/\r\n|\n|\r/);
  let lastNonEmpty = 0;
  lines.forEach((l, i) => {
    if (/[^ \t]/.test(l)) lastNonEmpty = i;
  });
  let out = '';
  lines.forEach((l, i) => {
    const isFirst = i === 0;
    const isLast = i === lines.length - 1;
    let trimmed = l.replace(/\t/g, ' ');
    if (!isFirst) trimmed = trimmed.replace(/^[ ]+/, '');
    if (!isLast) trimmed = trimmed.replace(/[ ]+$/, '');
    if (trimmed) {
      if (i !== lastNonEmpty) trimmed += ' ';
      out += trimmed;
    }
  });
  return out;
}

/** Syntax errors (ERROR or MISSING nodes) of a tree, as 0-based rows. */
export function errorRows(root: Node): number[] {
  if (!root.hasError) return [];
  const rows: number[] = [];
  const visit = (node: Node) => {
    if (node.isError || node.isMissing) {
      rows.push(node.startPosition.row, node.endPosition.row);
      return;
    }
    if (!node.hasError) return;
    for (let i = 0; i < node.childCount; i++) {
      const child = node.child(i);
      if (child) visit(child);
    }
  };
  visit(root);
  return rows;
}

/** Index of the first token where the two streams differ, or -1. */
export function firstDifference(a: readonly Token[], b: readonly Token[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i]!.key !== b[i]!.key) return i;
  return a.length === b.length ? -1 : n;
}
