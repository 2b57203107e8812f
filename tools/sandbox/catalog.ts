// Static vocabulary of the generated data: scanners, issue categories and their rule ids,
// languages, repositories, people and the sentences reviewers write. Kept apart from the
// generator so the generator reads as rules, not as tables.
import { WORKSPACE_FINDINGS, type WorkspaceFinding } from './workspaceFindings';

export const VENDORS = ['checkmarx', 'codeql', 'fortify', 'opengrep', 'semgrep', 'snyk', 'sonarqube'] as const;
export type Vendor = (typeof VENDORS)[number];

// json, yaml and dockerfile only occur in the sample workspace's findings (workspaceFindings.ts).
export type Language =
  'java' | 'kotlin' | 'javascript' | 'typescript' | 'python' | 'csharp' | 'go' | 'php' | 'ruby' | 'json' | 'yaml' | 'dockerfile';

/** How each scanner grades findings (lowercase, as the service reports `error`). */
export const SEVERITIES: Record<Vendor, readonly (readonly [string, number])[]> = {
  checkmarx: [
    ['critical', 1],
    ['high', 3],
    ['medium', 4],
    ['low', 2],
  ],
  codeql: [
    ['error', 6],
    ['warning', 3],
    ['note', 1],
  ],
  fortify: [
    ['critical', 2],
    ['high', 4],
    ['medium', 3],
    ['low', 1],
  ],
  opengrep: [
    ['error', 6],
    ['warning', 3],
    ['note', 1],
  ],
  semgrep: [
    ['error', 6],
    ['warning', 3],
    ['note', 1],
  ],
  snyk: [
    ['high', 4],
    ['medium', 4],
    ['low', 2],
  ],
  sonarqube: [
    ['blocker', 1],
    ['critical', 3],
    ['major', 4],
    ['minor', 2],
  ],
};

export interface Category {
  /** The service's issue category, used as issueType and safeIssueType. */
  readonly id: string;
  readonly title: string;
  readonly codeql: string;
  readonly semgrep: string;
  readonly sonar: string;
  readonly snyk: string;
  readonly checkmarx: string;
  readonly fortify: string;
  /** Why a reviewer marked a finding of this category as a false positive. */
  readonly fpReasons: readonly FpReason[];
}

interface FpReason {
  /** One sentence; becomes the fp-summary. */
  readonly short: string;
  /** The evidence paragraph of the full description. */
  readonly detail: string;
}

