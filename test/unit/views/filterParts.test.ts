// What the view says about an active filter is server text too (scanner names, states); and
// what Filter by Text matches, file paths included.
import { strict as assert } from 'node:assert';
import * as v from 'valibot';
import { ReportDetailBodySchema, type FixReportDetail, type Issue } from '../../../src/api/schemas';
import { messageText } from '../../../src/common/text';
import { ReportModel } from '../../../src/model/report';
import { filterParts, filtersFixes, NO_FILTER, showsFix, showsIssue } from '../../../src/views/filter';
import { wireIssue } from '../../support/wire';

describe("the view's filter message and notification text", () => {
  it('filter parts are cleaned of control and bidi characters and cut', () => {
    const parts = filterParts({ ...NO_FILTER, states: new Set(['Open\u202Eevil\nx']), text: 'y'.repeat(300) });
    assert.deepEqual(parts[0], 'Open evil x');
    assert.ok(Array.from(parts[1]!).length <= 80);
  });

  it('notification text cannot carry a markdown link (a command: link would run any command)', () => {
    const text = messageText('The service said: "[Retry](command:workbench.action.terminal.sendSequence?%7B%7D)"');
    assert.doesNotMatch(text, /\]\(/);
    assert.match(text, /\[Retry\] \(command:/);
  });
});

// Raw wire objects decoded through the real schemas, held as the model holds them.
const report = (): FixReportDetail =>
  v.parse(ReportDetailBodySchema, {
    fixReport: [
      {
        id: 'report-1',
        fixes: [
          { id: 'F-db', issueType: 'SQL_Injection', vulnerabilityReportIssues: [{ id: 'I-db' }] },
          { id: 'F-web', issueType: 'XSS', vulnerabilityReportIssues: [{ id: 'I-web' }] },
        ],
      },
    ],
  }).fixReport[0]!;
const node = (path: string | null, index: number) => ({ path, startLine: 11, endLine: 11, startCol: 5, endCol: 30, index });
const issue = (id: string, raw: Record<string, unknown>): Issue =>
  wireIssue({ id, issueType: 'SQL_Injection', vendorIssueId: 'python.sqli', state: 'Open', ...raw });

describe('Filter by Text on file paths', () => {
  const model = new ReportModel(report());
  model.addIssues([
    // The trace: a source in app/routes.py, the sink in app/db.py.
    issue('I-db', { codeNodes: [node('app/db.py', 1), node('app/routes.py', 0)] }),
    issue('I-web', { issueType: 'XSS', codeNodes: null, codeFilePath: 'web/templates/profile.html' }),
    // A path the editor refuses (it leaves the repository) is matched by nothing.
    issue('I-refused', { codeNodes: [node('../secrets/db.py', 0)] }),
  ]);
  const held = (id: string) => model.issue(id)!;
  const filter = (text: string) => ({ ...NO_FILTER, text });
  const fixShown = (text: string, id: string) => showsFix(filter(text), model.fixView(id)!, () => model.issuesOfFix(id));

  it("matches an issue by its sink's path and by the other files of its trace, case-insensitively", () => {
    assert.equal(showsIssue(filter('app/db.py'), held('I-db')), true, 'the sink');
    assert.equal(showsIssue(filter('ROUTES.PY'), held('I-db')), true, 'a step of the trace');
    assert.equal(showsIssue(filter('templates/'), held('I-web')), true, 'a file-only location');
    assert.equal(showsIssue(filter('templates/'), held('I-db')), false);
    assert.equal(showsIssue(filter('secrets'), held('I-refused')), false, 'a refused path is not matched');
    assert.equal(showsIssue(filter('python.sqli'), held('I-refused')), true, 'the other fields still are');
  });

  it('shows a fix where one of its issues is located in the file', () => {
    assert.equal(fixShown('db.py', 'F-db'), true);
    assert.equal(fixShown('db.py', 'F-web'), false);
    assert.equal(fixShown('profile.html', 'F-web'), true);
    assert.equal(showsFix(filter('db.py'), model.fixView('F-db')!), false, 'without its issues, only its own fields count');
  });

  it('counts as a filter of fixes only what applies to them', () => {
    assert.equal(filtersFixes(NO_FILTER), false);
    assert.equal(filtersFixes({ ...NO_FILTER, severities: new Set(['high']) }), false);
    assert.equal(filtersFixes(filter('db.py')), true);
    assert.equal(filtersFixes({ ...NO_FILTER, falsePositivesOnly: true }), true);
  });
});
