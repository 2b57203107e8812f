// Findings on real code: the sample workspace (test/fixtures/workspace, whose git remote is
// https://github.com/acme/payments-api) as the sandbox's payments-api reports see it. Each row
// is a place a scanner could flag, with the data-flow trace that leads to it and the fix the
// service would offer, so `npm run demo` shows findings on real lines and fixes whose patches
// apply. test/unit/tools/sandboxLocations.test.ts reads the fixture files and checks every
// region and every patch against them, so this table cannot drift from the fixture.
//
// Positions, everywhere in the sandbox (this table and the generated codeNodes):
// - paths are relative to the repository root, '/'-separated, without a leading './';
// - lines are 1-based; endLine ≥ startLine;
// - columns are 1-based and count UTF-16 code units (a tab is one column); startCol is
//   inclusive and endCol exclusive, like a SARIF region's startColumn/endColumn; endCol
//   belongs to endLine. `snippet` is exactly the text the region covers ('\n' between lines).
import type { Language } from './catalog';

export interface Region {
  readonly startLine: number;
  readonly endLine: number;
  readonly startCol: number;
  readonly endCol: number;
  readonly snippet: string;
}

export interface WorkspaceFinding extends Region {
  /** Short name for tests and messages. */
  readonly name: string;
  readonly path: string;
  /** The issue's issueLanguage (and the fix's safeIssueLanguage). */
  readonly language: Language;
  /** The issue's issueType (and the fix's safeIssueType); a category id of catalog.ts. */
  readonly issueType: string;
  /** The enclosing function, named in false-positive explanations. */
  readonly function?: string;
  /**
   * Set when the code is in fact safe: the index of the category's fpReason that explains why.
   * Only these rows become false positives.
   */
  readonly fpReason?: number;
  /** Earlier nodes of the data-flow trace (same file), source first; the row itself is the sink. */
  readonly trace: readonly Region[];
  /**
   * The fix: `before` is the fixture's text from line `line` on, verbatim, with a line of
   * context on each side where the file has one; `after` is what the fix makes of it.
   */
  readonly fix: { readonly line: number; readonly before: readonly string[]; readonly after: readonly string[] };
  /**
   * The first line of `before` as an older revision of the file had it: the patch of the one
   * conflicting fix (Dataset.conflictingFixId) is made against that revision, so it does not apply.
   */
  readonly stale: string;
}

/** The remote of the sample workspace, as the service spells the repository's address. */
export const WORKSPACE_REPO_URL = 'https://github.com/acme/payments-api';

const DIGEST = 'sha256:4f1c2a9e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a';

