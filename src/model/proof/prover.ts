// Proves that an edit only added a comment: the file is parsed before and after, and the two
// comment-free streams (streams.ts) must be equal, with no syntax error near the edit. This is
// the same differential check the tests run with independent parsers; here it decides, for
// the one file and line at hand, which comment form (if any) is harmless — a line inside a
// template literal, a heredoc, JSX text, a PHP file's HTML, a <script> block or a workflow's
// `run:` script each show up as a changed stream. Parsers: the tree-sitter grammars VS Code
// ships (@vscode/tree-sitter-wasm, loaded per language on first use), parse5 for HTML and
// yaml for YAML. Loaded lazily: this module is its own bundle (dist/proof.js).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language, Node, Parser, Point, Tree } from '@vscode/tree-sitter-wasm';
import type { GrammarId, ParserId } from '../commentSyntax';
import { errorRows, firstDifference, isCommentType, treeSitterStream, type Token } from './streams';
import { htmlStream } from './html';
import { yamlStream } from './yaml';

export type Proof = { ok: true; parser: string } | { ok: false; reason: string };

/** The rows (0-based, inclusive) the edit touched, before and after it. */
export interface EditRows {
  before: number;
  after: readonly [number, number];
  /** For an append: the column where the appended text starts. */
  appendedAt?: number;
}

/** Rows around the edit in which a syntax error means "cannot prove": refuse. */
const ERROR_WINDOW = 3;

type TreeSitterModule = typeof import('@vscode/tree-sitter-wasm');

/** Grammar file names in @vscode/tree-sitter-wasm's wasm/ folder (esbuild.mjs copies them). */
const GRAMMAR_FILES: Readonly<Record<GrammarId, string>> = {
  javascript: 'tree-sitter-javascript.wasm',
  typescript: 'tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-tsx.wasm',
  php: 'tree-sitter-php.wasm',
  bash: 'tree-sitter-bash.wasm',
  powershell: 'tree-sitter-powershell.wasm',
  python: 'tree-sitter-python.wasm',
  go: 'tree-sitter-go.wasm',
  java: 'tree-sitter-java.wasm',
  'c-sharp': 'tree-sitter-c-sharp.wasm',
  cpp: 'tree-sitter-cpp.wasm',
  ruby: 'tree-sitter-ruby.wasm',
  rust: 'tree-sitter-rust.wasm',
  css: 'tree-sitter-css.wasm',
};

/** What a stream of tokens is parsed from: a grammar id, for nested languages (script, run:). */
const LOAD_ORDER: readonly GrammarId[] = [
  'python',
  'powershell',
  'bash',
  'tsx',
  'typescript',
  'javascript',
  'php',
  'go',
  'java',
  'c-sharp',
  'cpp',
  'ruby',
  'rust',
  'css',
];

export type StreamOf = (grammar: GrammarId, text: string, rowOffset: number) => { tokens: Token[]; errors: number[] };

export class Prover {
  private runtime: Promise<{ ts: TreeSitterModule; languages: Map<GrammarId, Language> }> | undefined;
  private readonly parsers = new Map<GrammarId, Promise<Parser>>();
  /** The tree of the last commentAt, kept for the next call on the same text (an audit asks about each marker of a file in turn). */
  private last: { grammar: GrammarId; text: string; tree: Tree } | undefined;

  /** @param grammarDir the folder holding tree-sitter.wasm and the grammars. */
  constructor(private readonly grammarDir: string) {}

  /** Proves `after` differs from `before` only by comments around `rows`. */
  async prove(parser: ParserId, before: string, after: string, rows: EditRows): Promise<Proof> {
    // Load every grammar the file may nest before parsing synchronously.
    const needed: GrammarId[] = parser === 'html' ? ['javascript', 'css'] : parser === 'yaml' ? ['bash'] : [parser];
    const loaded = new Map<GrammarId, Parser>();
    for (const id of needed) loaded.set(id, await this.parserFor(id));
    const streamOf: StreamOf = (grammar, text, rowOffset) => {
      const p = loaded.get(grammar);
      if (!p) throw new Error(`grammar ${grammar} not loaded`);
      const tree = parseOrThrow(p, text);
      try {
        return { tokens: treeSitterStream(tree.rootNode, [], rowOffset), errors: errorRows(tree.rootNode).map((r) => r + rowOffset) };
      } finally {
        tree.delete();
      }
    };
    const stream = (text: string) =>
      parser === 'html' ? htmlStream(text, streamOf) : parser === 'yaml' ? yamlStream(text, streamOf) : streamOf(parser, text, 0);
    const result = compare(parserName(parser), stream(before), stream(after), rows);
    if (!result.ok || rows.appendedAt === undefined || !isGrammarId(parser)) return result;
    // Grammars are lenient where the language is not: PHP's '<<<EOT' must end its line, and
    // bash's 'EOF # x' no longer ends a heredoc, yet the grammars read a comment there. Never
    // append after a multi-line string's opener, nor on a heredoc's first or last line.
    const opened = multilineStringOpenedBefore(loaded.get(parser)!, after, rows.before, rows.appendedAt);
    return opened
      ? { ok: false, reason: `the line opens a multi-line string ('${opened}'); nothing may follow its opener on that line` }
      : result;
  }

  /** The comment token at (row, column), as its start and end, when the grammar puts one
   * there; undefined otherwise. For recognising an inserted comment however it was wrapped.
   * Consecutive calls on the same text share one parse: the tree is kept until a call on
   * another text. */
  async commentAt(grammar: GrammarId, text: string, row: number, column: number): Promise<{ start: Point; end: Point } | undefined> {
    const parser = await this.parserFor(grammar);
    // From here on synchronous, so that no other call can free the tree while it is read.
    const tree = this.treeOf(parser, grammar, text);
    for (let node: Node | null = tree.rootNode.descendantForPosition({ row, column }); node; node = node.parent) {
      if (isCommentType(node.type)) return { start: node.startPosition, end: node.endPosition };
    }
    return undefined;
  }

