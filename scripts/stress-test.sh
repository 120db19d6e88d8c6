#!/usr/bin/env bash
# The whole suite (npm test, retries 0) several times in a row on a machine kept busy by CPU
# hogs, as a user's busy laptop would be: `scripts/stress-test.sh [--iterations N] [--no-hogs]`.
# Installs stress-ng with apt-get when it is missing (as root), runs `stress-ng --cpu 2` in the
# background, stops it at the end, and prints pass/fail and the time of each run.
set -uo pipefail
cd "$(dirname "$0")/.."

iterations=3
hogs=2
while [ $# -gt 0 ]; do
  case "$1" in
    --iterations) iterations="$2"; shift 2 ;;
    --no-hogs) hogs=0; shift ;;
    *) echo "usage: $0 [--iterations N] [--no-hogs]" >&2; exit 2 ;;
  esac
done

hog_pid=""
stop_hogs() {
  if [ -n "$hog_pid" ]; then
    kill "$hog_pid" 2>/dev/null
    wait "$hog_pid" 2>/dev/null
    hog_pid=""
  fi
}
trap stop_hogs EXIT INT TERM

if [ "$hogs" -gt 0 ]; then
  if ! command -v stress-ng >/dev/null; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq && apt-get install -y -qq --no-install-recommends stress-ng >/dev/null
    fi
  fi
  if ! command -v stress-ng >/dev/null; then
    echo "stress-ng is missing: install it (Debian: apt-get install stress-ng) or pass --no-hogs." >&2
    exit 2
  fi
  stress-ng --cpu "$hogs" --quiet &
  hog_pid=$!
  echo "stress-ng --cpu $hogs running (pid $hog_pid)"
fi

summary=()
failures=0
for i in $(seq 1 "$iterations"); do
  echo "=== run $i of $iterations ==="
  start=$(date +%s)
  if CI=1 npm test; then result=passed; else result=FAILED; failures=$((failures + 1)); fi
  summary+=("run $i: $result in $(($(date +%s) - start)) s")
done
stop_hogs

echo
echo "=== stress test: $iterations run(s), $hogs CPU hog(s) ==="
printf '%s\n' "${summary[@]}"
if [ "$failures" -eq 0 ]; then echo "all passed"; else echo "$failures run(s) failed"; fi
[ "$failures" -eq 0 ]
