// The repository case 14 (suppressions.ts) searches: a git work tree of source files in fourteen
// languages written as their own code, so that the parsers read real syntax rather than error
// recovery; a few files carry suppression comments (line, end-of-line, multi-line block) or the
// marker text inside a string; JSON and Markdown (no comment syntax), binaries, files over 2 MB
// and an ignored folder full of markers. Deterministic for a seed; the planted markers' lines are
// returned, for the case's check of what the CLI and ripgrep find.
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { commentSyntaxFor, isGrammar } from '../../src/model/commentSyntax';
import { languageIdForPath } from '../../src/model/suppressionAuditLanguages';
import { runGit } from '../../tools/editor/git';

interface Language {
  ext: string;
  /** The file's first lines. */
  header: string[];
  /** Function number k: its lines; a line that starts with `indent` is in a body, where markers go. */
  unit: (k: number) => string[];
  footer?: string[];
  /** The line comment, and a block comment's opener, middle and closer when the language has one. */
  line: string;
  block?: readonly [string, string, string];
  /** A statement in a body assigning a string that holds `text`. */
  str: (text: string) => string;
  indent: string;
  weight: number;
}

const C_BLOCK = ['/*', ' *', ' */'] as const;

const LANGUAGES: readonly Language[] = [
  {
    ext: 'ts',
    weight: 20,
    header: ["import { compute, type Request } from './util';", ''],
    unit: (k) => [
      `/** Handles request ${k}. */`,
      `export function handler${k}(request: Request, limit = 10): string | undefined {`,
      `  // Validate the request before use.`,
      `  const value = request.get('key_${k}') ?? 'default';`,
      `  if (!value) return undefined;`,
      `  return compute(value, limit);`,
      `}`,
      '',
    ],
    line: '//',
    block: C_BLOCK,
    str: (t) => `const note = '${t}';`,
    indent: '  ',
  },
  {
    ext: 'js',
    weight: 10,
    header: ["const { compute } = require('./util');", ''],
    unit: (k) => [
      `// Handles request ${k}.`,
      `function handler${k}(request, limit = 10) {`,
      `  const value = request.get(\`key_${k}\`) || 'default';`,
      `  if (!value) return undefined;`,
      `  return compute(value, limit);`,
      `}`,
      `module.exports.handler${k} = handler${k};`,
      '',
    ],
    line: '//',
    block: C_BLOCK,
    str: (t) => `const note = "${t}";`,
    indent: '  ',
  },
  {
    ext: 'py',
    weight: 15,
    header: ['"""Request handlers."""', 'from util import compute', ''],
    unit: (k) => [
      `def handler_${k}(request, limit=10):`,
      `    """Handle request ${k}."""`,
      `    value = request.get("key_${k}", "default")`,
      `    if value is None:`,
      `        return None`,
      `    # Keep the limit small.`,
      `    return compute(value, limit)`,
      '',
    ],
    line: '#',
    str: (t) => `note = "${t}"`,
    indent: '    ',
  },
  {
    ext: 'go',
    weight: 10,
    header: ['package handlers', '', 'import "strings"', ''],
    unit: (k) => [
      `// Handler${k} handles request ${k}.`,
      `func Handler${k}(request map[string]string, limit int) string {`,
      `\tvalue, ok := request["key_${k}"]`,
      `\tif !ok {`,
      `\t\treturn ""`,
      `\t}`,
      `\treturn strings.Repeat(value, limit)`,
      `}`,
      '',
    ],
    line: '//',
    block: C_BLOCK,
    str: (t) => `_ = "${t}"`,
    indent: '\t',
  },
  {
    ext: 'java',
    weight: 10,
    header: ['package com.example.handlers;', '', 'import java.util.Map;', '', 'public class Handlers {'],
    footer: ['}'],
    unit: (k) => [
      `    /** Handles request ${k}. */`,
      `    public static String handler${k}(Map<String, String> request, int limit) {`,
      `        String value = request.getOrDefault("key_${k}", "default");`,
      `        if (value.isEmpty()) {`,
      `            return null;`,
      `        }`,
      `        return value.repeat(limit);`,
      `    }`,
      '',
    ],
    line: '//',
    block: C_BLOCK,
    str: (t) => `String note = "${t}";`,
    indent: '        ',
  },
  {
    ext: 'cs',
    weight: 5,
    header: ['using System.Collections.Generic;', '', 'namespace Example.Handlers;', '', 'public static class Handlers', '{'],
    footer: ['}'],
    unit: (k) => [
      `    /// <summary>Handles request ${k}.</summary>`,
      `    public static string Handler${k}(IDictionary<string, string> request, int limit)`,
      `    {`,
      `        var value = request.TryGetValue("key_${k}", out var v) ? v : "default";`,
      `        return string.Concat(System.Linq.Enumerable.Repeat(value, limit));`,
      `    }`,
      '',
    ],
    line: '//',
    block: C_BLOCK,
    str: (t) => `var note = "${t}";`,
    indent: '        ',
  },
  {
    ext: 'rb',
    weight: 4,
    header: ['# frozen_string_literal: true', '', 'module Handlers'],
    footer: ['end'],
    unit: (k) => [
      `  # Handles request ${k}.`,
      `  def self.handler_${k}(request, limit = 10)`,
      `    value = request.fetch("key_${k}", "default")`,
      `    value * limit`,
      `  end`,
      '',
    ],
    line: '#',
    str: (t) => `note = "${t}"`,
    indent: '    ',
  },
  {
    ext: 'php',
    weight: 4,
    header: ['<?php', '', 'namespace Example\\Handlers;', ''],
    unit: (k) => [
      `/** Handles request ${k}. */`,
      `function handler${k}(array $request, int $limit = 10): string`,
      `{`,
      `    $value = $request['key_${k}'] ?? 'default';`,
      `    return str_repeat($value, $limit);`,
      `}`,
      '',
    ],
    line: '//',
    block: C_BLOCK,
    str: (t) => `$note = '${t}';`,
    indent: '    ',
  },
  {
    ext: 'rs',
    weight: 3,
    header: ['use std::collections::HashMap;', ''],
    unit: (k) => [
      `/// Handles request ${k}.`,
      `pub fn handler_${k}(request: &HashMap<String, String>, limit: usize) -> String {`,
      `    let value = request.get("key_${k}").cloned().unwrap_or_default();`,
      `    value.repeat(limit)`,
      `}`,
      '',
    ],
    line: '//',
    block: C_BLOCK,
    str: (t) => `let _note = "${t}";`,
    indent: '    ',
  },
  {
    ext: 'c',
    weight: 4,
    header: ['#include <string.h>', '#include "handlers.h"', ''],
    unit: (k) => [
      `/* Handles request ${k}. */`,
      `int handler_${k}(const char *request, int limit)`,
      `{`,
      `    size_t length = strlen(request);`,
      `    return length > (size_t)limit ? limit : (int)length;`,
      `}`,
      '',
    ],
    line: '//',
    block: C_BLOCK,
    str: (t) => `const char *note = "${t}";`,
    indent: '    ',
  },
  {
    ext: 'sh',
    weight: 2,
    header: ['#!/usr/bin/env bash', 'set -euo pipefail', ''],
    unit: (k) => [`# Handles request ${k}.`, `handler_${k}() {`, `  local value="\${1:-default}"`, `  printf '%s\\n' "$value"`, `}`, ''],
    line: '#',
    str: (t) => `local note="${t}"`,
    indent: '  ',
  },
  {
    ext: 'yaml',
    weight: 3,
    header: ['# Service configuration.', 'services:'],
    unit: (k) => [`  handler_${k}:`, `    # Keep the limit small.`, `    limit: 10`, `    key: key_${k}`, `    enabled: true`],
    line: '#',
    str: (t) => `note: "${t}"`,
    indent: '    ',
  },
  {
    ext: 'kt',
    weight: 2,
    header: ['package example.handlers', ''],
    unit: (k) => [
      `/** Handles request ${k}. */`,
      `fun handler${k}(request: Map<String, String>, limit: Int = 10): String {`,
      `    val value = request["key_${k}"] ?: "default"`,
      `    return value.repeat(limit)`,
      `}`,
      '',
    ],
    line: '//',
    block: C_BLOCK,
    str: (t) => `val note = "${t}"`,
    indent: '    ',
  },
  {
    ext: 'sql',
    weight: 1,
    header: ['-- Reporting queries.', ''],
    unit: (k) => [
      `-- Query ${k}.`,
      `SELECT id, name, created_at`,
      `FROM requests_${k}`,
      `WHERE status = 'open'`,
      `ORDER BY created_at DESC;`,
      '',
    ],
    line: '--',
    str: (t) => `SELECT '${t}';`,
    indent: '',
  },
];

