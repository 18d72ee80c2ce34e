#!/bin/sh
# apparmor-secmark.sh PROFILE OUT: compile PROFILE with apparmor_parser and
# add one secmark rule ("deny packets labelled composer_secmark_t") to the
# binary, for guest/tests/apparmor_secmark. AppArmor's kernel loads such
# rules (policy_unpack.c, unpack_secmark()) but Debian's apparmor_parser
# cannot write them, so the rule is spliced in where the kernel reads it:
# after the profile's capabilities, before its file rules ("aadfa").
set -eu
profile=$1 out=$2
apparmor_parser -Q -o "$out.plain" "$profile" 2>/dev/null
# The second "aadfa" name is the file rules' (the first, the attachment's).
at=$(LC_ALL=C grep -obUaP '\x04\x06\x00aadfa\x00' "$out.plain" | sed -n 2p | cut -d: -f1)
[ -n "$at" ] || { echo "apparmor-secmark.sh: no file rules in $out.plain" >&2; exit 1; }
label=composer_secmark_t
{
	head -c "$at" "$out.plain"
	# name "secmark", struct; array of 1; u8 audit 0; u8 deny 1;
	# string label (length with its NUL); array end; struct end.
	printf '\004\010\000secmark\000\007\013\001\000\000\000\000\001'
	printf '\005\023\000%s\000\014\010' "$label"
	tail -c +"$((at + 1))" "$out.plain"
} >"$out"
rm -f "$out.plain"
