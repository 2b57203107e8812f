// Independent readings of "did the file's code change": each parses a file and reduces it to
// what runs, with comments removed, so two versions compare equal exactly when they differ
// only in comments. Written apart from src/model/proof on purpose, and with other parsers
// where npm or the machine has one:
//   JS/TS/JSX/TSX  TypeScript's own parser (the compiler API)
//   PHP            php-parser (glayzzle), whose AST has no comments
//   Python         CPython's ast module (python3 on the machine), batched
//   shell          bash itself (declare -f prints the parsed script without comments)
//   YAML           js-yaml (values), with `run:` scripts read by tree-sitter bash
//   HTML           parse5's tree walked here, scripts read by TypeScript's parser
//   C              gcc's preprocessor (comments removed, splices joined), on a sample
//   others         tree-sitter grammars with this file's own rules
// Rules stated once: comment nodes are dropped; whitespace-only text nodes and whitespace
// tokens are dropped; a JSX `{/* … */}` (an expression container with no expression) counts
// as comment; JSX text is compared as JSX reads it; a parse error in the edited file where
// the original had none is a change.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as jsyaml from 'js-yaml';
import { parse as parseHtml, type DefaultTreeAdapterMap } from 'parse5';
import { Engine } from 'php-parser';
import ts from 'typescript';
import type * as TreeSitter from '@vscode/tree-sitter-wasm';

export const GRAMMAR_DIR = join(__dirname, '..', '..', '..', '..', '..', 'node_modules', '@vscode', 'tree-sitter-wasm', 'wasm');

export interface Reading {
  /** Comment-free, comparable. */
  tokens: string[];
  /** Parse errors of this reading. */
  errors: number;
}

// ---- TypeScript's parser ----

function jsxText(raw: string): string {
  const lines = raw.split(/\r\n|\n|\r/);
  const kept: string[] = [];
  lines.forEach((line, i) => {
    let t = line.replace(/\t/g, ' ');
    if (i > 0) t = t.replace(/^ +/, '');
    if (i < lines.length - 1) t = t.replace(/ +$/, '');
    if (t !== '') kept.push(t);
  });
  return kept.join(' ');
}

export function readTypeScript(text: string, kind: ts.ScriptKind): Reading {
  const sf = ts.createSourceFile(
    kind === ts.ScriptKind.TSX ? 'f.tsx' : kind === ts.ScriptKind.JSX ? 'f.jsx' : 'f.ts',
    text,
    ts.ScriptTarget.Latest,
    true,
    kind,
  );
  const tokens: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const t = jsxText(node.text);
      if (t !== '') tokens.push(`JsxText:${t}`);
      return;
    }
    if (ts.isJsxExpression(node) && !node.expression && !node.dotDotDotToken) return;
    const children = node.getChildren(sf);
    if (children.length === 0) {
      tokens.push(`${ts.SyntaxKind[node.kind]}:${node.getText(sf)}`);
      return;
    }
    tokens.push(`(${ts.SyntaxKind[node.kind]}`);
    children.forEach(visit);
    tokens.push(')');
  };
  visit(sf);
  const diagnostics = (sf as unknown as { parseDiagnostics: readonly unknown[] }).parseDiagnostics;
  return { tokens, errors: diagnostics.length };
}

// ---- php-parser ----

const php = new Engine({ parser: { extractDoc: false, php8: true, suppressErrors: false }, ast: { withPositions: false } });

export function readPhp(text: string): Reading {
  try {
    const ast = php.parseCode(text, 'f.php');
    return {
      tokens: [
        JSON.stringify(ast, (k, v: unknown) => (k === 'loc' || k === 'leadingComments' || k === 'trailingComments' ? undefined : v)),
      ],
      errors: 0,
    };
  } catch (e) {
    return { tokens: [`error: ${String(e)}`], errors: 1 };
  }
}

// ---- CPython, batched: one process reads all pairs ----