export const CATEGORIES: readonly Category[] = [
  {
    id: 'SQL_Injection',
    title: 'SQL injection',
    codeql: 'sql-injection',
    semgrep: 'injection.sql.sql-injection-db-cursor-execute',
    sonar: 'S3649',
    snyk: 'Sqli',
    checkmarx: 'SQL_Injection',
    fortify: 'SQL Injection',
    fpReasons: [
      {
        short: 'The concatenated value is a column name chosen from a fixed allow-list, so no user text reaches the SQL string.',
        detail:
          'The only value concatenated into the statement is the sort column. It is looked up in SORTABLE_COLUMNS, a constant map, and an unknown key raises before the query is built. All user-supplied values are bound as parameters.',
      },
      {
        short: 'The query runs only in a database migration script executed by operators; it takes no request input.',
        detail:
          'The flagged method belongs to a migration that runs once at deploy time. Its only inputs are constants in the migration file; no HTTP handler, queue consumer or CLI argument reaches it.',
      },
    ],
  },
  {
    id: 'XSS',
    title: 'cross-site scripting',
    codeql: 'xss',
    semgrep: 'audit.xss.direct-response-write',
    sonar: 'S5131',
    snyk: 'XSS',
    checkmarx: 'Reflected_XSS_All_Clients',
    fortify: 'Cross-Site Scripting: Reflected',
    fpReasons: [
      {
        short:
          'The value is rendered through the template engine with auto-escaping enabled; the flagged write is a JSON API response with Content-Type application/json.',
        detail:
          'The response is produced by the JSON serializer and sent with Content-Type: application/json and X-Content-Type-Options: nosniff. Browsers do not render it as HTML, and the HTML views use the auto-escaping template engine.',
      },
      {
        short: 'The reflected value is a server-generated UUID validated by a strict pattern before it is echoed.',
        detail:
          'The echoed value is the request id. It is generated server-side, and when a client supplies one it must match ^[0-9a-f-]{36}$ or the request is rejected with 400.',
      },
    ],
  },
  {
    id: 'Path_Traversal',
    title: 'path traversal',
    codeql: 'path-injection',
    semgrep: 'audit.path-traversal.path-join-resolve-traversal',
    sonar: 'S2083',
    snyk: 'PT',
    checkmarx: 'Path_Traversal',
    fortify: 'Path Manipulation',
    fpReasons: [
      {
        short: 'The file name is resolved and checked to stay inside the upload root before any file access.',
        detail:
          'The path is normalised with the platform resolver and compared with the canonical upload root. Anything outside the root, including symbolic links that point out of it, is rejected with 403 before the file is opened.',
      },
      {
        short: 'The path comes from the build configuration, not from a request.',
        detail:
          'The flagged argument is read from the application configuration file at start-up. Only operators can change it, and it is never derived from request data.',
      },
    ],
  },
  {
    id: 'Hardcoded_Secret',
    title: 'hard-coded secret',
    codeql: 'hardcoded-credentials',
    semgrep: 'secrets.detected-generic-secret',
    sonar: 'S2068',
    snyk: 'HardcodedNonCryptoSecret',
    checkmarx: 'Hardcoded_Password_in_Connection_String',
    fortify: 'Password Management: Hardcoded Password',
    fpReasons: [
      {
        short: 'The string is a documented placeholder used only by unit-test fixtures; production reads the secret from the vault.',
        detail:
          'The literal is "changeme-test-only" and appears only in test fixtures. The production configuration loads the credential from the secret store at start-up and fails if it is missing.',
      },
      {
        short: 'The flagged literal is a public key identifier, not a secret.',
        detail: 'The value is the key id of a public signing key published in the JWKS document. Knowing it grants no access.',
      },
    ],
  },
  {
    id: 'Log_Forging',
    title: 'log forging',
    codeql: 'log-injection',
    semgrep: 'audit.log-injection.log-forging',
    sonar: 'S5145',
    snyk: 'LogInjection',
    checkmarx: 'Log_Forging',
    fortify: 'Log Forging',
    fpReasons: [
      {
        short: 'The logger uses a structured JSON encoder that escapes CR and LF, so a value cannot start a new log entry.',
        detail:
          'Log events are written as JSON lines by the structured encoder. Control characters, including carriage return and line feed, are escaped as \\r and \\n, so a value cannot forge a separate entry.',
      },
    ],
  },
  {
    id: 'Open_Redirect',
    title: 'open redirect',
    codeql: 'url-redirection',
    semgrep: 'audit.open-redirect.unvalidated-redirect',
    sonar: 'S5146',
    snyk: 'OpenRedirect',
    checkmarx: 'Open_Redirect',
    fortify: 'Open Redirect',
    fpReasons: [
      {
        short: 'The redirect target is matched against an allow-list of relative paths; absolute URLs are rejected.',
        detail:
          'The return URL must start with a single "/" and must not start with "//" or contain a scheme. Values that fail the check fall back to the dashboard route.',
      },
    ],
  },
  {
    id: 'SSRF',
    title: 'server-side request forgery',
    codeql: 'request-forgery',
    semgrep: 'injection.ssrf.tainted-url-host',
    sonar: 'S5144',
    snyk: 'Ssrf',
    checkmarx: 'SSRF',
    fortify: 'Server-Side Request Forgery',
    fpReasons: [
      {
        short: 'Only the path segment is user-controlled; scheme, host and port are fixed to the internal pricing service.',
        detail:
          'The URL is built from a constant base (scheme, host and port of the pricing service) and an item id that is URL-encoded as a single path segment. The user cannot change the host.',
      },
    ],
  },
  {
    id: 'Insecure_Cookie',
    title: 'insecure cookie',
    codeql: 'insecure-cookie',
    semgrep: 'audit.cookie-missing-secure-flag',
    sonar: 'S2092',
    snyk: 'WebCookieSecureDisabledByDefault',
    checkmarx: 'Cookie_Overly_Broad_Path',
    fortify: 'Cookie Security: Cookie not Sent Over SSL',
    fpReasons: [
      {
        short: 'The reverse proxy adds Secure and HttpOnly to every Set-Cookie header; the cookie only holds a UI theme.',
        detail:
          'The cookie stores the selected colour theme and carries no session data. In every deployed environment the ingress rewrites Set-Cookie headers to add Secure, HttpOnly and SameSite=Lax.',
      },
    ],
  },
  {
    id: 'Command_Injection',
    title: 'OS command injection',
    codeql: 'command-line-injection',
    semgrep: 'injection.command.subprocess-injection',
    sonar: 'S2076',
    snyk: 'CommandInjection',
    checkmarx: 'Command_Injection',
    fortify: 'Command Injection',
    fpReasons: [
      {
        short: 'The process is started with an argument array and no shell; the only variable argument is a validated numeric id.',
        detail:
          'The child process is spawned without a shell and receives its arguments as an array. The variable argument is parsed as an integer before use, so shell metacharacters have no effect.',
      },
    ],
  },
  {
    id: 'XXE',
    title: 'XML external entity injection',
    codeql: 'xxe',
    semgrep: 'audit.xxe.documentbuilderfactory-disallow-doctype-decl-missing',
    sonar: 'S2755',
    snyk: 'XXE',
    checkmarx: 'XXE',
    fortify: 'XML External Entity Injection',
    fpReasons: [
      {
        short:
          'The parser factory is configured once in XmlConfig with DOCTYPE declarations disallowed; the scanner does not follow that configuration.',
        detail:
          'All parsers are obtained from XmlConfig.secureFactory(), which sets disallow-doctype-decl and disables external general and parameter entities. The scanner sees a bare factory call because the configuration happens in another module.',
      },
    ],
  },
  {
    id: 'Insecure_Randomness',
    title: 'insecure randomness',
    codeql: 'insecure-randomness',
    semgrep: 'audit.crypto.insecure-random',
    sonar: 'S2245',
    snyk: 'InsecureRandom',
    checkmarx: 'Use_Of_Cryptographically_Weak_PRNG',
    fortify: 'Insecure Randomness',
    fpReasons: [
      {
        short: 'The random value only spreads retry back-off delays; it protects nothing.',
        detail:
          'The generator picks a jitter between 0 and 250 ms for retry back-off. Predicting it gives an attacker nothing; tokens and ids use the cryptographic generator.',
      },
    ],
  },
  {
    id: 'Weak_Hash',
    title: 'weak hash algorithm',
    codeql: 'weak-cryptographic-algorithm',
    semgrep: 'audit.crypto.use-of-md5',
    sonar: 'S4790',
    snyk: 'InsecureHash',
    checkmarx: 'Use_of_Broken_or_Risky_Cryptographic_Algorithm',
    fortify: 'Weak Cryptographic Hash',
    fpReasons: [
      {
        short: 'MD5 is used as a cache key for static asset contents, not for passwords or signatures.',
        detail:
          'The digest names cached build artefacts so that unchanged files are not uploaded again. Collisions would at worst cause a cache miss; no security decision depends on it.',
      },
    ],
  },
];

