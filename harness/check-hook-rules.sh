#!/bin/sh
# Show that the build-time check of the hooks' call rules can fail.
# security/lsm_hook_rules.h names the call rule of every hook of
# lsm_hook_defs.h, and security.c asserts both that each hook has one and
# that each call macro calls a hook of its own rule. This compiles
# security.c with the composer kernel's own command line three times, into
# a scratch directory (the work tree is not touched): with the header as
# the series has it (builds), without one hook's line (fails, naming the
# hook), and with a first-answer hook made a call-all one (fails, naming
# it). Prints one result line per case and "passed N failed N".
set -eu
. "$(dirname "$0")/common.sh"

out=$(kernel_out composer)
cmdfile=$out/security/.security.o.cmd
[ -f "$cmdfile" ] || die "$cmdfile missing: build the composer kernel first"
rules=$SRC/security/lsm_hook_rules.h
[ -f "$rules" ] || die "$rules missing: the series has no hook rules"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$SRC/security/security.c" "$tmp/security.c"
# Kbuild's saved command for security.o, pointed at the scratch copy: its
# quoted includes then find the scratch lsm_hook_rules.h first, and the
# others through the command's -I options.
# Only the compiler's part: objtool, after " ; ", would rework the real
# security.o.
cmd=$(sed -n 's|^savedcmd_security/security.o := ||p' "$cmdfile" |
	sed 's| *; .*||' |
	sed "s|-Wp,-MMD,[^ ]*|-Wp,-MMD,$tmp/dep.d|; s| -o [^ ]*| -o $tmp/security.o|; s|[^ ]*security/security\.c\$|$tmp/security.c|")
case $cmd in
*" $tmp/security.c") ;;
*) die "cannot point the security.o command of $cmdfile at a copy" ;;
esac
[ -n "$cmd" ] || die "no security.o command in $cmdfile"

pass=0 fail=0
# compile CASE WANT PATTERN: compile with $tmp/lsm_hook_rules.h; WANT is
# "builds" or "fails"; a failure must print PATTERN.
compile() {
	if (cd "$out" && eval "$cmd") >"$tmp/log" 2>&1; then
		got=builds
	else
		got=fails
	fi
	if [ "$got" = "$2" ] && { [ "$got" = builds ] || grep -q "$3" "$tmp/log"; }; then
		echo "ok hook rules: $1: $got"
		# The compiler's words, for the reader of the log.
		[ "$got" = builds ] || grep -m1 'error:' "$tmp/log" | sed 's/^/    /'
		pass=$((pass + 1))
	else
		echo "not ok hook rules: $1: $got, expected $2${3:+ naming $3}"
		sed 's/^/    /' "$tmp/log" | head -20
		fail=$((fail + 1))
	fi
}

cp "$rules" "$tmp/lsm_hook_rules.h"
compile "the series' rules" builds ""

gone=${HOOK_RULES_DROP:-mmap_file}
grep -v "LSM_RULE($gone, " "$rules" >"$tmp/lsm_hook_rules.h"
compile "no rule for $gone" fails "lsm_rule_$gone"

first=${HOOK_RULES_FIRST:-task_alloc}
sed "s/LSM_RULE($first, FIRST)/LSM_RULE($first, EVERY)/" "$rules" >"$tmp/lsm_hook_rules.h"
compile "$first called by call_int_hook_first() but named EVERY" fails "$first: not a FIRST hook"

echo "passed $pass failed $fail"
[ "$fail" -eq 0 ]
