// Other tools' directives by shape (common/directives): every directive of the corpus collected
// from tools' own documentation is refused (test/fixtures/directives/corpus.json, data kept out of
// the rule's source), and prose is accepted: every summary the sandbox serves, its rule ids and
// issue types, and security justifications written the way reviewers write them.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { findDirective } from '../../../src/common/directives';
import { FOREIGN_DIRECTIVES } from '../../../src/common/scanners';
import { buildSuppressionComment, resolveStyle } from '../../../src/model/suppression';
import { CATEGORIES, categoryById, ruleId, VENDORS, type Category, type Language } from '../../../tools/sandbox/catalog';
import { HOSTILE_CASES } from '../../../tools/sandbox/hostile';
import { WORKSPACE_FINDINGS } from '../../../tools/sandbox/workspaceFindings';
import { observe } from '../../support/evidence';

interface CorpusEntry {
  tool: string;
  example: string;
  source: string;
  note?: string;
}

const CORPUS_FILE = path.join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'directives', 'corpus.json');
const CORPUS = JSON.parse(readFileSync(CORPUS_FILE, 'utf8')) as CorpusEntry[];

/** What buildSuppressionComment checks: the shapes, then the names of common/scanners. */
const refused = (text: string) => findDirective(text, FOREIGN_DIRECTIVES);

/**
 * Directives the shapes alone do not catch, by design: bare words a tool reads with no
 * punctuation, which only a name can tell from prose. The name list catches each.
 */
const NAME_ONLY_TOOLS = new Set(['Perl::Critic', 'Vale', 'CodeQL', 'DeepSource', 'ReSharper']);

/** Directives of tools no list names (made up here), in the shapes real tools use. */
const UNKNOWN_TOOLS = [
  '// acme-disable-next-line',
  '# foolint: ignore',
  '// zzz:skip=R1 reason',
  '/* NOFOO */',
  '# nofoo',
  '@acme-suppress RuleX',
  '# barscan disable=BAR001',
  '// qux ignore next',
  '#[qux::skip]',
  '@SuppressAcme("x")',
  '// frob:off',
  'FROB_OFF',
  '// widget-ignore: rule-1',
  '// acmecheck: globals x',
  '# acme:ignore[rule-1]',
  '// ACME-disable',
  '// $AcmeIgnore',
  '<!-- acme ignore -->',
  '// acme: ignore',
  'acmetool[CKV_ACME_12]',
  'allow(acme::rule)',
  '// ignore-next-line',
  '// @acme-ignore-line',
];

