// How to write one single-line comment in each language, keyed by VS Code language id; which
// sequences in the comment's text would end it early, extend it onto the next line or turn it
// into something other than a comment; which ASCII characters server text may not bring into
// it (the per-language part of the allowlist in sanitize.ts); how a line continues; and which
// parser proves an insertion harmless (model/proof). Only languages whose syntax we are sure of
// are listed; anything else is `undefined` and the editor refuses. Deliberately absent: vue,
// svelte, astro, markdown and template languages (erb, ejs, jsp, razor, handlebars, jinja):
// the right syntax depends on the block the line is in and no parser here can prove it.

/** A sequence the comment text must not contain, and what it would do. */
export interface Hazard {
  readonly pattern: RegExp;
  readonly why: string;
}

interface LineCommentForm {
  readonly kind: 'line';
  /** e.g. `//`; the comment is `open + ' ' + text`. */
  readonly open: string;
  readonly hazards: readonly Hazard[];
}

interface BlockCommentForm {
  readonly kind: 'block';
  /** The comment is `open + ' ' + text + ' ' + close`, on one line. */
  readonly open: string;
  readonly close: string;
  readonly hazards: readonly Hazard[];
  /** Appended to a line without the separating space (JSX: a space there is a text child). */
  readonly tight?: boolean;
}

export type CommentForm = LineCommentForm | BlockCommentForm;

export interface CommentSyntax {
  readonly languageId: string;
  /** In order of preference; never empty. */
  readonly forms: readonly CommentForm[];
  /** Whether a comment may follow code on the same line (false: only at the start of a line). */
  readonly endOfLine: boolean;
  /** The white space between code and a comment appended to its line (a `tight` form takes none). */
  readonly endOfLineGap: string;
  /** Hazards for the text in any form (magic comments, directives). */
  readonly hazards: readonly Hazard[];
  /** ASCII characters server text may not bring into a comment here, each with why. */
  readonly refused: ReadonlyMap<string, string>;
  /** A line ending like this continues onto the next one (so nothing may go between them). */
  readonly continuation: { readonly pattern: RegExp; readonly name: string } | undefined;
  /** The grammar that proves an insertion code-neutral (model/proof), if there is one. */
  readonly parser: ParserId | undefined;
}

/** The tree-sitter grammars VS Code ships (@vscode/tree-sitter-wasm) that model/proof loads. */
export const GRAMMARS = [
  'javascript',
  'typescript',
  'tsx',
  'php',
  'bash',
  'powershell',
  'python',
  'go',
  'java',
  'c-sharp',
  'cpp',
  'ruby',
  'rust',
  'css',
] as const;
export type GrammarId = (typeof GRAMMARS)[number];
/** Parsers model/proof knows: those grammars, parse5 for HTML and yaml for YAML. */
export type ParserId = GrammarId | 'html' | 'yaml';

export function isGrammar(parser: ParserId | undefined): parser is GrammarId {
  return (GRAMMARS as readonly string[]).includes(parser ?? '');
}

const literal = (s: string) => new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

const closes = (close: string): Hazard => ({
  pattern: literal(close),
  why: `'${close}' would end the comment early and the rest would be read as code`,
});
const nests = (open: string): Hazard => ({
  pattern: literal(open),
  why: `'${open}' would open a nested comment (they nest in this language), leaving the comment unclosed`,
});

