// code_context: what the editor's language model tool of that name is, apart from how it runs
// (views/codeContextTool, which needs the editor). Here so that plain Node can list every
// tool's description and schemas: the manifest test holds package.json to them.

/** At most this many findings are described; the rest are counted. */
export const FINDINGS_MAX = 20;

export const CODE_CONTEXT = {
  name: 'code_context',
  title: 'What is known about this code',
  description:
    "Tells what the workspace's current fix reports know about one line of a file: the scanner findings there (scanner, rule, issue type, severity, whether the code changed since the scan), the fix for each and its confidence (Stable: deterministic; Adaptive: generated with AI, review closely), and for a false positive its short summary and the exact suppression comment the editor's Insert Suppression Comment would insert at that line, or why it would refuse.",
  input: {
    path: {
      kind: 'text',
      maxLength: 1_000,
      required: true,
      description: 'The file: a path relative to a workspace folder (e.g. app/db.py), or an absolute path inside the workspace.',
    },
    line: {
      kind: 'integer',
      minimum: 1,
      maximum: 10_000_000,
      required: true,
      description: 'The line, counted from 1 as the editor shows it.',
    },
  },
  output: {
    properties: {
      path: { type: 'string' },
      line: { type: 'integer' },
      findings: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            fixReportId: { type: 'string' },
            scanner: { type: 'string' },
            issueId: { type: 'string' },
            issueType: { type: 'string' },
            ruleId: { type: ['string', 'null'] },
            severity: { type: ['string', 'null'] },
            state: { type: ['string', 'null'] },
            lines: { type: 'object', description: 'Where the finding is now (1-based, following edits since the scan).' },
            changedSinceScan: { type: 'boolean' },
            tracesToThisPlace: { type: 'integer' },
            fix: { type: ['object', 'null'] },
            falsePositive: { type: ['object', 'null'] },
          },
        },
      },
      omitted: { type: 'integer', description: `Findings at the line past the first ${FINDINGS_MAX}.` },
      notes: { type: 'array', items: { type: 'string' } },
    },
    required: ['path', 'line', 'findings', 'omitted', 'notes'],
  },
} as const;
