#!/bin/sh
# The differential oracle of the Debian guest boots (tests/boots,
# distro-*): every composer boot must give what each of its LSMs gives
# alone on stock 6.12 in the same mode, compared with distro-records.sh:
#   - SELinux's AVC records and the contexts ps -Z shows, as in
#     distro-stock-selinux (or distro-stock-selinux-enforcing);
#   - AppArmor's DENIED and ALLOWED records and the profiles aa-status
#     lists, as in distro-stock-apparmor;
#   - each LSM's answers to the D-Bus probes (the label the bus holds, a
#     forbidden call and its twin), as alone;
#   - no failed unit that does not also fail in those stock boots.
# Prints the table of boots to build/logs/distro.md and ends with
# "passed N failed N" for check.sh to add up.
set -eu
. "$(dirname "$0")/common.sh"

logs=$BUILD/logs/boots
records=$TOP/harness/distro-records.sh
pass=0 fail=0
ran() { grep -q "^$1|" "$logs/selected" && [ -s "$logs/$1.data" ]; }
lsms() { sed -n "s/^$1|.*expect_lsm=\([^ ]*\).*/\1/p" "$logs/selected"; }
has() { case ",$(lsms "$1")," in *",$2,"*) return 0 ;; *) return 1 ;; esac; }
enforcing() { grep -q "^$1|[^|]*|[^|]*enforcing=1" "$logs/selected"; }
count() { sh "$records" "$logs/$1.data" "$2" | wc -l; }
ok() { echo "ok $*"; pass=$((pass + 1)); }
not_ok() { echo "not ok $*"; fail=$((fail + 1)); }

# same BOOT BASE WHAT: does BOOT give BASE's WHAT? Prints the table
# cell (the count and the verdict); the case goes to $cases, which is
# printed and counted at the end (same runs in a subshell).
cases=$logs/distro-compare.cases
: >"$cases"
same() {
	sh "$records" "$logs/$2.data" "$3" >"$logs/$2.$3"
	sh "$records" "$logs/$1.data" "$3" >"$logs/$1.$3"
	n=$(wc -l <"$logs/$1.$3")
	if diff -u "$logs/$2.$3" "$logs/$1.$3" >"$logs/$1.$3.diff"; then
		echo "ok $1: $3 as in $2 ($n lines)" >>"$cases"
		echo "$n, as alone"
	else
		{
			echo "not ok $1: $3 differ from $2:"
			grep '^[-+][^-+]' "$logs/$1.$3.diff" | sed 's/^/    /' | head -20
		} >>"$cases"
		echo "$n, DIFFER"
	fi
}

# The oracle must have something to compare and must see a difference:
# SELinux permissive and enforcing log other records.
base_se=distro-stock-selinux base_enf=distro-stock-selinux-enforcing
base_aa=distro-stock-apparmor
for b in $base_se:selinux $base_enf:selinux $base_aa:apparmor; do
	ran "${b%:*}" || continue
	n=$(count "${b%:*}" "${b#*:}")
	if [ "$n" -gt 0 ]; then ok "${b%:*}: $n ${b#*:} records to compare"
	else not_ok "${b%:*}: no ${b#*:} records to compare"; fi
done
if ran $base_se && ran $base_enf; then
	if [ "$(sh "$records" "$logs/$base_se.data" selinux)" = \
		"$(sh "$records" "$logs/$base_enf.data" selinux)" ]; then
		not_ok "the oracle cannot tell permissive from enforcing SELinux"
	else
		ok "the oracle tells permissive from enforcing SELinux"
	fi
fi

table=$BUILD/logs/distro.md
{
	echo "| boot | LSMs | SELinux | systemd | failed units | SELinux records | contexts | AppArmor records | profiles |"
	echo "|---|---|---|---|---|---|---|---|---|"
} >"$table"
for b in $(sed -n 's/^\(distro-[^|]*\)|.*/\1/p' "$logs/selected"); do
	ran "$b" || continue
	se=$base_se
	enforcing "$b" && se=$base_enf
	sh "$records" "$logs/$b.data" failed >"$logs/$b.failed"
	c_se=- c_ctx=- c_aa=- c_prof=- c_failed=$(wc -l <"$logs/$b.failed")
	has "$b" selinux && c_se=$(count "$b" selinux) c_ctx=$(count "$b" contexts)
	has "$b" apparmor && c_aa=$(count "$b" apparmor) c_prof=$(count "$b" profiles)
	case $b in
	distro-stock-*) ;;
	*)
		bases=
		if has "$b" selinux && ran $se; then
			bases="$bases $se"
			c_se=$(same "$b" $se selinux) c_ctx=$(same "$b" $se contexts)
			same "$b" $se dbus-selinux >/dev/null
		fi
		if has "$b" apparmor && ran $base_aa; then
			bases="$bases $base_aa"
			c_aa=$(same "$b" $base_aa apparmor) c_prof=$(same "$b" $base_aa profiles)
			same "$b" $base_aa dbus-apparmor >/dev/null
		fi
		if [ -n "$bases" ]; then
			extra=$(for s in $bases; do sh "$records" "$logs/$s.data" failed; done |
				sort -u | comm -13 - "$logs/$b.failed" | tr '\n' ' ')
			if [ -z "$extra" ]; then
				ok "$b: no unit fails that does not fail on stock"
				c_failed="$c_failed, as alone"
			else
				not_ok "$b: units fail that do not on stock: $extra"
				c_failed="$c_failed, MORE: $extra"
			fi
		fi
		;;
	esac
	# make run DISTRO=1 is this boot without the checks: a login prompt.
	if grep -q 'composer login:' "$logs/$b.console"; then
		ok "$b: the console shows a login prompt"
	else
		not_ok "$b: no login prompt on the console"
	fi
	mode=-
	has "$b" selinux && { mode=permissive; enforcing "$b" && mode=enforcing; }
	state="not reached"
	tr -d '\r' <"$logs/$b.ktap" | grep -q '^ *ok [0-9]* multi-user.target is active$' &&
		state=multi-user.target
	echo "| $b | $(lsms "$b" | sed 's/lockdown,capability,landlock,yama,//') | $mode | $state | $c_failed | $c_se | $c_ctx | $c_aa | $c_prof |" >>"$table"
done
cat "$cases"
pass=$((pass + $(grep -c '^ok' "$cases" || true)))
fail=$((fail + $(grep -c '^not ok' "$cases" || true)))
echo "passed $pass failed $fail"