const H = {
  lineSplice: {
    // Any white space after it, not only what GCC and Clang skip (space, tab, \f, \v): the
    // safe side for other compilers, and for NBSP a tool may turn into a space.
    pattern: /(?:\\|\?\?\/)\s*$/,
    why: 'a trailing backslash continues a // comment onto the next line (C preprocessor line splice)',
  },
  phpClose: {
    pattern: /\?>/,
    why: "'?>' leaves PHP mode even inside a // comment, so the rest of the line would be output as HTML",
  },
  markupDashes: {
    pattern: /--/,
    why: "'--' is not allowed inside an XML/HTML comment and '-->' would end it early",
  },
  unicodeEscape: {
    pattern: /\\u/i,
    why: "'\\u' is a Unicode escape the compiler decodes before comments are removed ('\\u000a' ends the comment, an invalid one is a compile error)",
  },
  pythonCoding: {
    pattern: /coding[:=][ \t]*[-\w.]+/,
    why: "looks like a PEP 263 encoding declaration ('coding: …'), which changes how the file is decoded on line 1 or 2",
  },
  rubyMagic: {
    pattern: /\b(?:en)?coding\s*[:=]|\b(?:frozen_string_literal|warn_indent|shareable_constant_value|warn_past_scope)\s*:/i,
    why: 'looks like a Ruby magic comment (encoding, frozen_string_literal, …), which changes how the file is read',
  },
  perlLine: {
    pattern: /^\s*line\s+\d/,
    why: "'# line N' is a Perl directive that changes line numbering",
  },
  goBuild: {
    pattern: /^\s*\+build\b/,
    why: "'// +build' is a Go build constraint",
  },
  haddock: {
    pattern: /^\s*[|^$*]/,
    why: "a comment starting '-- |', '-- ^', '-- $' or '-- *' is a Haddock documentation comment",
  },
  dockerDirective: {
    pattern: /^\s*[A-Za-z][\w-]*\s*=/,
    why: "'# name=value' at the top of a Dockerfile is a parser directive (syntax=, escape=)",
  },
  makeSplice: {
    pattern: /\\[ \t]*$/,
    why: 'a trailing backslash continues a make comment onto the next line',
  },
  csharpGenerated: {
    pattern: /<auto-?generated/i,
    why: "'<auto-generated' in a leading comment makes C# analyzers skip the whole file",
  },
  makeDollar: {
    pattern: /\$/,
    why: "make expands '$' in recipe lines before the shell sees the comment",
  },
  batchSpecials: {
    pattern: /%|\^[ \t]*$/,
    why: "cmd expands '%' even in REM lines ('%~' aborts the script), and a trailing '^' continues the line",
  },
  scssInterpolation: {
    pattern: /#\{/,
    why: "Sass evaluates '#{…}' inside /* */ comments",
  },
} satisfies Record<string, Hazard>;

/** Editor modelines are read from any comment near the start or end of a file. */
const EVERY_LANGUAGE: readonly Hazard[] = [
  {
    pattern: /(?:^|\s)(?:vi|[vV]im[<=>]?\d*|ex):/,
    why: "looks like a Vim modeline ('vim:'), which sets editor options when the file is opened",
  },
  { pattern: /-\*-|local variables:/i, why: "looks like Emacs file variables ('-*-', 'Local Variables:')" },
];

const line = (open: string, ...hazards: Hazard[]): LineCommentForm => ({ kind: 'line', open, hazards });
const block = (open: string, close: string, ...hazards: Hazard[]): BlockCommentForm => ({
  kind: 'block',
  open,
  close,
  hazards: [closes(close), ...hazards],
});
const nestingBlock = (open: string, close: string, ...hazards: Hazard[]) => block(open, close, nests(open), ...hazards);

interface Entry {
  forms: CommentForm[];
  endOfLine?: boolean;
  /** One space unless the language's style guide says otherwise. */
  endOfLineGap?: string;
  hazards?: Hazard[];
  refused?: Record<string, string>;
  continuation?: { pattern: RegExp; name: string } | null;
  parser?: ParserId;
}

// ASCII characters refused per language (the hazard table beside the allowlist).
const MARKUP_REFUSED = {
  '<': "'<' can open a tag or a processing instruction ('<?php', '</script>') in this file",
  '>': "'>' can close a tag or a processing instruction ('?>', '-->') in this file",
};
const JSX_REFUSED = {
  '{': "'{' opens a JSX expression, which runs as code, when the line is JSX text",
  '}': "'}' closes a JSX expression",
  ...MARKUP_REFUSED,
};
const TEMPLATE_REFUSED = {
  '{': "'{{', '${{' and '{%' are template expressions (GitHub Actions, Helm, Jinja) evaluated even inside comments",
  '}': "'}}' ends a template expression",
};
const BATCH_REFUSED = {
  '%': "cmd expands '%' even in REM lines ('%~' aborts the script)",
  '!': "cmd expands '!' with delayed expansion on",
  '^': "'^' is cmd's escape and line continuation",
  '&': "'&' chains a command when the REM line is joined to another",
  '|': "'|' pipes into a command when the REM line is joined to another",
  ...MARKUP_REFUSED,
};
const MAKE_REFUSED = { $: "make expands '$' in recipe lines before the shell sees the comment" };