/**
 * Categories that only the sample workspace's findings use. Kept out of CATEGORIES so that
 * `rng.pick(CATEGORIES)` picks what it always picked for every other report.
 */
const WORKSPACE_CATEGORIES: readonly Category[] = [
  {
    id: 'Unpinned_Image',
    title: 'container image not pinned by digest',
    codeql: 'unpinned-container-image',
    semgrep: 'audit.image-not-pinned-by-digest',
    sonar: 'S6596',
    snyk: 'DockerImageNotPinned',
    checkmarx: 'Image_Without_Digest',
    fortify: 'Dockerfile Misconfiguration: Image Not Pinned',
    fpReasons: [
      {
        short: 'The registry makes tags immutable, so the tag already names exactly one image; CI verifies its signature on pull.',
        detail:
          'The registry rejects pushes to an existing tag, so a tag cannot be moved to another image. The deploy pipeline also verifies the image signature before rollout.',
      },
    ],
  },
];

const CATEGORY_BY_ID = new Map([...CATEGORIES, ...WORKSPACE_CATEGORIES].map((c) => [c.id, c]));

/** A category by its id (issueType), the sample workspace's own included. */
export function categoryById(id: string | null | undefined): Category | undefined {
  return typeof id === 'string' ? CATEGORY_BY_ID.get(id) : undefined;
}

