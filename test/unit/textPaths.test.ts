// One text path for every UI string, checked on the source: src/ is read with the TypeScript
// compiler (program and type checker), and every place where text reaches the editor's chrome
// is inspected for server text that did not go through common/text.
//
// Server text is a property read whose declaration is in a file of SERVER_DATA (the wire types
// of api/schemas and the model/editor types that pass service strings on as they came) and
// whose type is a string (or an array of strings). Around a sink, the expression is followed
// where its value goes: template pieces, `+`, `??`, `||`, the right of `&&`, both branches of
// `?:`, string methods (`x.slice()` is x), the arguments of calls that return text, the body of
// an arrow in such a call, and the initialiser of a local const (one name at a time). It is not
// followed into conditions or comparisons (`x ? …`, `x === …`), which show nothing. A piece is
// wrapped when a call of the sink's kind encloses it:
//   icon       QuickPick label/description/detail (object literals in a file that opens a
//              QuickPick), setStatusBarMessage, a StatusBarItem's text: these draw `$(name)` as
//              a codicon, so only iconSafeText (and helpers made of it) will do;
//   plain      a CodeAction's title (followed into the callers of a local function that makes
//              one), a Diagnostic's message, a TreeView's message and description: cleaned text;
//   notice     show{Information,Warning,Error}Message and its `detail`: notifications render
//              `[label](target)` links, so messageText;
//   markdown   appendMarkdown, Tooltip.md, new MarkdownString: markdownLiteral (or commandLink,
//              whose arguments are ids, JSON- and URI-encoded);
//   document   what provideTextDocumentContent and fpDocumentText return: cleanLines/cleanText.
// Helpers other than common/text's own count only if their body reaches common/text (checked
// below). Structural rules: MarkdownString.appendText is not used (it leaves `https://…` for the
// renderer to auto-link); TreeItems are made only in views/nodes.ts, whose treeItem() cleans
// every label and description. Log lines need no rule here: editor/log escapes every line
// itself (test/unit/editor/log.test.ts).
//
// Lookups by a server key: an element read or write on a table with a string index signature
// (`Record<string, T>`) by a key of type string must be guarded by Object.hasOwn (or
// hasOwnProperty.call) on the same table and key in the same function, or use a Map: otherwise a
// severity named `constructor` finds Object's constructor and a `__proto__` key sets a prototype.
//
// This is a heuristic: it sees what flows within a function, not across calls. ALLOWED lists the
// reviewed lookups, each with its reason; an entry that is no longer flagged fails the test.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Files whose declared string fields hold service text as it came (or only cleaned, never escaped). */
const SERVER_DATA = new Set([
  'src/api/schemas.ts',
  'src/api/client.ts',
  'src/model/heldIssue.ts',
  'src/model/issue.ts',
  'src/model/fix.ts',
  'src/model/consistency.ts',
  'src/model/report.ts',
  'src/editor/findings.ts',
  'src/editor/explanations.ts',
  'src/editor/reportStore.ts',
]);

type Kind = 'icon' | 'plain' | 'notice' | 'markdown' | 'document';

/** Calls that make server text safe for each kind of sink (common/text and reviewed helpers). */
const ICON = ['iconSafeText', 'pickText', 'submissionPick', 'findingPosition'];
const WRAPPERS: Record<Kind, ReadonlySet<string>> = {
  icon: new Set(ICON),
  plain: new Set([
    ...ICON,
    'cleanText',
    'oneLine',
    'messageText',
    'readableIssueType',
    'readableLanguage',
    'readableVendor',
    'reportTitle',
    'repoAt',
    'fpActionName',
    'fpChoiceName',
    'statusText',
    'filterParts',
  ]),
  notice: new Set(['messageText']),
  markdown: new Set(['markdownLiteral', 'commandLink']),
  document: new Set(['cleanLines', 'cleanText', 'oneLine', 'readableIssueType', 'readableVendor', 'fpDocumentText']),
};

