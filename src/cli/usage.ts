// The CLI's --help text: the commands, options, environment and exit codes (docs/cli.md has the long form).
export const USAGE = `Usage: security-fix-reports <command> [options]

Commands:
  reports                              list fix reports
  report <fixReportId>                 one fix report with its fixes (confidence, ratings, lifecycle)
  issues [--fix-report ID] [--state S] [--limit N]
                                       scanner issues, streamed page by page; also exports:
          --format csv [--bom]         one row per issue (RFC 4180, UTF-8, CRLF); no byte order
                                       mark unless --bom (for Excel); cells that would start a
                                       formula (= + - @ tab CR) get a leading '
          --format sarif [--sarif-profile github|full] [--no-fp-summaries]
          [--fp-summary-concurrency N]
                                       SARIF 2.1.0, one run per report (every report without
                                       --fix-report); false positives as accepted suppressions
                                       justified by their summaries (N requests at once, default
                                       4; without: the first 280 characters of fpDescription).
                                       github (default): what GitHub code scanning takes: only
                                       results with a location, at most 20 runs, the 25,000 most
                                       severe results a run, warnings on stderr; full: everything
  metrics [--fix-report ID]... [--vendor V] [--format table|json|csv|markdown] [--bom]
                                       lifecycle metrics (fix states, confidence, funnel, time to
                                       download/commit, ratings, false positives) of every report,
                                       of the reports named (repeat --fix-report), and/or of one
                                       scanner's; markdown is for $GITHUB_STEP_SUMMARY
  changes --fix-report ID [--since ID] [--format table|json|jsonl|markdown] [--fail-on-new]
                                       what changed since the previous scan (same repository,
                                       branch and scanner; or --since): issues new, fixed and
                                       unchanged by fingerprintHash, those without one counted
                                       apart; --fail-on-new exits 8 when anything is new
  fp-summary <fpId>                    the ≤280-character summary of a false positive
  suppression-comment <fpId> --language <languageId> [--fix-report ID | --issue-id ID]
          [--vendor V] [--issue-type T] [--vendor-issue-id R] [--template T]
          [--placement line-above|end-of-line]
                                       a sanitized suppression comment line for that language;
                                       --fix-report fills vendor, issue type and rule id;
                                       with no vendor known, a vendor-neutral comment
  suppressions [PATH…] --fix-report ID [--format table|json] [--fail-on-stale]
                                       the suppression comments ("(fp <uuid>)" inside a comment)
                                       of git's files under PATH (default .; a walk outside a
                                       repository), each current or stale against the report;
                                       --fail-on-stale exits 9 when one is stale
  mcp                                  a Model Context Protocol server on stdio: read-only tools
                                       for agents (docs/agents.md); key and URL as above, logs on
                                       stderr; needs dist/mcp.js beside cli.js
  doctor [--format json]               check the connection step by step (URL and scope, key, CA
                                       file, proxy, DNS, TCP, CONNECT, TLS, the four endpoints)
                                       with timings: a report without the key, for a ticket;
                                       exit code of the first failed step (codes below)

Options:
  --base-url URL     service address (default: $SECURITY_FIX_REPORTS_URL); https, or http on loopback
  --format F         table (default), json or jsonl; issues also csv, sarif;
                     metrics table, json, csv, markdown; changes also jsonl, markdown
  --timeout S        seconds per request attempt (default 30)
  --verbose          log requests to stderr
  -h, --help         this help;  --version  the version

Environment:
  SECURITY_FIX_REPORTS_KEY        the service key (or SECURITY_FIX_REPORTS_KEY_FILE: a file holding it)
  SECURITY_FIX_REPORTS_URL        the base URL
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY   proxy settings
  SECURITY_FIX_REPORTS_CA_FILE    extra trusted CA certificates (PEM); NODE_EXTRA_CA_CERTS works too

Exit codes: 0 ok, 2 usage/configuration, 3 key missing or rejected, 4 not found,
  5 network/server/timeout/rate limit/redirect, 6 unusable response, 7 text rejected by the sanitizer,
  8 new issues (changes --fail-on-new), 9 stale suppressions (suppressions --fail-on-stale),
  130 interrupted, 1 internal error.`;
