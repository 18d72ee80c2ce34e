#!/bin/sh
# Print the conformance matrix (LSM x boot) as a markdown table from the
# parsed results of the conform-* boots: "enforces" when the LSM's denial,
# log record and allowed twin all passed, "off" when it was inactive and the
# same access succeeded, "FAIL" when any of its cases failed.
set -eu
. "$(dirname "$0")/common.sh"

logs=$BUILD/logs/boots
lsms="selinux smack apparmor tomoyo yama landlock"
printf '| boot |'
for l in $lsms; do printf ' %s |' "$l"; done
printf ' two LSMs deny |\n|---|'
for l in $lsms; do printf -- '---|'; done
printf -- '---|\n'
for r in "$logs"/conform-*.result; do
	[ -f "$r" ] || continue
	name=$(basename "$r" .result)
	printf '| %s |' "$name"
	for l in $lsms; do
		if grep -q "\[FAILED\] $l:" "$r" || ! grep -q "\[PASSED\] $l:" "$r"; then
			printf ' FAIL |'
		elif grep -q "\[PASSED\] $l: inactive" "$r"; then
			printf ' off |'
		else
			printf ' enforces |'
		fi
	done
	if grep -q "\[FAILED\] both:" "$r"; then
		printf ' FAIL |\n'
	else
		both=$(sed -n 's/.*\[PASSED\] both: two LSMs deny one read: //p' "$r")
		printf ' %s |\n' "${both:--}"
	fi
done