const BACKSLASH = { pattern: /\\[ \t]*$/, name: 'a trailing backslash (\\)' };
const CARET = { pattern: /\^[ \t]*$/, name: "a trailing caret (^), cmd's line continuation" };
const BACKTICK = { pattern: /`[ \t]*$/, name: "a trailing backtick (`), PowerShell's line continuation" };

const cStyle: Entry = { forms: [line('//'), block('/*', '*/')] };
const cStyleNesting: Entry = { forms: [line('//'), nestingBlock('/*', '*/')] };
const cPreprocessed: Entry = { forms: [line('//', H.lineSplice), block('/*', '*/')], parser: 'cpp' };
const javaLike: Entry = { forms: [line('//', H.unicodeEscape), block('/*', '*/', H.unicodeEscape)] };
const hash: Entry = { forms: [line('#')] };
const hashAtLineStart: Entry = { forms: [line('#')], endOfLine: false };
// XML forbids a comment ending in '-' ('--->'); the space before '-->' already rules that out.
const markup: Entry = { forms: [block('<!--', '-->', H.markupDashes)], refused: MARKUP_REFUSED };
// In JSX children only `{/* … */}` is a comment; the parser decides which form a line takes.
const jsxForm: BlockCommentForm = { ...block('{/*', '*/}'), tight: true };
const jsx = (parser: ParserId): Entry => ({ forms: [line('//'), block('/*', '*/'), jsxForm], refused: JSX_REFUSED, parser });
const yamlLike: Entry = { forms: [line('#')], refused: TEMPLATE_REFUSED, parser: 'yaml' };

const TABLE: Readonly<Record<string, Entry>> = {
  // Plain .js files may hold JSX (React projects without .jsx), so they get its hazards too.
  javascript: jsx('javascript'),
  javascriptreact: jsx('javascript'),
  typescript: { ...cStyle, parser: 'typescript' },
  typescriptreact: jsx('tsx'),
  jsonc: cStyle,
  csharp: { ...cStyle, hazards: [H.csharpGenerated], parser: 'c-sharp' },
  solidity: cStyle,
  java: { ...javaLike, parser: 'java' },
  groovy: javaLike,
  scala: { forms: [line('//', H.unicodeEscape), nestingBlock('/*', '*/', H.unicodeEscape)] },
  kotlin: cStyleNesting,
  swift: cStyleNesting,
  rust: { ...cStyleNesting, parser: 'rust' },
  dart: cStyleNesting,
  go: { forms: [line('//'), block('/*', '*/')], hazards: [H.goBuild], parser: 'go' },
  c: cPreprocessed,
  cpp: cPreprocessed,
  'cuda-cpp': { ...cPreprocessed, parser: undefined },
  'objective-c': { ...cPreprocessed, parser: undefined },
  'objective-cpp': { ...cPreprocessed, parser: undefined },
  php: { forms: [line('//', H.phpClose), block('/*', '*/')], refused: MARKUP_REFUSED, parser: 'php' },
  fsharp: { forms: [line('//')] }, // '(* *)' blocks exist: their closer is refused (unprovenClosers)
  css: { forms: [block('/*', '*/')], parser: 'css' },
  scss: { forms: [line('//'), block('/*', '*/', H.scssInterpolation)] },
  less: cStyle,
  // PEP 8: inline comments are separated from the code by at least two spaces.
  python: { forms: [line('#')], endOfLineGap: '  ', hazards: [H.pythonCoding], parser: 'python' },
  ruby: { forms: [line('#')], hazards: [H.rubyMagic], parser: 'ruby' },
  perl: { forms: [line('#')], hazards: [H.perlLine] },
  shellscript: { ...hash, parser: 'bash' },
  r: hash,
  julia: { forms: [line('#'), nestingBlock('#=', '=#')] },
  elixir: hash,
  coffeescript: hash,
  yaml: yamlLike,
  dockercompose: yamlLike,
  'github-actions-workflow': yamlLike,
  toml: hash,
  graphql: hash,
  cmake: hash,
  powershell: { forms: [line('#'), block('<#', '#>')], continuation: BACKTICK, parser: 'powershell' },
  terraform: { forms: [line('#'), line('//'), block('/*', '*/')] },
  hcl: { forms: [line('#'), line('//'), block('/*', '*/')] },
  dockerfile: { forms: [line('#')], endOfLine: false, hazards: [H.dockerDirective] },
  makefile: { forms: [line('#', H.makeSplice)], endOfLine: false, hazards: [H.makeDollar], refused: MAKE_REFUSED },
  properties: hashAtLineStart,
  ini: { forms: [line(';')], endOfLine: false },
  bat: { forms: [line('REM')], endOfLine: false, hazards: [H.batchSpecials], refused: BATCH_REFUSED, continuation: CARET },
  sql: { forms: [line('--'), nestingBlock('/*', '*/')] },
  lua: { forms: [line('--'), block('--[[', ']]')] },
  haskell: { forms: [line('--', H.haddock), nestingBlock('{-', '-}', H.haddock)] },
  clojure: { forms: [line(';')] },
  erlang: { forms: [line('%')] },
  // A line inside <script> or <style> takes that language's comment; the parser decides.
  html: { forms: [...markup.forms, line('//'), block('/*', '*/')], refused: MARKUP_REFUSED, parser: 'html' },
  xml: markup,
  xsl: markup,
};