const CODEQL_LANG: Record<Language, string> = {
  java: 'java',
  kotlin: 'java',
  javascript: 'js',
  typescript: 'js',
  python: 'py',
  csharp: 'cs',
  go: 'go',
  php: 'php',
  ruby: 'rb',
  json: 'json',
  yaml: 'yaml',
  dockerfile: 'docker',
};
const SEMGREP_PREFIX: Record<Language, string> = {
  java: 'java.spring.security',
  kotlin: 'kotlin.lang.security',
  javascript: 'javascript.express.security',
  typescript: 'typescript.nestjs.security',
  python: 'python.django.security',
  csharp: 'csharp.dotnet.security',
  go: 'go.lang.security',
  php: 'php.laravel.security',
  ruby: 'ruby.rails.security',
  json: 'json.secrets.security',
  yaml: 'yaml.kubernetes.security',
  dockerfile: 'dockerfile.security',
};

/** The scanner's own rule id for a category, as it would print it (`java/sql-injection`, `S3649`). */
export function ruleId(vendor: Vendor, category: Category, language: Language): string {
  switch (vendor) {
    case 'codeql':
      return `${CODEQL_LANG[language]}/${category.codeql}`;
    case 'semgrep':
    case 'opengrep':
      return `${SEMGREP_PREFIX[language]}.${category.semgrep}`;
    case 'sonarqube':
      return category.sonar;
    case 'snyk':
      return `${language}/${category.id === 'XSS' && (language === 'javascript' || language === 'typescript') ? 'DOMXSS' : category.snyk}`;
    case 'checkmarx':
      return category.checkmarx;
    case 'fortify':
      return category.fortify;
  }
}

export interface RepoDef {
  readonly name: string;
  readonly originalUrl: string;
  readonly references: readonly string[];
  readonly project: string;
  readonly languages: readonly Language[];
  /** Source roots used to make plausible file paths in descriptions and code locations. */
  readonly files: readonly string[];
  /**
   * Findings on real code (the sample workspace): its issues and fixes take their category,
   * language, sink, trace and patch from these rows instead of from `files`.
   */
  readonly findings?: readonly WorkspaceFinding[];
  /**
   * The branch whose newest report of each scanner gets earlier scans (the generator's
   * `rescans`): the sample workspace's branch, so what changed since the previous scan shows
   * on the reports the editor takes as current.
   */
  readonly rescanned?: string;
}

