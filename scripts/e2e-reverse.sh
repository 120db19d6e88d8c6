#!/usr/bin/env bash
# Order independence: runs the e2e spec files one at a time in reverse (or shuffled, --shuffle)
# order, with one worker, against ONE sandbox that is never reset, so every spec meets the data
# the specs that usually run after it left behind. Build first (npx vite build).
set -uo pipefail
cd "$(dirname "$0")/.."
port="${E2E_PORT:-8191}"

mapfile -t specs < <(ls e2e/*.spec.ts | sort -r)
if [ "${1:-}" = "--shuffle" ]; then mapfile -t specs < <(printf '%s\n' "${specs[@]}" | shuf); fi

# A session (and process group) of its own, so the server and npx's children stop together.
PORT="$port" HOST=127.0.0.1 SANDBOX_DB=:memory: SANDBOX_TIME_SCALE=10 LOG_LEVEL=warn \
  setsid npx tsx server/main.ts &
server=$!
trap 'kill -- -"$server" 2>/dev/null; wait "$server" 2>/dev/null' EXIT
for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$port/" >/dev/null && break; sleep 0.5; done

failed=()
start=$(date +%s)
for spec in "${specs[@]}"; do
  echo "=== $spec"
  # --no-deps: the faults project's dependency (every other spec) is not run again.
  E2E_PORT="$port" E2E_REUSE_SERVER=1 npx playwright test "$spec" --workers 1 --no-deps \
    --reporter line || failed+=("$spec")
done
echo "order: ${specs[*]}"
echo "time: $(($(date +%s) - start)) s"
if [ ${#failed[@]} -eq 0 ]; then echo "all specs passed"; else echo "failed: ${failed[*]}"; exit 1; fi