/**
 * Without a parser, the line may sit inside a block comment (a KDoc, a Lua long comment): a
 * closer in a '//' comment there would end that block and the rest would run. So every block
 * closer of the language is refused in every form. F# and OCaml close '(*' with '*)'.
 */
function unprovenClosers(entry: Entry): Hazard[] {
  const closers = new Set(entry.forms.flatMap((f) => (f.kind === 'block' ? [f.close] : [])));
  if (entry === TABLE.fsharp) closers.add('*)');
  return [...closers].map(closes);
}

const CACHE = new Map<string, CommentSyntax>();

export function commentSyntaxFor(languageId: string): CommentSyntax | undefined {
  if (!Object.prototype.hasOwnProperty.call(TABLE, languageId)) return undefined;
  const cached = CACHE.get(languageId);
  if (cached) return cached;
  const entry = TABLE[languageId];
  if (!entry) return undefined;
  const syntax: CommentSyntax = {
    languageId,
    forms: entry.forms,
    endOfLine: entry.endOfLine ?? true,
    endOfLineGap: entry.endOfLineGap ?? ' ',
    hazards: [...EVERY_LANGUAGE, ...(entry.hazards ?? []), ...(entry.parser ? [] : unprovenClosers(entry))],
    refused: new Map(Object.entries(entry.refused ?? {})),
    continuation: entry.continuation === null ? undefined : (entry.continuation ?? BACKSLASH),
    parser: entry.parser,
  };
  CACHE.set(languageId, syntax);
  return syntax;
}

export function knownCommentLanguages(): string[] {
  return Object.keys(TABLE);
}

/** The comment holding `text`, on one line. The space after the marker keeps `// /` from
 * becoming `///`, `-- [[` from opening a Lua long comment and `/* !` from a MySQL hint. */
export function renderComment(form: CommentForm, text: string): string {
  return form.kind === 'line' ? `${form.open} ${text}` : `${form.open} ${text} ${form.close}`;
}

/** The first hazard `text` hits in this form of this language, or undefined. */
export function findHazard(syntax: CommentSyntax, form: CommentForm, text: string): Hazard | undefined {
  return [...form.hazards, ...syntax.hazards].find((h) => h.pattern.test(text));
}
