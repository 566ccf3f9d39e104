#!/usr/bin/env bash
# Regenerates the sample reports in Reports/ from examples/wallet-export:
#   bash Reports/generate.sh
# Each line of Reports/reports.list names a file and the purse arguments that write it.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product purse >&2
purse="$(swift build --show-bin-path)/purse"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export TZ=America/New_York LANG=C.UTF-8
"$purse" --db "$work/ledger.sqlite" sync examples/wallet-export 2>/dev/null
grep -v '^#' Reports/reports.list | grep -v '^$' | while read -r file arguments; do
    # shellcheck disable=SC2086 # the arguments are words on purpose
    if [ "$file" = "-" ]; then
        "$purse" --db "$work/ledger.sqlite" $arguments > /dev/null 2>&1
    else
        "$purse" --db "$work/ledger.sqlite" $arguments > "Reports/$file"
    fi
done
echo "Reports/ regenerated" >&2
