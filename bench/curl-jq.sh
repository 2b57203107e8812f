#!/usr/bin/env bash
# What a user would script instead of the CLI: page through one fix report's v5 issues with
# curl and jq (spec §4.3: repeat with issueId = the last id until hasNextPage is false).
#   BASE_URL=… KEY=… REPORT=… bench/curl-jq.sh pages   # paging only: prints the page count
#   BASE_URL=… KEY=… REPORT=… bench/curl-jq.sh jsonl   # every issue as one JSON line
set -euo pipefail
mode="${1:-jsonl}"
page_file="$(mktemp)"
trap 'rm -f "$page_file"' EXIT
cursor=""
pages=0
while :; do
  url="$BASE_URL/api/rest/v5/issues?fixReportId=$REPORT${cursor:+&issueId=$cursor}"
  curl -sS --fail -H "x-service-key: $KEY" -H 'accept: application/json' -o "$page_file" "$url"
  pages=$((pages + 1))
  if [[ "$mode" == jsonl ]]; then
    jq -c '.getIssuesApiV5.vulnerability_report_issue[]' "$page_file"
  fi
  read -r more cursor < <(jq -r '.getIssuesApiV5 | "\(.hasNextPage) \(.vulnerability_report_issue[-1].id // "")"' "$page_file")
  [[ "$more" == true && -n "$cursor" ]] || break
done
if [[ "$mode" == pages ]]; then echo "$pages"; fi