function hasGrammar(ext: string): boolean {
  const id = languageIdForPath(`x.${ext}`);
  return isGrammar(id === undefined ? undefined : commentSyntaxFor(id)?.parser);
}

/** Files without comment syntax (skipped without being read), with their share. */
const PLAIN = [
  { ext: 'json', weight: 4, text: (k: number) => `{\n  "name": "package-${k}",\n  "version": "1.0.${k}",\n  "private": true\n}\n` },
  { ext: 'md', weight: 3, text: (k: number) => `# Module ${k}\n\nHow to use the handlers of this module.\n` },
];

export interface GeneratedTree {
  listed: number;
  ignored: number;
  bytes: number;
  /** `path:line` of each planted suppression comment, and of each marker planted in a string. */
  comments: Set<string>;
  strings: Set<string>;
  filesWithComments: number;
  filesWithStrings: number;
  /** Extensions of files with comment syntax (ripgrep's globs). */
  extensions: string[];
}

/**
 * A git work tree at `root` (created; the files untracked, as git lists them with --others):
 * `files` files listed, `ignored` more under an ignored folder. Deterministic for a seed.
 */
export function generateTree(
  root: string,
  options: { files: number; ignored: number; current: readonly string[]; seed: number },
): GeneratedTree {
  let state = options.seed >>> 0 || 1;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const uuid = () => 'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'.replace(/x/g, () => Math.floor(random() * 16).toString(16));
  const fpId = () => (random() < 0.7 ? options.current[Math.floor(random() * options.current.length)]! : uuid());
  const kinds: { weight: number; language?: Language; plain?: (typeof PLAIN)[number] }[] = [
    ...LANGUAGES.map((l) => ({ weight: l.weight, language: l })),
    ...PLAIN.map((p) => ({ weight: p.weight, plain: p })),
  ];
  const total = kinds.reduce((s, k) => s + k.weight, 0);
  const pick = () => {
    let r = random() * total;
    for (const k of kinds) if ((r -= k.weight) < 0) return k;
    return kinds[kinds.length - 1]!;
  };
  const tree: GeneratedTree = {
    listed: 0,
    ignored: 0,
    bytes: 0,
    comments: new Set(),
    strings: new Set(),
    filesWithComments: 0,
    filesWithStrings: 0,
    extensions: LANGUAGES.map((l) => l.ext),
  };
  mkdirSync(root, { recursive: true });
  const init = runGit(root, 'init', '-q');
  if (!init.ok) throw new Error(`git init: ${init.stderr}`);
  writeFileSync(path.join(root, '.gitignore'), 'vendor/\n');
  const write = (rel: string, text: string | Buffer) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
    tree.bytes += text.length;
  };
  for (let i = 0; i < options.files - 1; i++) {
    const dir = `services/svc${Math.floor(i / 1000)}/src/module${Math.floor(i / 100) % 10}`;
    const kind = pick();
    if (kind.plain) {
      write(`${dir}/file${i}.${kind.plain.ext}`, kind.plain.text(i));
      continue;
    }
    const language = kind.language!;
    const rel = `${dir}/file${i}.${language.ext}`;
    if (i % 997 === 13) {
      // A binary with a marker in its bytes (both skip it), or a minified bundle over 2 MB (both skip it).
      write(
        rel,
        i % 2
          ? Buffer.concat([Buffer.from([0, 1, 2, 0]), Buffer.from(`(fp ${uuid()})`)])
          : `${language.line} (fp ${uuid()})\n${'x'.repeat(2.2e6)}\n`,
      );
      continue;
    }
    const lines = [...language.header];
    const units = 8 + Math.floor(random() * 30);
    const r = random();
    const comments = r < 0.01 ? 1 + Math.floor(random() * 2) : 0;
    const strings = r >= 0.01 && r < 0.013 ? 1 : 0;
    for (let k = 0; k < units; k++) lines.push(...language.unit(k));
    lines.push(...(language.footer ?? []));
    // Markers go above a line in a body, with that line's indent (so Python stays valid).
    const slots = lines.flatMap((l, n) =>
      n >= language.header.length && language.indent !== '' && l.startsWith(language.indent) && !l.trimEnd().endsWith('{') ? [n] : [],
    );
    if (slots.length === 0) slots.push(lines.length);
    const indentAt = (n: number) => /^\s*/.exec(lines[n] ?? '')![0];
    const grammar = hasGrammar(language.ext);
    const planted: { at: number; lines: string[] }[] = [];
    const inStrings = new Set<string>();
    for (let c = 0; c < comments; c++) {
      const at = slots[Math.floor(random() * slots.length)]!;
      const ind = indentAt(at);
      const text = `False positive: validated upstream (fp ${fpId()})`;
      // Multi-line block comments only where a parser reads them: the same-line rule cannot see their middle lines.
      if (language.block && grammar && random() < 0.3)
        planted.push({ at, lines: [`${ind}${language.block[0]}`, `${ind}${language.block[1]} ${text}`, `${ind}${language.block[2]}`] });
      else planted.push({ at, lines: [`${ind}${language.line} ${text}`] });
    }
    for (let c = 0; c < strings; c++) {
      const at = slots[Math.floor(random() * slots.length)]!;
      // With a comment opener before the marker where a parser decides; the same-line rule would count that one.
      const line = `${indentAt(at)}${language.str(`see ${grammar ? `${language.line} ` : ''}(fp ${fpId()})`)}`;
      inStrings.add(line);
      planted.push({ at, lines: [line] });
    }
    // From the bottom up, so that each slot's index still points at its line.
    planted.sort((a, b) => b.at - a.at);
    for (const p of planted) lines.splice(p.at, 0, ...p.lines);
    lines.forEach((l, n) => {
      if (l.includes('(fp ')) (inStrings.has(l) ? tree.strings : tree.comments).add(`${rel}:${n + 1}`);
    });
    if (comments > 0) tree.filesWithComments++;
    if (strings > 0) tree.filesWithStrings++;
    write(rel, `${lines.join('\n')}\n`);
  }
  // A file git lists (tracked or not) counts; the .gitignore is one.
  tree.listed = options.files;
  for (let i = 0; i < options.ignored; i++) write(`vendor/lib${i}/index.js`, `// (fp ${uuid()})\nmodule.exports = ${i};\n`);
  tree.ignored = options.ignored;
  return tree;
}
