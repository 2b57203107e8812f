// YAML's comment-free stream (see streams.ts), from the `yaml` package's document AST:
// collections, keys and scalar values (with tags and anchors), never the comments. A workflow
// step's `run:` value is a shell script: it is compared as a bash stream, so a line inside a
// `run: |` block may take a shell comment, while anything that changes the script (or a line
// inside another block or multi-line scalar, which a `#` line would become part of) shows.
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseAllDocuments, type Node as YamlNode } from 'yaml';
import type { Token } from './streams';
import type { StreamOf } from './prover';

export function yamlStream(text: string, streamOf: StreamOf): { tokens: Token[]; errors: number[] } {
  const lineCounter = new LineCounter();
  const documents = parseAllDocuments(text, { lineCounter, prettyErrors: true, uniqueKeys: false });
  const docs = Array.isArray(documents) ? documents : [];
  const tokens: Token[] = [];
  const errors: number[] = [];
  const rowAt = (offset: number | undefined) => Math.max(0, lineCounter.linePos(offset ?? 0).line - 1);
  const push = (key: string, type: string, row: number) => tokens.push({ key, type, row });

  // A run: value is a bash script only when no step, job or default names another shell
  // (`shell: cmd` would run '& calc.exe' from a '#' line). Any other shell: compare it as text.
  const runIsBash = docs.every((doc) => shellsIn(doc.contents).every((shell) => BASH_SHELLS.has(shell)));
  const visit = (node: unknown, key: string | undefined) => {
    if (node === null || node === undefined) {
      push('yaml-null', 'yaml-null', 0);
      return;
    }
    const n = node as YamlNode;
    const row = rowAt(n.range?.[0]);
    const meta = `${n.tag ? ` !${n.tag}` : ''}${n.anchor ? ` &${n.anchor}` : ''}`;
    if (isMap(n)) {
      push(`(yaml-map${meta}`, 'yaml-map', row);
      for (const item of n.items) {
        if (!isPair(item)) continue;
        push('(yaml-pair', 'yaml-pair', row);
        visit(item.key, undefined);
        visit(item.value, isScalar(item.key) ? String(item.key.value) : undefined);
        push(')', 'yaml-pair', row);
      }
      push(')', 'yaml-map', row);
    } else if (isSeq(n)) {
      push(`(yaml-seq${meta}`, 'yaml-seq', row);
      for (const item of n.items) visit(item, undefined);
      push(')', 'yaml-seq', row);
    } else if (isAlias(n)) {
      push(`yaml-alias=${n.source}`, 'yaml-alias', row);
    } else if (isScalar(n)) {
      if (key === 'run' && typeof n.value === 'string' && runIsBash) {
        const nested = streamOf('bash', withoutExpressions(n.value), row + (String(n.type).startsWith('BLOCK') ? 1 : 0));
        push(`(yaml-run${meta}`, 'yaml-scalar', row);
        for (const t of nested.tokens) tokens.push(t);
        errors.push(...nested.errors);
        push(')', 'yaml-scalar', row);
      } else {
        push(`yaml-scalar${meta}=${typeof n.value}:${JSON.stringify(n.value)}`, 'yaml-scalar', row);
      }
    }
  };

  for (const doc of docs) {
    for (const e of [...doc.errors]) errors.push(Math.max(0, (e.linePos?.[0]?.line ?? 1) - 1));
    push('(yaml-document', 'yaml-document', 0);
    visit(doc.contents, undefined);
    push(')', 'yaml-document', 0);
  }
  return { tokens, errors };
}

/** GitHub substitutes `${{ … }}` before the shell runs; the shell never sees the braces. The
 * same-length placeholder keeps rows and leaves the expression's position in the stream. */
function withoutExpressions(script: string): string {
  return script.replace(/\$\{\{[\s\S]*?\}\}/g, (m) => m.replace(/[^\n]/g, '_'));
}

const BASH_SHELLS = new Set(['bash', 'sh']);

/** Every `shell:` value in the document (GitHub Actions steps, jobs and defaults). */
function shellsIn(node: unknown): string[] {
  const out: string[] = [];
  const walk = (n: unknown) => {
    if (isMap(n)) {
      for (const item of n.items) {
        if (!isPair(item)) continue;
        if (isScalar(item.key) && item.key.value === 'shell')
          out.push(isScalar(item.value) ? String(item.value.value).trim().split(/\s+/)[0]! : 'unknown');
        walk(item.value);
      }
    } else if (isSeq(n)) {
      for (const item of n.items) walk(item);
    }
  };
  walk(node);
  return out;
}