const PY = `
import ast, json, sys
for line in sys.stdin:
    before, after = json.loads(line)
    def dump(src):
        try:
            return ast.dump(ast.parse(src))
        except SyntaxError as e:
            return "SyntaxError: " + str(e)
    a, b = dump(before), dump(after)
    print(json.dumps([a == b and not a.startswith("SyntaxError"), b[:200]]))
`;

/** For each [before, after]: whether CPython reads the same program (and can read it). */
export function samePython(pairs: [string, string][]): { same: boolean; detail: string }[] {
  if (pairs.length === 0) return [];
  const input = pairs.map((p) => JSON.stringify(p)).join('\n') + '\n';
  const out = execFileSync('python3', ['-c', PY], { input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return out
    .trim()
    .split('\n')
    .map((l) => {
      const [same, detail] = JSON.parse(l) as [boolean, string];
      return { same, detail };
    });
}

// ---- tree-sitter, with this file's own rules ----

let runtime: Promise<typeof TreeSitter> | undefined;
const languages = new Map<string, Promise<TreeSitter.Parser>>();

export function treeSitter(grammar: string): Promise<TreeSitter.Parser> {
  let p = languages.get(grammar);
  if (!p) {
    p = (async () => {
      runtime ??= (async () => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const mod = require('@vscode/tree-sitter-wasm') as typeof TreeSitter;
        await mod.Parser.init({ locateFile: (f: string) => join(GRAMMAR_DIR, f) });
        return mod;
      })();
      const mod = await runtime;
      const parser = new mod.Parser();
      parser.setLanguage(await mod.Language.load(readFileSync(join(GRAMMAR_DIR, `tree-sitter-${grammar}.wasm`))));
      return parser;
    })();
    languages.set(grammar, p);
  }
  return p;
}

export function readTreeSitter(parser: TreeSitter.Parser, text: string): Reading {
  const tree = parser.parse(text);
  if (!tree) return { tokens: ['no tree'], errors: 1 };
  const tokens: string[] = [];
  let errors = 0;
  const walk = (node: TreeSitter.Node) => {
    if (node.isError || node.isMissing) errors++;
    if (/comment/.test(node.type) && node.type !== 'js_comment' && !/^\s*(<!--|-->)/.test(node.text)) return;
    // Strings, heredocs and templates by their exact text: grammars hide parts of them.
    if (node.childCount === 0 || /string|heredoc|nowdoc|text_block/.test(node.type)) {
      if (node.isNamed || node.text.trim() !== '') tokens.push(`${node.type}:${node.text}`);
      return;
    }
    tokens.push(`(${node.type}`);
    for (const child of node.children) if (child) walk(child);
    tokens.push(')');
  };
  walk(tree.rootNode);
  tree.delete();
  return { tokens, errors };
}

// ---- bash itself ----

/** The script as bash reads it: wrapped in a function that bash prints back with
 * `declare -f` (comments dropped, heredocs verbatim). The body is never run; restricted
 * mode and an empty PATH keep even a script that escapes the function from running much. */
export function readBash(text: string): Reading {
  const script = `f() {\n${text}\n}\ndeclare -f f`;
  const r = spawnSync('/bin/bash', ['--noprofile', '--norc', '-r', '-c', script], {
    encoding: 'utf8',
    env: { PATH: '/nonexistent' },
    timeout: 10_000,
  });
  return { tokens: [r.stdout], errors: r.status === 0 && r.stderr === '' ? 0 : 1 };
}

// ---- js-yaml, with run: scripts read as bash ----

export function readYaml(text: string, bash: TreeSitter.Parser): Reading {
  let docs: unknown[];
  try {
    docs = jsyaml.loadAll(text);
  } catch (e) {
    return { tokens: [`error: ${String(e)}`], errors: 1 };
  }
  const tokens: string[] = [];
  let errors = 0;
  const walk = (value: unknown, key: string | undefined) => {
    if (key === 'run' && typeof value === 'string') {
      const script = readTreeSitter(
        bash,
        value.replace(/\$\{\{[\s\S]*?\}\}/g, (m) => m.replace(/[^\n]/g, '_')),
      );
      tokens.push('(run', ...script.tokens, ')');
      errors += script.errors;
    } else if (Array.isArray(value)) {
      tokens.push('[');
      value.forEach((v) => walk(v, undefined));
      tokens.push(']');
    } else if (value && typeof value === 'object') {
      tokens.push('{');
      for (const [k, v] of Object.entries(value)) {
        tokens.push(`key:${k}`);
        walk(v, k);
      }
      tokens.push('}');
    } else {
      tokens.push(`value:${JSON.stringify(value)}`);
    }
  };
  docs.forEach((d) => walk(d, undefined));
  return { tokens, errors };
}

// ---- parse5's tree, walked here ----

type Child = DefaultTreeAdapterMap['childNode'];
type Parent = DefaultTreeAdapterMap['parentNode'];
type Element = DefaultTreeAdapterMap['element'];

export function readHtml(text: string): Reading {
  let errors = 0;
  const doc = parseHtml(text, { onParseError: (e) => (e.code === 'missing-doctype' ? undefined : errors++) });
  const tokens: string[] = [];
  const children = (p: Parent): Child[] =>
    p.nodeName === 'template' ? (p as Element & { content: Parent }).content.childNodes : p.childNodes;
  const walk = (p: Parent, pre: boolean) => {
    let text = '';
    const flush = () => {
      const t = pre ? text : text.replace(/\s+/g, ' ').trim();
      if (t !== '') tokens.push(`text:${t}`);
      text = '';
    };
    for (const c of children(p)) {
      if (c.nodeName === '#comment') continue;
      if (c.nodeName === '#text') {
        text += (c as DefaultTreeAdapterMap['textNode']).value;
        continue;
      }
      flush();
      if (c.nodeName === '#documentType') {
        tokens.push('doctype');
        continue;
      }
      const el = c as Element;
      tokens.push(`<${el.tagName} ${JSON.stringify(el.attrs)}`);
      const body = el.childNodes.map((n) => (n.nodeName === '#text' ? (n as DefaultTreeAdapterMap['textNode']).value : '')).join('');
      const type = el.attrs.find((a) => a.name === 'type')?.value ?? '';
      if (el.tagName === 'script' && (type === '' || type === 'module' || /javascript/.test(type))) {
        const js = readTypeScript(body, ts.ScriptKind.JS);
        tokens.push(...js.tokens);
        errors += js.errors;
      } else if (el.tagName === 'style') {
        tokens.push(
          `css:${body
            .replace(/\/\*[\s\S]*?\*\//g, ' ')
            .replace(/\s+/g, ' ')
            .trim()}`,
        );
      } else {
        walk(el, pre || ['pre', 'textarea', 'listing'].includes(el.tagName));
      }
      tokens.push(`</${el.tagName}>`);
    }
    flush();
  };
  walk(doc, false);
  return { tokens, errors };
}

// ---- gcc's preprocessor ----

/** The C program after preprocessing (comments removed, splices joined), whitespace folded;
 * undefined when gcc is not on the machine. `bytes` are the file as saved. */
export function preprocessC(bytes: Buffer): { out: string; error?: string } | undefined {
  const r = spawnSync('gcc', ['-E', '-P', '-x', 'c', '-'], { input: bytes, encoding: 'latin1' });
  if (r.error) return undefined;
  return { out: r.stdout.replace(/\s+/g, ' ').trim(), ...(r.status === 0 ? {} : { error: r.stderr }) };
}

/** Whether gcc compiles the C file (syntax and types), and its first error. */
export function compileC(bytes: Buffer): { ok: boolean; error: string } | undefined {
  const r = spawnSync('gcc', ['-fsyntax-only', '-x', 'c', '-'], { input: bytes, encoding: 'latin1' });
  if (r.error) return undefined;
  return { ok: r.status === 0, error: r.stderr.split('\n').find((l) => l.includes('error')) ?? '' };
}