/**
 * Reviewed exceptions: `file: text` of the flagged piece, and why it is safe. Keep it short.
 */
const ALLOWED: ReadonlyMap<string, string> = new Map([
  ['src/api/decodedAsIs.ts: entries[key]', 'keys come from Object.keys of the same table (our schema)'],
  ['src/api/responses.ts: body[name]', "one of the body's own keys (Object.keys) or our envelope's name, checked with `in`"],
  ['src/api/network.ts: env[n]', 'names of environment variables, ours'],
  ['src/model/suppression.ts: record[match]', 'the key is one of Object.keys(record)'],
  ['src/editor/pins.ts: this.all()[root.toString()]', "the key is a folder's URI (scheme first), ours"],
  ['src/editor/pins.ts: next[root.toString()]', "the key is a folder's URI (scheme first), ours"],
  ['src/model/export/sarif.ts: out[key]', 'keys of our own object literals (SARIF property names)'],
]);

/** Helpers counted as wrappers that are not common/text's own; each must reach common/text. */
const NOT_TEXT_MODULE_OK = new Set(['commandLink']); // its arguments are ids, JSON- and URI-encoded

interface Violation {
  where: string;
  what: string;
}

function loadProgram(): { program: ts.Program; files: ts.SourceFile[] } {
  const config = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const roots = parsed.fileNames.filter((f) => path.relative(ROOT, f).startsWith(`src${path.sep}`));
  const program = ts.createProgram(roots, { ...parsed.options, noEmit: true });
  const files = program.getSourceFiles().filter((sf) => roots.includes(sf.fileName));
  return { program, files };
}

const rel = (sf: ts.SourceFile) => path.relative(ROOT, sf.fileName).split(path.sep).join('/');