  /** Loads the runtime and the grammars now, e.g. while the caller waits for something else. */
  async preload(): Promise<void> {
    await (this.runtime ??= this.init());
  }

  private treeOf(parser: Parser, grammar: GrammarId, text: string): Tree {
    if (this.last?.grammar === grammar && this.last.text === text) return this.last.tree;
    this.last?.tree.delete();
    this.last = undefined;
    const tree = parseOrThrow(parser, text);
    this.last = { grammar, text, tree };
    return tree;
  }

  private parserFor(id: GrammarId): Promise<Parser> {
    let p = this.parsers.get(id);
    if (!p) {
      p = this.load(id);
      this.parsers.set(id, p);
      p.catch(() => this.parsers.delete(id)); // a failed load may be retried
    }
    return p;
  }

  private async load(id: GrammarId): Promise<Parser> {
    const { ts, languages } = await (this.runtime ??= this.init());
    const parser = new ts.Parser();
    parser.setLanguage(languages.get(id)!);
    return parser;
  }

  private async init(): Promise<{ ts: TreeSitterModule; languages: Map<GrammarId, Language> }> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the runtime VS Code ships, loaded on first use
    const ts = require('@vscode/tree-sitter-wasm') as TreeSitterModule;
    await ts.Parser.init({ locateFile: (file: string) => join(this.grammarDir, file) });
    // All grammars at once, in this order. Measured (0.3.1, Node 20): loaded one at a time on
    // demand, a grammar loaded after PowerShell's could take ~10 s (bash, Python); in this
    // order all fourteen load in ~70 ms together.
    const languages = new Map<GrammarId, Language>();
    for (const id of LOAD_ORDER) languages.set(id, await ts.Language.load(readFileSync(join(this.grammarDir, GRAMMAR_FILES[id]))));
    return { ts, languages };
  }
}

function isGrammarId(parser: ParserId): parser is GrammarId {
  return parser !== 'html' && parser !== 'yaml';
}

const MULTILINE_STRING = /heredoc|nowdoc|string|template|here/;
const HEREDOC = /heredoc|nowdoc|here_string/;

/** The type of a string-like node that starts on `row` before `column` and ends on a later row. */
function multilineStringOpenedBefore(parser: Parser, text: string, row: number, column: number): string | undefined {
  const tree = parseOrThrow(parser, text);
  try {
    const search = (node: Node): string | undefined => {
      const start = node.startPosition;
      const end = node.endPosition;
      if (start.row === row && end.row > row && start.column < column && MULTILINE_STRING.test(node.type)) return node.type;
      // A heredoc's opener and terminator lines take nothing else ('EOF # x' is not 'EOF').
      if (start.row < end.row && start.row <= row && end.row >= row && HEREDOC.test(node.type)) return node.type;
      for (let i = 0; i < node.childCount; i++) {
        const child = node.child(i);
        if (child && child.startPosition.row <= row && child.endPosition.row >= row) {
          const found = search(child);
          if (found) return found;
        }
      }
      return undefined;
    };
    return search(tree.rootNode);
  } finally {
    tree.delete();
  }
}

function parseOrThrow(parser: Parser, text: string): Tree {
  const tree = parser.parse(text);
  if (!tree) throw new Error('the parser returned no tree');
  return tree;
}

function compare(
  name: string,
  before: { tokens: Token[]; errors: number[] },
  after: { tokens: Token[]; errors: number[] },
  rows: EditRows,
): Proof {
  const near = (errors: number[], from: number, to: number) => errors.find((r) => r >= from - ERROR_WINDOW && r <= to + ERROR_WINDOW);
  const errorBefore = near(before.errors, rows.before, rows.before);
  const errorAfter = near(after.errors, rows.after[0], rows.after[1]);
  if (errorBefore !== undefined || errorAfter !== undefined) {
    const row = (errorBefore ?? errorAfter)! + 1;
    return {
      ok: false,
      reason: `the ${name} parser cannot read the code near line ${row} (a syntax error, or syntax it does not know), so a comment there cannot be proven harmless`,
    };
  }
  const at = firstDifference(before.tokens, after.tokens);
  if (at === -1) return { ok: true, parser: name };
  const changed = before.tokens[at] ?? after.tokens[at];
  return {
    ok: false,
    reason: `the comment would not stay a comment here: it would change ${describe(changed?.type)} (line ${(changed?.row ?? rows.before) + 1}), as the ${name} parser reads the file`,
  };
}

const DESCRIPTIONS: ReadonlyArray<[RegExp, string]> = [
  [/template|string_fragment|template_substitution/, 'a template literal or string'],
  [/heredoc/, 'a heredoc'],
  [/string|quoted|scalar/, 'a string'],
  [/^jsx_text$/, 'the text of a JSX element, which is rendered'],
  [/^jsx/, 'JSX markup'],
  [/^text$|text_interpolation/, 'the HTML output of the PHP file'],
  [/^html-text$/, 'the text of the HTML page'],
  [/^script$|^style$/, 'an embedded script or style'],
  [/^yaml/, 'a YAML value'],
];

function describe(type: string | undefined): string {
  if (!type) return 'the code';
  const hit = DESCRIPTIONS.find(([re]) => re.test(type));
  return hit ? `${hit[1]} ('${type}')` : `the code ('${type}')`;
}

function parserName(parser: ParserId): string {
  return parser === 'html' ? 'parse5 HTML' : parser === 'yaml' ? 'YAML' : `tree-sitter ${parser}`;
}
