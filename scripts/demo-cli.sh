#!/usr/bin/env bash
# Builds, starts the sandbox service with seeded data, walks through the CLI against it, and
# keeps the sandbox running so you can try more commands (Ctrl-C stops it).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund
npm run --silent compile
npm run --silent build >/dev/null

out=$(mktemp)
node out/tools/sandbox/main.js --port "${PORT:-0}" --seed "${SEED:-42}" --big-report 100000 >"$out" &
sandbox=$!
trap 'kill $sandbox 2>/dev/null; rm -f "$out"' EXIT
for _ in $(seq 100); do grep -q '^export SECURITY_FIX_REPORTS_KEY' "$out" && break; sleep 0.1; done
eval "$(grep '^export ' "$out")"
cat "$out"

cli() { echo; echo "\$ security-fix-reports $*"; node dist/cli.js "$@"; }
cli reports
# No `| head` under pipefail: the writer may die of SIGPIPE once head has its line.
report=$(node dist/cli.js reports --format json | node -pe 'JSON.parse(require("fs").readFileSync(0))[0].id')
cli report "$report"
cli issues --fix-report "$report" --state FalsePositive --limit 5
fp=$(node dist/cli.js issues --fix-report "$report" --state FalsePositive --limit 1 --format jsonl | node -pe 'JSON.parse(require("fs").readFileSync(0)).fpId')
cli fp-summary "$fp"
cli suppression-comment "$fp" --fix-report "$report" --language python
cli suppression-comment "$fp" --fix-report "$report" --language typescript --placement end-of-line || true
echo
echo "\$ security-fix-reports issues --fix-report <100k-issue report> --format jsonl | wc -l"
big=$(sed -n 's/^Big report: \([^ ]*\).*/\1/p' "$out")
time node dist/cli.js issues --fix-report "$big" --format jsonl | wc -l

echo
echo "The sandbox keeps running at $SECURITY_FIX_REPORTS_URL. In another shell:"
echo "  export SECURITY_FIX_REPORTS_URL=$SECURITY_FIX_REPORTS_URL SECURITY_FIX_REPORTS_KEY=$SECURITY_FIX_REPORTS_KEY"
echo "  node dist/cli.js --help"
echo "Ctrl-C stops it."
wait $sandbox