/** Security justifications as reviewers write them, with the words directives are made of. */
const PROSE = [
  'Input is validated by validate_id() before use; not exploitable.',
  'The value comes from config (trusted), see docs/config.md.',
  'Safe: parameterised query (cursor.execute(sql, params)).',
  'Only reachable in tests; disabled in production.',
  'Uses hashlib.sha256 for cache keys, not passwords.',
  'The author disabled the debug endpoint in production builds.',
  'Debug logging is disabled in every deployed environment, so the token is never written.',
  'We ignore this header on purpose: the proxy strips it before the request reaches the app.',
  'Browsers ignore X-Forwarded-Host here because the app never reflects it.',
  'It is safe to skip the check: the value is a constant.',
  'Admins cannot disable the CSRF middleware; it is registered globally.',
  'The middleware is never disabled, even for internal routes.',
  'Re-enable the rule after the migration; for now the input is a fixed enum.',
  'There is a trade-off between caching and freshness, but no user data is involved.',
  'The sort column is chosen from an allow-list, so no user text reaches SQL.',
  'Links use rel="noopener noreferrer", so the opened page cannot reach window.opener.',
  'Responses carry X-Content-Type-Options: nosniff and Content-Type: application/json.',
  'Cache-Control: no-store is set on every authenticated response.',
  'The .env file is listed in .gitignore and never committed; CI reads secrets from the vault.',
  'The password field has autocomplete="off" and the value is never logged.',
  'Cookies are HttpOnly; Secure; SameSite=Lax on every environment.',
  "The CSP uses a per-request nonce and default-src 'none' for the API.",
  'NOTE: the value is a build-time constant, not user input.',
  'None of the inputs reach the shell; arguments are passed as an array.',
  'NoSQL injection is not possible: the query object is built from typed fields only.',
  'Uses node:crypto randomBytes(32) for tokens; Math.random only spreads back-off delays.',
  'The Node.js service runs with --disallow-code-generation-from-strings.',
  'The path is checked with os.path.realpath(path).startswith(ROOT) before open().',
  'request.args["id"] is parsed with int() and rejected when negative.',
  'The map[string]string holds only static labels compiled into the binary.',
  'arr[0] is the first element of a fixed-size array of constants.',
  'SORTABLE_COLUMNS[column] raises KeyError for unknown keys before the query is built.',
  'subprocess.run(["git", "status"], shell=False) takes no user input.',
  'The regex uses RegexOptions.IgnoreCase with a 100 ms timeout, so no ReDoS.',
  'The endpoint is protected by @PreAuthorize("hasRole(\'ADMIN\')") and CSRF tokens.',
  "The view is decorated with @login_required and only reads the user's own records.",
  'The DTO is annotated with @Valid and @NotNull, so Bean Validation rejects bad input.',
  'Escaping is done by escape(user_input) from markupsafe before rendering.',
  'The mount uses noexec,nosuid,nodev so uploaded files cannot run.',
  "The sudoers entry has no NOPASSWD tag; the command needs the admin's password.",
  'MD5 is only a cache key (see CWE-328); no security decision depends on it.',
  'This is CVE-2021-44228 territory only if JNDI lookups are on; log4j2.formatMsgNoLookups=true is set.',
  'OWASP A03:2021 does not apply: the value is an integer.',
  'TLS 1.2+ is enforced with ssl.CERT_REQUIRED and check_hostname=True.',
  'verify=True is the default and the code never overrides it.',
  'The HMAC comparison uses hmac.compare_digest, which is constant-time.',
  'Token generation uses secrets.token_urlsafe(32).',
  'The XML parser is created with resolve_entities=False and no_network=True.',
  'DocumentBuilderFactory has disallow-doctype-decl set to true in XmlConfig.',
  'The redirect only accepts paths that start with a single "/" and no scheme.',
  'The file name is a UUID generated server-side; the client never chooses it.',
  'The query uses PreparedStatement with ? placeholders for every value.',
  'The flagged string is a public key id, not a secret (see keys/README.md).',
  'Only operators can change this setting; it is read once at start-up.',
  'The test fixture password is "changeme-test-only" and is rejected in production.',
  'Randomness here only picks a retry jitter; tokens use SecureRandom.',
  'The template engine auto-escapes by default and |safe is never used on this value.',
  'The value is HTML-encoded with HtmlEncoder.Default.Encode before it is written.',
  'innerHTML receives a string built from DOMPurify.sanitize(html, {USE_PROFILES: {html: true}}).',
  'The scanner missed that the ORM binds parameters (session.query(User).filter_by(id=uid)).',
  'The function is only called from the CLI by an operator (manage.py rebuild_index).',
  'Reviewed with the team: the sink is unreachable from any HTTP route.',
  'No request data flows here; the input is the build number.',
  'Nothing user-controlled reaches eval(): the expression is a literal.',
  'The input is normalised with unicodedata.normalize("NFKC", s) and matched against ^[a-z0-9_-]{3,32}$.',
  'Skipped validation only applies to internal health checks, which carry no data.',
  'Ignoring the warning is fine because the buffer length is checked two lines above.',
  'The check is skipped for the metrics port, which listens on localhost only.',
  'Suppressing the deserialization path: only signed, versioned messages are accepted.',
  'Excluded paths are test fixtures that never ship.',
  'Exclude list: docs/ and examples/ are not deployed.',
  "The linter's complaint is about style, not security; the value is escaped.",
  "We rely on Django's CSRF protection, which is enabled by default.",
  'Rate limiting is enforced by the gateway (100 req/min per token).',
  'The signing key lives in KMS; the code only holds its ARN.',
  'Old code path, unreachable since v2.3; scheduled for removal.',
  'The data is public (open data set), so exposure is not a concern.',
  'The call site passes a compile-time constant to Runtime.exec(String[]).',
  'Input is capped at 4 KiB and parsed with a non-backtracking regex (RE2).',
  'The endpoint requires mTLS; only the billing service holds a client cert.',
  'Logs are structured JSON; CR and LF are escaped as \\r and \\n.',
  'The S3 bucket policy denies public access; the ACL flag the scanner saw is overridden.',
  'The container runs as UID 10001 with a read-only root filesystem.',
  'The image is pinned by digest sha256:4f2a...; tags are immutable in the registry.',
  'This is a false positive: the taint source is a server-side enum.',
  'FP: the variable is reassigned to a sanitized copy before use.',
  'Not exploitable - the value is clamped to 0..100.',
  'The sanitizer strips everything except [A-Za-z0-9].',
  'Sanitised by bleach.clean(text, tags=[], strip=True).',
  'Only the path segment is user-controlled; scheme and host are fixed.',
  'Output goes to a text/plain response, never HTML.',
  'Content is served from a sandboxed origin (usercontent.example) with CSP sandbox.',
  'Numbers only: the value passes through Number.parseInt(x, 10) and Number.isSafeInteger.',
  'Safe by construction: the SQL is built with knex.where({ id }).',
  'The secret in this file is a dummy used by unit tests (tests/fixtures/keys.pem).',
  'The warning is about a deprecated API; it has no security impact.',
  'Handled by the WAF and by server-side validation.',
  'Permission checks happen in authorize(user, resource) before this line.',
  'The dangerous method is only called with values from an enum (Mode.READ, Mode.WRITE).',
  'The deprecated cipher is used only to read legacy archives, never to write.',
  'Jackson default typing is off; only @JsonTypeInfo on sealed classes is used.',
  'The object is deserialized with ObjectInputFilter allowing only java.lang.String.',
  'Uses yaml.safe_load, not yaml.load.',
  "pickle is only used for the local cache in the user's own home directory.",
  'The token is compared after both sides are hashed.',
  'The session id is regenerated on login (session.regenerate()).',
  'Inputs are checked by the JSON schema (additionalProperties: false).',
  'The flagged header value is a constant defined in settings.py.',
  'This branch runs only when FEATURE_X=off in staging.',
  'Not user-facing: this is an internal admin tool behind the VPN.',
  'Passwords are hashed with argon2id (m=64MiB, t=3, p=1).',
  'The random IV is from os.urandom(16); the key never leaves the HSM.',
  'Mode of operation is GCM; ECB is not used anywhere.',
  'Cross-origin requests are limited by the CORS allow-list (app.example.com only).',
  'The SSRF guard resolves the host and rejects private ranges (10/8, 172.16/12, 192.168/16).',
  'The URL is built with new URL(path, BASE) and the origin is compared afterwards.',
  'Content-Disposition: attachment is set, so the file is downloaded, not rendered.',
  "The code reads the env var only in local development (NODE_ENV !== 'production').",
  "No shell: execFile('convert', [input, output]) with validated paths.",
  'The temp file is created with O_CREAT | O_EXCL and mode 0600.',
  'Uses the platform keystore; nothing is written to disk.',
  'Reviewed by security (ticket SEC-1234); risk accepted until Q3.',
  'The offset is bounded by len(buf) - 4 before the read.',
  'One-off script, run once by ops during the 2023 migration.',
  'Opt-in feature, off by default, only for admins.',
  'This add-on is disabled unless the tenant enables it.',
  'The check-in flow re-validates the token server-side.',
  'The pre-check rejects anything but digits.',
  "The IDE's sanity-check warning is a false positive here.",
  'Turned off in production via settings.DEBUG = False.',
  'The scanner flags a no-op assignment that is removed by the compiler.',
  'Notably, the value never leaves the process.',
  'Nobody outside the ops team can reach this endpoint.',
  'Nonetheless the input is escaped twice.',
  'The nonce is 128 bits from the CSPRNG.',
  'The normal flow never calls this with user input.',
  'Nothing reaches the template but numbers.',
  "Note: ignore the scanner's hint about eval, the string is a literal.",
  'This value is OK to log: it is a request id.',
  'The password field is annotated with @JsonIgnore, so it is never serialized.',
  'Unknown properties are rejected; the DTO does not use @JsonIgnoreProperties(ignoreUnknown = true).',
  'The entity marks the hash as @Transient and @ToString.Exclude.',
  'Paging uses query.Skip(offset).Take(limit) with integers parsed server-side.',
  'LINQ Skip(10) and Take(20) are applied to an already filtered IQueryable.',
  'shouldSkipValidation() returns false for every external request.',
  'disable_ssl is never set; sslmode=require in every environment.',
  'ignore_errors=True only applies to the temp directory cleanup.',
  'The client never passes --skip-tls-verify or --insecure.',
  'ssl.CERT_NONE is not used; the context is created with create_default_context().',
  'The column has a NOT NULL constraint and a CHECK (len > 0).',
  'The service returns HTTP 200 OK with an empty body for unknown ids.',
  'Cache-Control: no-cache, no-store, must-revalidate is set on the response.',
  'Built with -O2 -fstack-protector-strong -D_FORTIFY_SOURCE=2 and -Wall -Werror.',
  'gcc -Wformat-security flags nothing here; the format string is a literal.',
  'NODE_ENV is "production" in every deployed image.',
  'Django runs manage.py migrate --noinput only in the release job.',
  'The test is marked @Disabled until the fixture is fixed; production code is unaffected.',
  'Timing-safe: crypto.timingSafeEqual(a, b) after length check.',
  'Runs as the nobody user with nogroup.',
];

