#!/bin/sh
# The same LSM alone on stock 6.12 and on the composer logs the same audit
# records: compare the events that guest/tests/audit_lsm printed (as
# "# event LSM: ...", boot-specific values left out) in the boots
# audit-stock-LSM and audit-composer-LSM of this run. The last line of
# output is "passed N failed N" for check.sh to add up.
set -eu
. "$(dirname "$0")/common.sh"

logs=$BUILD/logs/boots
pass=0 fail=0
events() { sed -n 's/^ *# \(event .*\)/\1/p' "$1"; }
for stock in $(sed -n 's/^\(audit-stock-[^|]*\)|.*/\1/p' "$logs/selected"); do
	composer=audit-composer-${stock#audit-stock-}
	grep -q "^$composer|" "$logs/selected" || continue
	events "$logs/$stock.ktap" >"$logs/$stock.events"
	events "$logs/$composer.ktap" >"$logs/$composer.events"
	if [ ! -s "$logs/$stock.events" ]; then
		echo "not ok $stock: no events to compare"
		fail=$((fail + 1))
	elif diff "$logs/$stock.events" "$logs/$composer.events" \
		>"$logs/$composer.events.diff"; then
		echo "ok $composer logs the records of $stock"
		pass=$((pass + 1))
	else
		echo "not ok $composer logs other records than $stock:"
		sed 's/^/    /' "$logs/$composer.events.diff" | head -20
		fail=$((fail + 1))
	fi
done
echo "passed $pass failed $fail"