export const REPOS: readonly RepoDef[] = [
  {
    name: 'payments-api',
    originalUrl: 'https://github.com/acme/payments-api',
    references: ['main', 'release/2.3', 'release/2.4'],
    project: 'Payments',
    languages: ['java', 'kotlin'],
    files: [
      'src/main/java/com/acme/payments/OrderRepository.java',
      'src/main/java/com/acme/payments/web/RefundController.java',
      'src/main/kotlin/com/acme/payments/ledger/LedgerClient.kt',
    ],
    // The sample workspace's remote: with code locations on, its reports point at real lines.
    findings: WORKSPACE_FINDINGS,
    // The sample workspace's branch (tools/editor/workspace.ts FIXTURE_BRANCH).
    rescanned: 'release/2.4',
  },
  {
    name: 'web-portal',
    originalUrl: 'https://github.com/acme/web-portal',
    references: ['main', 'develop'],
    project: 'Customer Portal',
    languages: ['typescript', 'javascript'],
    files: ['src/routes/account.ts', 'src/components/ProfileCard.tsx', 'server/middleware/session.js'],
  },
  {
    name: 'identity-service',
    originalUrl: 'https://github.com/acme/identity-service',
    references: ['main', 'release/1.8'],
    project: 'Identity',
    languages: ['go'],
    files: ['internal/token/issuer.go', 'internal/http/handlers/login.go', 'pkg/store/users.go'],
  },
  {
    name: 'data-pipeline',
    originalUrl: 'https://github.com/acme/data-pipeline',
    references: ['main'],
    project: 'Analytics',
    languages: ['python'],
    files: ['pipeline/loaders/warehouse.py', 'pipeline/api/views.py', 'pipeline/tasks/export.py'],
  },
  {
    name: 'storefront',
    originalUrl: 'https://gitlab.com/acme-retail/storefront',
    references: ['master', 'feature/checkout-v2'],
    project: 'Storefront',
    languages: ['php', 'javascript'],
    files: ['app/Http/Controllers/CartController.php', 'resources/js/checkout.js', 'app/Services/Search.php'],
  },
  {
    name: 'billing-service',
    originalUrl: 'https://dev.azure.com/acme/Billing/_git/billing-service',
    references: ['main', 'hotfix/invoice-rounding'],
    project: 'Billing',
    languages: ['csharp'],
    files: ['src/Billing.Api/Controllers/InvoiceController.cs', 'src/Billing.Core/Pdf/Renderer.cs'],
  },
  {
    name: 'merchant-dashboard',
    originalUrl: 'https://github.com/acme/merchant-dashboard',
    references: ['main'],
    project: 'Merchant Dashboard',
    languages: ['ruby', 'javascript'],
    files: ['app/controllers/reports_controller.rb', 'app/models/merchant.rb', 'app/javascript/charts.js'],
  },
];

/** Where submissions of a report without a repository point (the service lost the repo record). */
export const FALLBACK_SCM_URL = 'https://bitbucket.acme.example/projects/CORE/repos/core-lib';

export interface Person {
  readonly name: string;
  readonly email: string;
}

export const PEOPLE: readonly Person[] = [
  { name: 'Dana Kim', email: 'dana.kim@acme.example' },
  { name: 'Rahul Mehta', email: 'rahul.mehta@acme.example' },
  { name: 'Sofía García', email: 'sofia.garcia@acme.example' },
  { name: 'Jonas Müller', email: 'jonas.mueller@acme.example' },
  { name: 'Amara Okafor', email: 'amara.okafor@acme.example' },
  { name: 'Wei Chen', email: 'wei.chen@acme.example' },
  { name: "Liam O'Brien", email: 'liam.obrien@acme.example' },
  { name: 'Noa Levi', email: 'noa.levi@acme.example' },
];

export const FIX_RATING_TAGS = ['BAD_PATTERN', 'BREAKING_FIX', 'FALSE_POSITIVE', 'OTHER', 'UNRESOLVED_FIX'] as const;

export const POSITIVE_COMMENTS: readonly string[] = [
  'Clean fix, merged as is.',
  'Exactly the change we wanted. Tests pass.',
  'Good catch, and the change is minimal.',
  'Applied on release branch too.',
  'LGTM — matches our secure coding guideline.',
];

export const NEGATIVE_COMMENTS: Record<(typeof FIX_RATING_TAGS)[number] | 'none', readonly string[]> = {
  BAD_PATTERN: [
    'Escapes the value by hand instead of using the framework encoder.',
    'We do not allow string formatting in queries, even escaped.',
  ],
  BREAKING_FIX: [
    'Broke the login flow in staging: the encoder double-escapes the redirect URL.',
    'Integration tests fail after applying this; the method signature changed.',
  ],
  FALSE_POSITIVE: ['Input is a constant enum, not user-controlled.', 'This code path is only reachable from tests.'],
  OTHER: ['The fix touches generated code; it will be overwritten by the next build.', 'Fine, but please split it per module.'],
  UNRESOLVED_FIX: ['The scanner still reports the issue after applying the fix.', 'Only one of the two sinks is covered.'],
  none: ['Not convinced.', 'Needs another look.'],
};

export const ISSUE_STATES_OPEN: readonly (readonly [string, number])[] = [
  ['Open', 12],
  ['Irrelevant', 1],
  ['Ignored', 1],
];

/** Function names used in descriptions, to make file:line references look like real findings. */
export const FUNCTIONS: readonly string[] = [
  'findByCustomer',
  'renderProfile',
  'exportCsv',
  'handleCallback',
  'loadTemplate',
  'buildQuery',
  'redirectAfterLogin',
  'fetchAvatar',
  'setSessionCookie',
  'runReport',
  'parseInvoice',
  'nextBackoff',
];