const LANGUAGES: readonly Language[] = [
  'java',
  'kotlin',
  'javascript',
  'typescript',
  'python',
  'csharp',
  'go',
  'php',
  'ruby',
  'json',
  'yaml',
  'dockerfile',
];

/** Every category the sandbox serves: the generated reports' and the sample workspace's. */
function sandboxCategories(): Category[] {
  const workspace = WORKSPACE_FINDINGS.map((f) => categoryById(f.issueType)).filter((c): c is Category => c !== undefined);
  return [...new Set([...CATEGORIES, ...workspace])];
}

/** Every fp summary the sandbox can serve: one per category reason, and the hostile cases. */
function sandboxSummaries(): string[] {
  return [...sandboxCategories().flatMap((c) => c.fpReasons.map((r) => r.short)), ...HOSTILE_CASES.map((h) => h.summary)];
}

const describeHit = (text: string) => {
  const d = refused(text);
  return d ? `${JSON.stringify(text)} → ${d.shape} ${JSON.stringify(d.text)} (${d.why})` : '';
};

describe("other tools' directives by shape", () => {
  it('the corpus holds real directives of at least 60 tools, each with the page it was read on', () => {
    const tools = new Set(CORPUS.map((e) => e.tool));
    assert.ok(tools.size >= 60, `${tools.size} tools`);
    assert.ok(CORPUS.length >= 150, `${CORPUS.length} examples`);
    for (const e of CORPUS) {
      assert.ok(e.tool.trim() !== '' && e.example.trim() !== '', JSON.stringify(e));
      assert.match(e.source, /^https:\/\/\S+$/, JSON.stringify(e));
    }
    observe(`${CORPUS.length} directives of ${tools.size} tools`);
  });

  it('refuses every directive of the corpus', () => {
    const misses = CORPUS.filter((e) => !refused(e.example)).map((e) => `${e.tool}: ${e.example}`);
    assert.deepEqual(misses, [], `not refused:\n${misses.join('\n')}`);
  });

  it('catches the corpus by shape, except bare words only a name can tell from prose', () => {
    const byNameOnly = CORPUS.filter((e) => !findDirective(e.example));
    const unexpected = byNameOnly.filter((e) => !NAME_ONLY_TOOLS.has(e.tool)).map((e) => `${e.tool}: ${e.example}`);
    assert.deepEqual(unexpected, [], `caught by name only:\n${unexpected.join('\n')}`);
    observe(
      `${CORPUS.length - byNameOnly.length} of ${CORPUS.length} by shape alone; by name only: ${byNameOnly.map((e) => e.example).join(' | ')}`,
    );
  });

  it('refuses each directive inside prose too, matching the directive and not the prose around it', () => {
    const wrong: string[] = [];
    CORPUS.forEach((e, i) => {
      for (const k of [0, 1, 2]) {
        const before = PROSE[(i * 3 + k) % PROSE.length] ?? '';
        const text = `${before} ${e.example} ${PROSE[(i * 3 + k + 1) % PROSE.length] ?? ''}`;
        const d = refused(text);
        const at = before.length + 1;
        if (!d || d.index + d.text.length <= at || d.index >= at + e.example.length) wrong.push(describeHit(text) || text);
      }
    });
    assert.deepEqual(wrong, [], wrong.join('\n'));
  });

  it('refuses directives of tools no list names, by shape alone', () => {
    const misses = UNKNOWN_TOOLS.filter((t) => !findDirective(t));
    assert.deepEqual(misses, [], `not refused:\n${misses.join('\n')}`);
  });

  it('accepts every summary the sandbox serves, hostile cases included', () => {
    const summaries = sandboxSummaries();
    const hits = summaries.filter((s) => refused(s)).map(describeHit);
    assert.deepEqual(hits, [], hits.join('\n'));
    assert.ok(summaries.length >= 30, `${summaries.length} summaries`);
    observe(`${summaries.length} sandbox summaries accepted`);
  });

  it("accepts the sandbox's rule ids, issue types and vendor names", () => {
    const values = sandboxCategories().flatMap((c) => [c.id, ...VENDORS.flatMap((v) => LANGUAGES.map((l) => ruleId(v, c, l)))]);
    const hits = [...new Set([...values, ...VENDORS])].filter((v) => refused(v)).map(describeHit);
    assert.deepEqual(hits, [], hits.join('\n'));
  });

  it('accepts prose, code mentions such as validate_id() and execute(sql, params) included', () => {
    const hits = PROSE.filter((s) => refused(s)).map(describeHit);
    assert.deepEqual(hits, [], hits.join('\n'));
    observe(`${PROSE.length} justifications accepted`);
  });

  it('ends on astral letters (a /u search resumed inside a surrogate pair backs up to it)', () => {
    assert.equal(findDirective('𝒜 ok 𝒜(x) 😀 off'), undefined);
    assert.equal(findDirective('𝒜 ok 😀 eslint-disable')?.text, 'eslint-disable');
  });

  it('names the text that has the shape and where it is', () => {
    const d = findDirective('Reviewed; acme-disable-next-line rule-x');
    assert.equal(d?.shape, 'joined');
    assert.equal(d?.text, 'acme-disable');
    assert.equal(d?.index, 10);
    assert.equal(findDirective('x # noqa')?.text, 'noqa');
    assert.equal(findDirective('fine. NOSONAR')?.text, 'NOSONAR');
    assert.equal(findDirective('see reviewedNOPMD')?.text, 'NOPMD');
    assert.equal(findDirective('eslint-disable-next-line', FOREIGN_DIRECTIVES)?.tool, 'eslint-disable (ESLint)');
    assert.equal(findDirective('the earliest wins: x: ignore, then NOLINT')?.text, 'x: ignore');
  });
});

