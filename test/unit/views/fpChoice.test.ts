// Choices among false positives that can be told apart: the name a quick fix or a picker row
// gives one (type, file:line, the summary's first words), and the picker's order (the current
// file's first, another language's set apart).
import { strict as assert } from 'node:assert';
import { fpChoiceName, issuePlace, placeText, summaryStart } from '../../../src/views/findingText';
import { pickOrder, sameLanguage, type PickPlace } from '../../../src/views/fpPickOrder';

const SUMMARY = 'Parameterised by the ORM, the value never reaches the SQL text; see the query builder.';

describe('the name of a false positive among choices', () => {
  it('says the type, the place and the first words of the summary', () => {
    assert.equal(
      fpChoiceName({ issueType: 'SQL_Injection', path: 'app/db.py', line: 11, summary: SUMMARY }),
      'SQL Injection — app/db.py:11 — “Parameterised by the ORM, the value…”',
    );
    assert.equal(fpChoiceName({ issueType: 'XSS', path: 'db.py', line: 11, summary: 'Escaped.' }), 'XSS — db.py:11 — “Escaped.”');
  });

  it('tells apart three of one type on one line by their summaries, or by their fpIds while none is known', () => {
    const names = ['Constant enum, never user input.', 'Only reachable from tests.', 'Parameterised by the ORM.'].map((summary) =>
      fpChoiceName({ issueType: 'SQL_Injection', path: 'app/db.py', line: 11, summary }),
    );
    assert.equal(new Set(names).size, 3);
    assert.equal(
      fpChoiceName({ issueType: 'SQL_Injection', path: 'app/db.py', line: 11, fpId: 'c681d703-1111-4222-8333-944445555666' }),
      'SQL Injection — app/db.py:11 — fp c681d703',
    );
  });

  it('leaves out what is not known', () => {
    assert.equal(fpChoiceName({ issueType: null }), 'Unknown issue type');
    assert.equal(fpChoiceName({ issueType: 'XSS', path: 'web/a.js' }), 'XSS — web/a.js');
    assert.equal(fpChoiceName({ issueType: 'XSS', path: '', summary: '  \u200b ', fpId: '' }), 'XSS');
  });

  it('cleans server text: no line break, bidi control or invisible character (a QuickPick still needs pickText)', () => {
    const name = fpChoiceName({
      issueType: 'SQL\u202e_Injection\n',
      path: 'app/\u200bdb.py',
      line: 3,
      summary: 'Safe\u2028because\u202e $(pass-filled) verified',
      fpId: 'x',
    });
    assert.doesNotMatch(name, /[\n\u2028\u202e\u200b]/u, name);
    assert.match(name, /^SQL Injection — app\/ db\.py:3 — “Safe because \$\(pass-filled\) verified”$/);
  });
});

describe('a place in a choice', () => {
  it('keeps a short path whole, with its line', () => {
    assert.equal(placeText('app/db.py', 11), 'app/db.py:11');
    assert.equal(placeText('app/db.py'), 'app/db.py');
    assert.equal(placeText('app/db.py', 0), 'app/db.py', 'no line 0');
    assert.equal(placeText('app/db.py', 2.5), 'app/db.py');
    assert.equal(placeText(' \u200b '), '');
  });

  it('keeps the end of a long path: the file name and as many folders as fit', () => {
    const place = placeText('src/main/java/com/acme/payments/web/RefundController.java', 88);
    assert.equal(place, '…/payments/web/RefundController.java:88');
    assert.ok(Array.from(place).length <= 40);
  });

  it('keeps the start and the extension of a file name too long by itself', () => {
    const place = placeText(`src/${'VeryLongGeneratedName'.repeat(4)}.java`, 7);
    assert.ok(Array.from(place).length <= 40, place);
    assert.match(place, /^VeryLong.*….*\.java:7$/);
  });

  it("is an issue's sink as its report gives it", () => {
    const issue = {
      codeNodes: [
        { path: 'app/routes.py', startLine: 4, index: 0 },
        { path: 'app/db.py', startLine: 11, index: 1 },
      ],
      codeFilePath: null,
    };
    assert.equal(issuePlace(issue), 'app/db.py:11');
    assert.equal(issuePlace({ codeNodes: [], codeFilePath: 'config/app.json' }), 'config/app.json');
    assert.equal(issuePlace({ codeNodes: [], codeFilePath: '../etc/passwd' }), '', 'a refused path is no place');
  });
});

describe("a summary's first words", () => {
  it('keeps a short summary whole and cuts a long one at a word, without a trailing comma', () => {
    assert.equal(summaryStart('Escaped by the template.'), 'Escaped by the template.');
    assert.equal(summaryStart(SUMMARY), 'Parameterised by the ORM, the value…');
    assert.equal(summaryStart('One, two, three, four, five, six, seven'), 'One, two, three, four, five, six…');
  });

  it('cuts a word longer than the room hard, never splitting a surrogate pair', () => {
    const start = summaryStart('😀'.repeat(100));
    assert.ok(Array.from(start).length <= 40);
    assert.doesNotMatch(start, /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });
});

describe("the false-positive picker's order", () => {
  const place = (p: Partial<PickPlace>): PickPlace => ({ onLine: false, inFile: false, language: null, inWorkspace: true, ...p });
  const items: Record<string, PickPlace> = {
    otherRepoPython: place({ language: 'Python', inWorkspace: false }),
    java: place({ language: 'Java' }),
    pythonElsewhere: place({ language: 'python' }),
    unknownLanguage: place({}),
    inFile: place({ inFile: true, language: 'Python' }),
    onLine: place({ onLine: true, inFile: true, language: 'Python' }),
    javaInFile: place({ inFile: true, language: 'Java' }),
    javaOtherRepo: place({ language: 'Java', inWorkspace: false }),
  };
  const names = Object.keys(items);

  it("lists the cursor's line, then this file's, then the file's language, then unknown; the workspace's reports first", () => {
    const order = pickOrder(names, 'python', (name) => items[name]!);
    assert.deepEqual(order.first, ['onLine', 'inFile', 'javaInFile', 'pythonElsewhere', 'otherRepoPython', 'unknownLanguage']);
    assert.deepEqual(order.otherLanguages, ['java', 'javaOtherRepo'], "another language's, unless in this file");
  });

  it('sets nothing apart when the file has no language known', () => {
    const order = pickOrder(names, undefined, (name) => items[name]!);
    assert.deepEqual(order.otherLanguages, []);
    assert.deepEqual(order.first.slice(0, 3), ['onLine', 'inFile', 'javaInFile']);
    assert.equal(order.first.length, names.length);
  });

  it("compares the editor's language ids with the service's language names", () => {
    assert.equal(sameLanguage('python', 'Python'), true);
    assert.equal(sameLanguage('typescriptreact', 'TypeScript'), true);
    assert.equal(sameLanguage('javascriptreact', 'js'), true);
    assert.equal(sameLanguage('csharp', 'C#'), true);
    assert.equal(sameLanguage('cpp', 'C++'), true);
    assert.equal(sameLanguage('go', 'golang'), true);
    assert.equal(sameLanguage('java', 'Kotlin'), false);
    assert.equal(sameLanguage('java', null), undefined);
    assert.equal(sameLanguage(undefined, 'Java'), undefined);
    assert.equal(sameLanguage('  ', 'Java'), undefined);
  });
});