export const WORKSPACE_FINDINGS: readonly WorkspaceFinding[] = [
  {
    name: 'sort-column-sql',
    path: 'app/db.py',
    language: 'python',
    issueType: 'SQL_Injection',
    function: 'orders_for_customer',
    fpReason: 0,
    startLine: 11,
    endLine: 11,
    startCol: 18,
    endCol: 53,
    snippet: 'conn.execute(query, (customer_id,))',
    trace: [
      { startLine: 7, endLine: 7, startCol: 69, endCol: 87, snippet: 'sort: str = "date"' },
      { startLine: 8, endLine: 8, startCol: 14, endCol: 36, snippet: 'SORTABLE_COLUMNS[sort]' },
      {
        startLine: 9,
        endLine: 9,
        startCol: 13,
        endCol: 91,
        snippet: '"SELECT id, amount_cents FROM orders WHERE customer_id = ? ORDER BY " + column',
      },
    ],
    fix: {
      line: 8,
      before: [
        '    column = SORTABLE_COLUMNS[sort]  # KeyError for anything not allow-listed',
        '    query = "SELECT id, amount_cents FROM orders WHERE customer_id = ? ORDER BY " + column',
      ],
      after: [
        '    column = SORTABLE_COLUMNS[sort]  # KeyError for anything not allow-listed',
        '    if column not in SORTABLE_COLUMNS.values():',
        '        raise ValueError(f"unsupported sort column: {sort}")',
        '    query = "SELECT id, amount_cents FROM orders WHERE customer_id = ? ORDER BY " + column',
      ],
    },
    stale: '    column = SORTABLE_COLUMNS.get(sort, "created_at")',
  },
  {
    name: 'export-path-join',
    path: 'app/db.py',
    language: 'python',
    issueType: 'Path_Traversal',
    function: 'export_path',
    fpReason: 0,
    startLine: 18,
    endLine: 18,
    startCol: 33,
    endCol: 57,
    snippet: 'os.path.join(root, name)',
    trace: [{ startLine: 15, endLine: 15, startCol: 28, endCol: 37, snippet: 'name: str' }],
    fix: {
      line: 16,
      before: ['    import os.path', '', '    resolved = os.path.realpath(os.path.join(root, name))'],
      after: [
        '    import os.path',
        '',
        '    if os.path.isabs(name):',
        '        raise PermissionError(name)',
        '    resolved = os.path.realpath(os.path.join(root, name))',
      ],
    },
    stale: '    import os',
  },
  {
    name: 'prepared-statement',
    path: 'src/main/java/App.java',
    language: 'java',
    issueType: 'SQL_Injection',
    function: 'countOrders',
    startLine: 13,
    endLine: 13,
    startCol: 38,
    endCol: 78,
    snippet: 'connection.prepareStatement(BY_CUSTOMER)',
    trace: [
      { startLine: 12, endLine: 12, startCol: 55, endCol: 70, snippet: 'long customerId' },
      { startLine: 10, endLine: 10, startCol: 44, endCol: 96, snippet: '"SELECT id, total FROM orders WHERE customer_id = ?"' },
    ],
    fix: {
      line: 12,
      before: [
        '\tpublic static int countOrders(Connection connection, long customerId) throws SQLException {',
        '\t\ttry (PreparedStatement statement = connection.prepareStatement(BY_CUSTOMER)) {',
      ],
      after: [
        '\tpublic static int countOrders(Connection connection, long customerId) throws SQLException {',
        '\t\tif (customerId <= 0) throw new IllegalArgumentException("customerId must be positive");',
        '\t\ttry (PreparedStatement statement = connection.prepareStatement(BY_CUSTOMER)) {',
      ],
    },
    stale: '\tpublic static int countOrders(Connection connection, String customerId) throws SQLException {',
  },
  {
    name: 'bio-inner-html',
    path: 'web/Profile.tsx',
    language: 'typescript',
    issueType: 'XSS',
    function: 'Profile',
    startLine: 9,
    endLine: 9,
    startCol: 10,
    endCol: 56,
    snippet: 'dangerouslySetInnerHTML={{ __html: user.bio }}',
    trace: [{ startLine: 3, endLine: 3, startCol: 27, endCol: 31, snippet: 'user' }],
    fix: {
      line: 8,
      before: [
        '      <h2>{user.name}</h2>',
        '      <p dangerouslySetInnerHTML={{ __html: user.bio }} />',
        '      <small>{query.length}</small>',
      ],
      after: ['      <h2>{user.name}</h2>', '      <p>{user.bio}</p>', '      <small>{query.length}</small>'],
    },
    stale: '      <h2>{user.displayName}</h2>',
  },
  {
    // The one multi-line region: the template literal spans lines 4 and 5.
    name: 'profile-template-sql',
    path: 'web/Profile.tsx',
    language: 'typescript',
    issueType: 'SQL_Injection',
    function: 'Profile',
    startLine: 4,
    endLine: 5,
    startCol: 17,
    endCol: 29,
    snippet: "`SELECT * FROM profiles\n    WHERE id = '${user.id}'`",
    trace: [{ startLine: 3, endLine: 3, startCol: 27, endCol: 31, snippet: 'user' }],
    fix: {
      line: 3,
      before: [
        'export function Profile({ user }: { user: { id: string; name: string; bio: string } }) {',
        '  const query = `SELECT * FROM profiles',
        "    WHERE id = '${user.id}'`;",
        '  return (',
      ],
      after: [
        'export function Profile({ user }: { user: { id: string; name: string; bio: string } }) {',
        "  const query = 'SELECT * FROM profiles WHERE id = ?';",
        '  return (',
      ],
    },
    stale: 'export function Profile({ user }: { user: { id: number; name: string } }) {',
  },
  {
    name: 'pricing-fetch',
    path: 'web/api.ts',
    language: 'typescript',
    issueType: 'SSRF',
    function: 'priceOf',
    fpReason: 0,
    startLine: 21,
    endLine: 21,
    startCol: 30,
    endCol: 70,
    snippet: 'fetch(`${PRICING_BASE}/items/${itemId}`)',
    trace: [{ startLine: 18, endLine: 18, startCol: 31, endCol: 45, snippet: 'itemId: number' }],
    fix: {
      line: 20,
      before: [
        '    try {',
        '      const response = await fetch(`${PRICING_BASE}/items/${itemId}`);',
        '      return Number(await response.text());',
      ],
      after: [
        '    try {',
        '      const response = await fetch(`${PRICING_BASE}/items/${encodeURIComponent(String(itemId))}`);',
        '      return Number(await response.text());',
      ],
    },
    stale: '    try { // pricing v1',
  },
  {
    name: 'profile-fetch',
    path: 'web/api.ts',
    language: 'typescript',
    issueType: 'SSRF',
    function: 'fetchProfile',
    fpReason: 0,
    startLine: 14,
    endLine: 14,
    startCol: 26,
    endCol: 59,
    snippet: "fetch(url, { redirect: 'error' })",
    trace: [
      { startLine: 9, endLine: 9, startCol: 50, endCol: 64, snippet: 'userId: string' },
      { startLine: 10, endLine: 10, startCol: 15, endCol: 71, snippet: 'new URL(`/profiles/${encodeURIComponent(userId)}`, base)' },
    ],
    fix: {
      line: 9,
      before: [
        'export async function fetchProfile(base: string, userId: string): Promise<Profile> {',
        '  const url = new URL(`/profiles/${encodeURIComponent(userId)}`, base);',
      ],
      after: [
        'export async function fetchProfile(base: string, userId: string): Promise<Profile> {',
        "  if (!/^[\\w-]{1,64}$/.test(userId)) throw new Error('invalid user id');",
        '  const url = new URL(`/profiles/${encodeURIComponent(userId)}`, base);',
      ],
    },
    stale: 'export async function fetchProfile(userId: string): Promise<Profile> {',
  },
  {
    name: 'greeting-dom',
    path: 'web/index.html',
    language: 'javascript',
    issueType: 'XSS',
    startLine: 15,
    endLine: 15,
    startCol: 7,
    endCol: 73,
    snippet: "document.getElementById('greeting').textContent = `Hello, ${name}`",
    trace: [{ startLine: 14, endLine: 14, startCol: 20, endCol: 68, snippet: "new URLSearchParams(location.search).get('name')" }],
    fix: {
      line: 13,
      before: [
        '    <script>',
        "      const name = new URLSearchParams(location.search).get('name') ?? '';",
        "      document.getElementById('greeting').textContent = `Hello, ${name}`;",
      ],
      after: [
        '    <script>',
        "      const name = (new URLSearchParams(location.search).get('name') ?? '').replace(/[<>\"'&]/g, '');",
        "      document.getElementById('greeting').textContent = `Hello, ${name}`;",
      ],
    },
    stale: '    <script type="text/javascript">',
  },
  {
    name: 'reindex-exec',
    path: 'cmd/server/main.go',
    language: 'go',
    issueType: 'Command_Injection',
    function: 'reindex',
    fpReason: 0,
    startLine: 16,
    endLine: 16,
    startCol: 9,
    endCol: 73,
    snippet: 'exec.Command("/usr/local/bin/reindex", "--id", strconv.Itoa(id))',
    trace: [{ startLine: 11, endLine: 11, startCol: 26, endCol: 49, snippet: 'r.URL.Query().Get("id")' }],
    fix: {
      line: 15,
      before: ['\t}', '\tcmd := exec.Command("/usr/local/bin/reindex", "--id", strconv.Itoa(id))'],
      after: [
        '\t}',
        '\tif id <= 0 {',
        '\t\thttp.Error(w, "bad id", http.StatusBadRequest)',
        '\t\treturn',
        '\t}',
        '\tcmd := exec.Command("/usr/local/bin/reindex", "--id", strconv.Itoa(id))',
      ],
    },
    stale: '\t} // id parsed',
  },
  {
    name: 'reindex-log',
    path: 'cmd/server/main.go',
    language: 'go',
    issueType: 'Log_Forging',
    function: 'reindex',
    startLine: 18,
    endLine: 18,
    startCol: 3,
    endCol: 40,
    snippet: 'log.Printf("reindex %d: %v", id, err)',
    trace: [
      { startLine: 11, endLine: 11, startCol: 26, endCol: 49, snippet: 'r.URL.Query().Get("id")' },
      { startLine: 17, endLine: 17, startCol: 12, endCol: 21, snippet: 'cmd.Run()' },
    ],
    fix: {
      line: 17,
      before: ['\tif err := cmd.Run(); err != nil {', '\t\tlog.Printf("reindex %d: %v", id, err)', '\t}'],
      after: ['\tif err := cmd.Run(); err != nil {', '\t\tlog.Printf("reindex %d: %q", id, err.Error())', '\t}'],
    },
    stale: '\tif err := cmd.Start(); err != nil {',
  },
  {
    name: 'db-password',
    path: 'config/app.json',
    language: 'json',
    issueType: 'Hardcoded_Secret',
    fpReason: 0,
    startLine: 4,
    endLine: 4,
    startCol: 5,
    endCol: 37,
    snippet: '"password": "changeme-test-only"',
    trace: [],
    fix: {
      line: 3,
      before: ['    "host": "db.internal.example",', '    "password": "changeme-test-only"', '  },'],
      after: ['    "host": "db.internal.example",', '    "passwordFromEnv": "DATABASE_PASSWORD"', '  },'],
    },
    stale: '    "host": "localhost",',
  },
  {
    name: 'cookie-flag-json',
    path: 'config/app.json',
    language: 'json',
    issueType: 'Insecure_Cookie',
    startLine: 6,
    endLine: 6,
    startCol: 22,
    endCol: 37,
    snippet: '"secure": false',
    trace: [],
    fix: {
      line: 5,
      before: ['  },', '  "sessionCookie": { "secure": false }', '}'],
      after: ['  },', '  "sessionCookie": { "secure": true, "httpOnly": true }', '}'],
    },
    stale: '  ],',
  },
  {
    name: 'cookie-flag-helm',
    path: 'deploy/values.yaml',
    language: 'yaml',
    issueType: 'Insecure_Cookie',
    fpReason: 0,
    startLine: 14,
    endLine: 14,
    startCol: 12,
    endCol: 19,
    snippet: '"false"',
    trace: [{ startLine: 13, endLine: 13, startCol: 11, endCol: 32, snippet: 'SESSION_COOKIE_SECURE' }],
    fix: {
      line: 13,
      before: ['  - name: SESSION_COOKIE_SECURE', '    value: "false"'],
      after: ['  - name: SESSION_COOKIE_SECURE', '    value: "true"'],
    },
    stale: '  - name: COOKIE_SECURE',
  },
  {
    name: 'image-tag-helm',
    path: 'deploy/values.yaml',
    language: 'yaml',
    issueType: 'Unpinned_Image',
    fpReason: 0,
    startLine: 4,
    endLine: 4,
    startCol: 8,
    endCol: 15,
    snippet: '"2.4.1"',
    trace: [{ startLine: 3, endLine: 3, startCol: 15, endCol: 43, snippet: 'registry.example/acme/portal' }],
    fix: {
      line: 3,
      before: ['  repository: registry.example/acme/portal', '  tag: "2.4.1"', 'service:'],
      after: ['  repository: registry.example/acme/portal', '  tag: "2.4.1"', `  digest: "${DIGEST}"`, 'service:'],
    },
    stale: '  repository: registry.example/acme/customer-portal',
  },
  {
    name: 'base-image',
    path: 'Dockerfile',
    language: 'dockerfile',
    issueType: 'Unpinned_Image',
    startLine: 1,
    endLine: 1,
    startCol: 6,
    endCol: 22,
    snippet: 'python:3.12-slim',
    trace: [],
    fix: {
      line: 1,
      before: ['FROM python:3.12-slim', 'WORKDIR /srv/app'],
      after: [`FROM python:3.12-slim@${DIGEST}`, 'WORKDIR /srv/app'],
    },
    stale: 'FROM python:3.11-slim',
  },
];