describe('the name list of common/scanners', () => {
  /** An example for each FOREIGN_DIRECTIVES entry, by its name. */
  const EXAMPLES: Record<string, string[]> = {
    'NOSONAR (SonarQube)': ['NOSONAR'],
    'nosemgrep (Semgrep)': ['nosemgrep: rule-1'],
    'deepcode ignore (Snyk Code)': ['deepcode ignore Sqli: reason'],
    'codeql[…] (CodeQL)': ['codeql[js/xss]'],
    'lgtm (CodeQL)': ['lgtm', 'lgtm[js/xss]'],
    'nosec (Bandit, gosec)': ['nosec B602'],
    'noqa (flake8, Ruff)': ['noqa: E501'],
    'NOLINT (clang-tidy, golangci-lint)': ['NOLINTNEXTLINE(bugprone-*)', '//nolint:errcheck'],
    'NOPMD (PMD)': ['NOPMD'],
    'eslint-disable (ESLint)': ['eslint-disable-next-line no-eval', 'eslint-enable'],
    '@ts-ignore (TypeScript)': ['@ts-ignore', '@ts-nocheck', '@ts-expect-error'],
    'type: ignore (mypy)': ['type: ignore[attr-defined]'],
    'shellcheck disable': ['shellcheck disable=SC2086'],
    'rubocop:disable': ['rubocop:disable Style/X', 'rubocop:todo Style/X'],
    'phpcs:ignore': ['phpcs:ignore', 'phpcs:disable'],
    'noinspection (JetBrains)': ['noinspection SpellCheckingInspection'],
    'an IaC/secret scanner skip': [
      'checkov:skip=CKV_AWS_20',
      'tfsec:ignore:aws-s3-enable-bucket-logging',
      'trivy:ignore:AVD-AWS-0086',
      'gitleaks:allow',
      'kics-scan ignore-line',
      'hadolint ignore=DL3008',
    ],
    'cppcheck-suppress': ['cppcheck-suppress nullPointer'],
    'flawfinder: ignore': ['Flawfinder: ignore'],
    'bearer:disable (Bearer)': ['bearer:disable rule_x'],
    'devskim: ignore (DevSkim)': ['DevSkim: ignore DS1'],
    'njsscan-ignore': ['njsscan-ignore: rule_x'],
    'skipcq (DeepSource)': ['skipcq: PYL-W0613'],
    'a linter ignore directive': [
      'lint:ignore SA1000',
      'lint-ignore',
      'biome-ignore lint: reason',
      'deno-lint-ignore no-explicit-any',
      'stylelint-disable',
      'jshint ignore:line',
      'jscs: disable',
    ],
    '@phpstan-ignore (PHPStan)': ['@phpstan-ignore-next-line'],
    '@psalm-suppress (Psalm)': ['@psalm-suppress Taint'],
    'ReSharper disable': ['ReSharper disable once X', 'ReSharper restore X'],
    'CHECKSTYLE:OFF (Checkstyle)': ['CHECKSTYLE:OFF', 'checkstyle: suppress'],
    'a coverage ignore directive': ['istanbul ignore next', 'c8 ignore next', 'v8 ignore next', 'pragma: no cover', 'LCOV_EXCL_LINE'],
    'a formatter directive': [
      'prettier-ignore',
      'clang-format off',
      'fmt: off',
      'fmt: skip',
      'isort: skip',
      'yapf: disable',
      'rustfmt::skip',
    ],
    'a type-checker directive': ['@ts-nocheck', '@ts-check', 'pyright: ignore', 'mypy: ignore-errors'],
    'a Python linter directive': ['pylint: disable=x', 'pylint:skip-file', 'pyre-ignore[16]', 'pyre-fixme[6]', 'sourcery skip: no-loop'],
    'no critic (Perl::Critic)': ['## no critic'],
    'vale off (Vale)': ['<!-- vale off -->'],
  };
  /** Bare words: a name, not a shape, tells them from prose (see NAME_ONLY_TOOLS). */
  const NAME_ONLY = new Set(['lgtm', 'skipcq: PYL-W0613', 'ReSharper restore X', '## no critic', '<!-- vale off -->']);

  it('has an example for every entry, and the entry matches it', () => {
    assert.deepEqual(
      FOREIGN_DIRECTIVES.map((d) => d.name).filter((n) => !EXAMPLES[n]),
      [],
    );
    for (const d of FOREIGN_DIRECTIVES) for (const e of EXAMPLES[d.name] ?? []) assert.match(e, d.pattern, `${d.name}: ${e}`);
  });

  it('adds to the shapes only bare words: every other entry is caught by shape alone', () => {
    for (const d of FOREIGN_DIRECTIVES) {
      for (const e of EXAMPLES[d.name] ?? []) {
        assert.ok(refused(e), `${d.name}: ${e}`);
        assert.equal(findDirective(e) === undefined, NAME_ONLY.has(e), `${d.name}: ${JSON.stringify(e)} by shape`);
      }
    }
  });
});