describe('one text path for every UI string (src/ read with the TypeScript compiler)', function () {
  this.timeout(120_000);
  let program: ts.Program;
  let checker: ts.TypeChecker;
  let files: ts.SourceFile[];
  let textExports: Set<string>;

  before(() => {
    ({ program, files } = loadProgram());
    checker = program.getTypeChecker();
    const text = program.getSourceFile(path.join(ROOT, 'src', 'common', 'text.ts'));
    assert.ok(text, 'src/common/text.ts is in the program');
    textExports = new Set(checker.getExportsOfModule(checker.getSymbolAtLocation(text)!).map((s) => s.name));
  });

  // ---- what a piece of server text is -----------------------------------------------------

  function isTextType(type: ts.Type): boolean {
    const parts = type.isUnion() ? type.types : [type];
    let text = false;
    for (const part of parts) {
      if (part.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)) continue;
      if (part.flags & ts.TypeFlags.StringLike) text = true;
      else if (checker.isArrayType(part) && checker.getTypeArguments(part as ts.TypeReference).every(isTextType)) text = true;
      else return false;
    }
    return text;
  }

  function declaredInServerData(symbol: ts.Symbol | undefined): boolean {
    return (symbol?.declarations ?? []).some((d) => SERVER_DATA.has(rel(d.getSourceFile())));
  }

  /** `x.y` reading server text (not a field of one of our constant tables, such as CONFIDENCE[kind].group). */
  function isServerRead(node: ts.Expression): boolean {
    if (!ts.isPropertyAccessExpression(node) || !isTextType(checker.getTypeAtLocation(node))) return false;
    return declaredInServerData(checker.getSymbolAtLocation(node.name)) && !inConstantTable(node);
  }

  function inConstantTable(node: ts.Expression): boolean {
    let root: ts.Expression = node;
    while (ts.isPropertyAccessExpression(root) || ts.isElementAccessExpression(root) || ts.isNonNullExpression(root))
      root = root.expression;
    if (!ts.isIdentifier(root)) return false;
    let symbol = checker.getSymbolAtLocation(root);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol?.valueDeclaration;
    if (!declaration || !ts.isVariableDeclaration(declaration) || !ts.isSourceFile(declaration.parent.parent.parent)) return false;
    let init = declaration.initializer;
    while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init))) init = init.expression;
    return !!init && ts.isObjectLiteralExpression(init) && (declaration.parent.flags & ts.NodeFlags.Const) !== 0;
  }

  function calleeName(call: ts.CallExpression | ts.NewExpression): string | undefined {
    const e = call.expression;
    if (ts.isIdentifier(e)) return e.text;
    if (ts.isPropertyAccessExpression(e)) return e.name.text;
    return undefined;
  }

  /** Server text reachable from `root` that no wrapper of `kind` encloses. */
  function unwrapped(root: ts.Expression, kind: Kind): ts.Node[] {
    const found: ts.Node[] = [];
    const followed = new Set<ts.Node>();
    const visit = (node: ts.Node): void => {
      if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node) || ts.isAwaitExpression(node))
        return visit(node.expression);
      if (ts.isSatisfiesExpression(node) || ts.isTypeAssertionExpression(node)) return visit(node.expression);
      if (ts.isTemplateExpression(node)) return node.templateSpans.forEach((s) => visit(s.expression));
      if (ts.isConditionalExpression(node)) {
        visit(node.whenTrue);
        return visit(node.whenFalse);
      }
      if (ts.isBinaryExpression(node)) {
        const op = node.operatorToken.kind;
        if (op === ts.SyntaxKind.PlusToken || op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
          visit(node.left);
          return visit(node.right);
        }
        if (op === ts.SyntaxKind.AmpersandAmpersandToken || op === ts.SyntaxKind.CommaToken || op === ts.SyntaxKind.EqualsToken)
          return visit(node.right);
        return; // comparisons and arithmetic show no text
      }
      if (ts.isArrayLiteralExpression(node)) return node.elements.forEach((e) => visit(ts.isSpreadElement(e) ? e.expression : e));
      if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
        if (isServerRead(node)) found.push(node);
        else if (ts.isElementAccessExpression(node)) visit(node.expression); // an element of server text
        return;
      }
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const name = calleeName(node);
        if (name !== undefined && WRAPPERS[kind].has(name)) return;
        if (!isTextType(checker.getTypeAtLocation(node))) return; // a call that returns no text shows none of its arguments
        if (ts.isPropertyAccessExpression(node.expression)) visit(node.expression.expression); // x.slice(), [a, b].join()
        for (const arg of node.arguments ?? []) {
          if (ts.isArrowFunction(arg) || ts.isFunctionExpression(arg)) visitBody(arg);
          else visit(arg);
        }
        return;
      }
      if (ts.isIdentifier(node)) {
        const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
        if (!declaration || followed.has(declaration) || declaration.getSourceFile() !== root.getSourceFile()) return;
        followed.add(declaration);
        if (ts.isVariableDeclaration(declaration) && declaration.initializer) return visit(declaration.initializer);
        if (ts.isBindingElement(declaration)) {
          // `const { a } = x`: the property a of x.
          const pattern = declaration.parent;
          const holder = pattern.parent;
          if (ts.isObjectBindingPattern(pattern) && ts.isVariableDeclaration(holder) && holder.initializer) {
            const property = checker
              .getTypeAtLocation(holder.initializer)
              .getProperty((declaration.propertyName ?? declaration.name).getText());
            if (declaredInServerData(property) && isTextType(checker.getTypeAtLocation(declaration))) found.push(node);
          }
        }
      }
    };
    const visitBody = (fn: ts.ArrowFunction | ts.FunctionExpression): void => {
      if (!ts.isBlock(fn.body)) return visit(fn.body);
      const returns = (n: ts.Node): void => {
        if (ts.isReturnStatement(n) && n.expression) visit(n.expression);
        else if (!ts.isFunctionLike(n)) ts.forEachChild(n, returns);
      };
      returns(fn.body);
    };
    if (ts.isCallExpression(root) || ts.isNewExpression(root)) {
      const name = calleeName(root);
      if (name !== undefined && WRAPPERS[kind].has(name)) return [];
    }
    visit(root);
    return found;
  }

  // ---- the sinks --------------------------------------------------------------------------

  function typeName(node: ts.Expression): string {
    const type = checker.getNonNullableType(checker.getTypeAtLocation(node));
    return type.getSymbol()?.name ?? type.aliasSymbol?.name ?? '';
  }

  function enclosingFunction(node: ts.Node): ts.FunctionLikeDeclaration | undefined {
    for (let n = node.parent; n; n = n.parent) if (ts.isFunctionLike(n) && 'body' in n) return n as ts.FunctionLikeDeclaration;
    return undefined;
  }

  /** The function a parameter belongs to, when it is a named function of this file; else undefined. */
  function parameterOf(node: ts.Expression): { fn: ts.FunctionDeclaration; index: number } | undefined {
    if (!ts.isIdentifier(node)) return undefined;
    const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
    if (!declaration || !ts.isParameter(declaration) || !ts.isFunctionDeclaration(declaration.parent)) return undefined;
    return { fn: declaration.parent, index: declaration.parent.parameters.indexOf(declaration) };
  }

  /** Every [expression, kind] this file hands to the editor as text, and the structural problems. */
  function sinksOf(sf: ts.SourceFile): { sinks: [ts.Expression, Kind, string][]; problems: Violation[] } {
    const sinks: [ts.Expression, Kind, string][] = [];
    const problems: Violation[] = [];
    const file = rel(sf);
    const opensQuickPick = /\b(showQuickPick|createQuickPick)\b/.test(sf.text);
    const at = (node: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const sink = (expr: ts.Expression | undefined, kind: Kind, what: string) => {
      if (!expr) return;
      const param = kind === 'plain' ? parameterOf(expr) : undefined;
      if (!param) return void sinks.push([expr, kind, what]);
      // A local helper (`action(title, …)`): what its callers pass.
      const visitCalls = (n: ts.Node): void => {
        if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === param.fn.name?.text) {
          const arg = n.arguments[param.index];
          if (arg) sinks.push([arg, kind, `${what} (through ${param.fn.name.text}())`]);
        }
        ts.forEachChild(n, visitCalls);
      };
      visitCalls(sf);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const name = calleeName(node);
        const receiver = ts.isPropertyAccessExpression(node.expression) ? node.expression.expression : undefined;
        if (name === 'setStatusBarMessage') sink(node.arguments[0], 'icon', 'setStatusBarMessage');
        if (name === 'showInformationMessage' || name === 'showWarningMessage' || name === 'showErrorMessage') {
          sink(node.arguments[0], 'notice', name);
          for (const arg of node.arguments.slice(1)) {
            if (!ts.isObjectLiteralExpression(arg)) continue;
            for (const p of arg.properties)
              if (ts.isPropertyAssignment(p) && p.name.getText() === 'detail') sink(p.initializer, 'notice', `${name} detail`);
          }
        }
        if (name === 'appendMarkdown') sink(node.arguments[0], 'markdown', 'appendMarkdown');
        if (name === 'md' && receiver && typeName(receiver) === 'Tooltip') sink(node.arguments[0], 'markdown', 'Tooltip.md');
        if (name === 'appendText' && receiver && typeName(receiver) === 'MarkdownString')
          problems.push({
            where: at(node),
            what: 'MarkdownString.appendText leaves bare addresses to be auto-linked: use markdownLiteral',
          });
        if (name === 'showQuickPick' && node.arguments[0] && ts.isArrayLiteralExpression(node.arguments[0]))
          for (const e of node.arguments[0].elements) if (!ts.isObjectLiteralExpression(e)) sink(e, 'icon', 'showQuickPick item');
      }
      if (ts.isNewExpression(node)) {
        const name = calleeName(node);
        if (name === 'CodeAction') sink(node.arguments?.[0], 'plain', 'CodeAction title');
        if (name === 'Diagnostic') sink(node.arguments?.[1], 'plain', 'Diagnostic message');
        if (name === 'MarkdownString') sink(node.arguments?.[0], 'markdown', 'new MarkdownString');
        if (name === 'TreeItem' && file !== 'src/views/nodes.ts')
          problems.push({ where: at(node), what: 'a TreeItem made outside views/nodes.ts skips the cleaning of treeItem()' });
      }
      if (opensQuickPick && ts.isPropertyAssignment(node) && ts.isObjectLiteralExpression(node.parent)) {
        const key = node.name.getText();
        if (key === 'label' || key === 'description' || key === 'detail') sink(node.initializer, 'icon', `QuickPick ${key}`);
      }
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        ts.isPropertyAccessExpression(node.left)
      ) {
        const key = node.left.name.text;
        const owner = typeName(node.left.expression);
        if (key === 'text' && owner === 'StatusBarItem') sink(node.right, 'icon', 'StatusBarItem.text');
        if ((key === 'message' || key === 'description') && owner === 'TreeView') sink(node.right, 'plain', `TreeView.${key}`);
      }
      if ((ts.isReturnStatement(node) && node.expression) || (ts.isArrowFunction(node) && !ts.isBlock(node.body))) {
        const fn = ts.isReturnStatement(node) ? enclosingFunction(node) : node;
        const fnName = fn && fn.name && ts.isIdentifier(fn.name) ? fn.name.text : undefined;
        const value = ts.isReturnStatement(node) ? node.expression : (node as ts.ArrowFunction).body;
        if ((fnName === 'provideTextDocumentContent' || fnName === 'fpDocumentText') && value && ts.isExpression(value))
          sink(value, 'document', `${fnName} result`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    return { sinks, problems };
  }

  function textViolations(sf: ts.SourceFile): Violation[] {
    const { sinks, problems } = sinksOf(sf);
    const out = [...problems];
    for (const [expr, kind, what] of sinks) {
      for (const piece of unwrapped(expr, kind)) {
        const line = sf.getLineAndCharacterOfPosition(piece.getStart()).line + 1;
        out.push({
          where: `${rel(sf)}:${line}`,
          what: `${piece.getText()} reaches ${what} without ${[...WRAPPERS[kind]].slice(0, 3).join('/')}…`,
        });
      }
    }
    return out;
  }

  // ---- lookups by a server key ------------------------------------------------------------

  /** Lookups by a string key in a plain object, unguarded; reviewed exceptions included. */
  function lookupViolations(sf: ts.SourceFile): Violation[] {
    const out: Violation[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isElementAccessExpression(node) && !(ts.isCallExpression(node.parent) && node.parent.expression === node)) {
        const table = checker.getNonNullableType(checker.getTypeAtLocation(node.expression));
        const keyType = checker.getTypeAtLocation(node.argumentExpression);
        const byString =
          !!checker.getIndexInfoOfType(table, ts.IndexKind.String) &&
          !checker.isArrayType(table) &&
          !!(keyType.flags & ts.TypeFlags.String) &&
          !ts.isStringLiteralLike(node.argumentExpression);
        if (byString && !guarded(node) && !ownKey(node) && !oneCharacter(node.argumentExpression))
          out.push({
            where: `${rel(sf)}: ${node.getText()}`,
            what: `line ${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1} looks a string key up in a plain object: use a Map, or Object.hasOwn first`,
          });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    return out;
  }

  /** `for (const k in t) … t[k]`: the key is one of the table's own (enumerable) keys. */
  function ownKey(access: ts.ElementAccessExpression): boolean {
    const key = access.argumentExpression;
    if (!ts.isIdentifier(key)) return false;
    const declaration = checker.getSymbolAtLocation(key)?.valueDeclaration;
    const list = declaration?.parent;
    const loop = list?.parent;
    return !!loop && ts.isForInStatement(loop) && loop.expression.getText() === access.expression.getText();
  }

  /** `t[s[i]]` (or `?? ''`): one character cannot name an Object.prototype member. */
  function oneCharacter(key: ts.Expression): boolean {
    if (ts.isBinaryExpression(key) && key.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
      return oneCharacter(key.left) && ts.isStringLiteral(key.right) && key.right.text.length <= 1;
    return ts.isElementAccessExpression(key) && !!(checker.getTypeAtLocation(key.expression).flags & ts.TypeFlags.StringLike);
  }

  /** An own-property check of the same table and key in the outermost function around `access`. */
  function guarded(access: ts.ElementAccessExpression): boolean {
    let scope: ts.Node = access.getSourceFile();
    for (let n: ts.Node | undefined = access.parent; n && !ts.isSourceFile(n); n = n.parent) if (ts.isFunctionLike(n)) scope = n;
    const table = access.expression.getText();
    const key = access.argumentExpression.getText();
    let found = false;
    const visit = (n: ts.Node): void => {
      if (found) return;
      if (ts.isCallExpression(n)) {
        const callee = n.expression.getText();
        const args = n.arguments.map((a) => a.getText());
        if (callee === 'Object.hasOwn' && args[0] === table && args[1] === key) found = true;
        if (/hasOwnProperty\.call$/.test(callee) && args[0] === table && args[1] === key) found = true;
      }
      ts.forEachChild(n, visit);
    };
    visit(scope);
    return found;
  }

  // ---- the tests --------------------------------------------------------------------------

  it('finds the sinks it is about (a check that sees nothing proves nothing)', () => {
    const counts = new Map<string, number>();
    for (const sf of files)
      for (const [, , what] of sinksOf(sf).sinks) counts.set(what.split(' (')[0]!, (counts.get(what.split(' (')[0]!) ?? 0) + 1);
    for (const what of [
      'setStatusBarMessage',
      'QuickPick label',
      'QuickPick description',
      'CodeAction title',
      'Tooltip.md',
      'appendMarkdown',
      'TreeView.message',
      'showErrorMessage',
      'Diagnostic message',
      'provideTextDocumentContent result',
      'fpDocumentText result',
    ])
      assert.ok((counts.get(what) ?? 0) > 0, `no ${what} found: ${JSON.stringify([...counts])}`);
  });

  it('gives the editor server text only through common/text', () => {
    const violations = files.flatMap(textViolations);
    assert.deepEqual(
      violations.map((v) => `${v.where}: ${v.what}`),
      [],
    );
  });

  it('counts as wrappers only helpers that reach common/text', () => {
    const declarations = new Map<string, ts.FunctionDeclaration>();
    for (const sf of files)
      ts.forEachChild(sf, (n) => {
        if (ts.isFunctionDeclaration(n) && n.name) declarations.set(n.name.text, n);
      });
    const reaches = (name: string, depth: number): boolean => {
      if (textExports.has(name)) return true;
      const fn = declarations.get(name);
      if (!fn?.body || depth === 0) return false;
      let ok = false;
      const visit = (n: ts.Node): void => {
        if (ok) return;
        if (ts.isCallExpression(n)) {
          const callee = ts.isIdentifier(n.expression) ? n.expression.text : undefined;
          if (callee && reaches(callee, depth - 1)) ok = true;
        }
        ts.forEachChild(n, visit);
      };
      visit(fn.body);
      return ok;
    };
    const helpers = new Set(Object.values(WRAPPERS).flatMap((s) => [...s]));
    for (const name of helpers) {
      if (NOT_TEXT_MODULE_OK.has(name)) continue;
      assert.ok(reaches(name, 3), `${name} is counted as a wrapper but does not call common/text`);
    }
  });

  it('looks up server keys only in Maps or after an own-property check', () => {
    const flagged = files.flatMap(lookupViolations);
    assert.deepEqual(
      flagged.filter((v) => !ALLOWED.has(v.where)).map((v) => `${v.where} (${v.what})`),
      [],
    );
    // Each reviewed exception is still needed (else it is stale and goes).
    const where = new Set(flagged.map((v) => v.where));
    for (const entry of ALLOWED.keys()) assert.ok(where.has(entry), `stale exception: ${entry}`);
  });
});
