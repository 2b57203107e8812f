#!/usr/bin/env bash
# npm test: type check, package, then the test runs. The load tests spend most of their time in
# one CLI process streaming a million issues, so they run in the background beside lint, the unit
# tests and the integration tests; their memory measures (peak RSS, retained heap) do not depend
# on how fast the machine is. The [multitool] tests (the SARIF Multitool, .NET, over the CLI's
# SARIF up to a 100,000-issue export; it works on one core) follow the load tests in the background,
# beside the integration tests and then the UI check, which waits for the load tests: its clicks
# and hovers are the one part that timing can disturb, and it keeps about one core busy.
# Background runs have a lower priority, so that they take what the runs in the foreground leave
# idle rather than slow them. Each run's output is printed whole, in the order above, so a log
# reads as if they had run one after the other. On a fresh machine the tools the tests need (the
# editor, the SARIF Multitool) are installed while the code compiles and lint and the unit tests
# run: that is mostly download and disk.
set -uo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
# Each phase's start, and how busy the cores were since the previous one (from /proc/stat),
# to see where the time goes and what could still run beside what.
cpu_busy() { awk '/^cpu / {idle = $5 + $6; total = 0; for (i = 2; i <= NF; i++) total += $i; print total - idle, total}' /proc/stat 2>/dev/null; }
last_cpu=$(cpu_busy)
phase() {
  local now busy=""
  now=$(cpu_busy)
  if [ -n "$now" ] && [ -n "$last_cpu" ]; then
    busy=$(awk -v a="$last_cpu" -v b="$now" 'BEGIN { split(a, x, " "); split(b, y, " "); d = y[2] - x[2]; if (d > 0) printf " (cores %d%% busy since the last phase)", 100 * (y[1] - x[1]) / d }')
  fi
  last_cpu=$now
  echo "[test] +$((SECONDS - started)) s${busy}: $*"
}

rm -rf out/evidence
mkdir -p out/logs
tools_log=out/logs/install-tools.log
(bash scripts/install-editor.sh && bash scripts/install-sarif-multitool.sh >/dev/null) >"$tools_log" 2>&1 &
tools_pid=$!

# tsc (out/, the tests) and the bundles with the VSIX (dist/) are independent: side by side.
phase "compile and package"
npm run package >out/logs/package.log 2>&1 &
package_pid=$!
compiled=0
npm run compile || compiled=$?
packaged=0
wait "$package_pid" || packaged=$?
cat out/logs/package.log
if [ "$compiled" -ne 0 ] || [ "$packaged" -ne 0 ]; then
  wait "$tools_pid"
  exit 1
fi
load_log=out/logs/load.log
multitool_log=out/logs/multitool.log
# Background runs: each in a process group of its own (so stopping one stops mocha and what it
# runs too), niced (the integration tests wait on the editor a quarter of the time).
background() {
  set -m
  nice -n 10 "$@" &
  set +m
}
# The marker tells the [multitool] run, which waits for it, that the load tests are over.
load_done=out/logs/load.done
rm -f "$load_done"
background bash -c 'npm run test:load; status=$?; touch "$1"; exit $status' load "$load_done" >"$load_log" 2>&1
load_pid=$!
multitool_pid=""
stop_background() {
  kill -- "-$load_pid" 2>/dev/null
  [ -z "$multitool_pid" ] || kill -- "-$multitool_pid" 2>/dev/null
}
trap 'stop_background; exit 130' INT TERM

phase "load tests started in the background; lint"
status=0
npm run lint || status=$?
# The unit tests need none of the tools (the Multitool's tests run beside the UI check): they
# start now, while the install goes on.
phase "unit tests"
[ "$status" -ne 0 ] || npm run test:unit || status=$?
wait "$tools_pid" || { echo "----- installing the test tools failed -----"; status=1; }
cat "$tools_log"
# The [multitool] tests start once the load tests are over: the cores are half idle while the
# integration tests wait on the editor, and what is left of the run goes on beside the UI check.
if [ "$status" -eq 0 ]; then
  # Not DOTNET_PROCESSOR_COUNT=1: the Multitool works on one core anyway, and that setting made it
  # take more CPU time (measured in CONTRIBUTING.md, Tests).
  background bash -c 'while [ ! -e "$1" ]; do sleep 1; done; exec npm run test:multitool' multitool "$load_done" >"$multitool_log" 2>&1
  multitool_pid=$!
fi
phase "integration tests; the [multitool] tests start in the background once the load tests are over"
[ "$status" -ne 0 ] || npm run test:integration || status=$?

if [ "$status" -ne 0 ]; then
  stop_background
  echo "----- load and [multitool] tests stopped: an earlier run failed -----"
  exit "$status"
fi
phase "waiting for the load tests"
load_status=0
wait "$load_pid" || load_status=$?
echo "----- load tests (ran beside the runs above) -----"
cat "$load_log"
status=$load_status

if [ "$status" -ne 0 ]; then
  stop_background
  echo "----- [multitool] tests stopped: an earlier run failed -----"
  phase "done (exit $status)"
  exit "$status"
fi

phase "UI check; the [multitool] tests go on in the background"
npm run test:ui || status=$?
if [ "$status" -ne 0 ]; then
  stop_background
  echo "----- [multitool] tests stopped: an earlier run failed -----"
  phase "done (exit $status)"
  exit "$status"
fi
phase "waiting for the [multitool] tests"
wait "$multitool_pid" || status=$?
trap - INT TERM
echo "----- [multitool] tests (ran beside the integration tests and the UI check) -----"
cat "$multitool_log"
[ "$status" -ne 0 ] || npm run reliability-report || status=$?
phase "done (exit $status)"
exit "$status"