describe('buildSuppressionComment refuses a directive in server text, naming it', () => {
  const fields = { vendor: 'checkmarx', issueType: 'XSS', vendorIssueId: 'Reflected_XSS', fpId: '5f0c6a43-8d2e-4f0b-9a51-2c1d6e7f8a90' };
  const build = (summary: string) =>
    buildSuppressionComment({ languageId: 'python', fields: { ...fields, summary }, style: resolveStyle('checkmarx', 'python') });

  it('a directive of a tool no list names: the matched text and its shape, and the summary only', () => {
    const r = build('Reviewed by security. acme-disable-next-line all');
    assert.equal(r.ok, false);
    assert.ok(!r.ok && r.summaryRefused === true);
    assert.match(
      r.ok ? '' : r.reason,
      /^The summary contains acme-disable, which has the shape of a tool's suppression directive \(a word joined to 'disable' by '-'\)/,
    );
  });

  it('a known one says which tool it belongs to', () => {
    const r = build('Safe. eslint-disable-line');
    assert.match(r.ok ? '' : r.reason, /contains eslint-disable, .*known as eslint-disable \(ESLint\)/);
    const bare = build('Reviewed: lgtm');
    assert.match(bare.ok ? '' : bare.reason, /^The summary contains lgtm, a suppression directive \(lgtm \(CodeQL\)\)/);
  });

  it('accepts the justifications, so the comment carries them', () => {
    for (const summary of PROSE.slice(0, 20)) {
      const r = build(summary);
      if (!r.ok) assert.doesNotMatch(r.reason, /directive/, summary);
    }
  });
});