/** effortToApplyFix of a fix, by weight. */
export const FIX_EFFORTS: readonly (readonly [string, number])[] = [
  ['LOW', 5],
  ['MEDIUM', 3],
  ['HIGH', 1],
];

/** severityText of a fix, by weight, with the range of its severityValue (a CVSS-like 0–10 score). */
export const FIX_SEVERITIES: readonly (readonly [{ readonly text: string; readonly min: number; readonly max: number }, number])[] = [
  [{ text: 'critical', min: 9.0, max: 10.0 }, 1],
  [{ text: 'high', min: 7.0, max: 8.9 }, 3],
  [{ text: 'medium', min: 4.0, max: 6.9 }, 4],
  [{ text: 'low', min: 0.1, max: 3.9 }, 2],
];

/**
 * A question the service asked while generating a fix. The sandbox's patches are the ones
 * made with every question answered by its defaultValue.
 */
export interface FixQuestion {
  readonly key: string;
  readonly name: string;
  readonly question: string;
  /** 'text' or 'select' (then `options` lists the choices). */
  readonly inputType: string;
  readonly options: readonly string[];
  readonly defaultValue: string;
}

export const FIX_QUESTIONS: readonly FixQuestion[] = [
  {
    key: 'validation_pattern',
    name: 'Validation pattern',
    question: 'Which pattern must the value match before it is used?',
    inputType: 'text',
    options: [],
    defaultValue: '^[\\w-]{1,64}$',
  },
  {
    key: 'encoder',
    name: 'Encoder',
    question: 'Which encoder should the fix use?',
    inputType: 'select',
    options: ['framework', 'owasp-encoder', 'manual'],
    defaultValue: 'framework',
  },
  {
    key: 'is_test_code',
    name: 'Test code',
    question: 'Is this code only reachable from tests?',
    inputType: 'select',
    options: ['yes', 'no'],
    defaultValue: 'no',
  },
  {
    key: 'allowed_hosts',
    name: 'Allowed hosts',
    question: 'Which hosts may the request go to (comma-separated)?',
    inputType: 'text',
    options: [],
    defaultValue: 'pricing.internal.example',
  },
  {
    key: 'secret_env_var',
    name: 'Secret variable',
    question: 'Which environment variable holds the secret?',
    inputType: 'text',
    options: [],
    defaultValue: 'DATABASE_PASSWORD',
  },
];

/** One changed line per category, for the patches of synthetic (non-workspace) fixes. */
export const SYNTHETIC_EDITS: Record<string, { readonly old: string; readonly new: string }> = {
  SQL_Injection: {
    old: '    query = "SELECT * FROM orders WHERE id = " + orderId',
    new: '    query = "SELECT * FROM orders WHERE id = ?"  # bound below',
  },
  XSS: { old: '    body.innerHTML = message', new: '    body.textContent = message' },
  Path_Traversal: { old: '    path = base + "/" + name', new: '    path = safe_join(base, name)' },
  Hardcoded_Secret: { old: '    password = "hunter2"', new: '    password = env("APP_PASSWORD")' },
  Log_Forging: { old: '    log.info("login " + user)', new: '    log.info("login {}", sanitize(user))' },
  Open_Redirect: { old: '    redirect(request.param("next"))', new: '    redirect(allowListed(request.param("next")))' },
  SSRF: { old: '    http.get(request.param("url"))', new: '    http.get(PRICING_BASE + "/items/" + encode(itemId))' },
  Insecure_Cookie: { old: '    cookie.secure = false', new: '    cookie.secure = true' },
  Command_Injection: { old: '    run("sh -c \'convert " + file + "\'")', new: '    run(["convert", file])' },
  XXE: { old: '    factory = XmlFactory.new()', new: '    factory = XmlConfig.secureFactory()' },
  Insecure_Randomness: { old: '    token = random.next()', new: '    token = secureRandom.next()' },
  Weak_Hash: { old: '    digest = md5(password)', new: '    digest = sha256(password)' },
};
