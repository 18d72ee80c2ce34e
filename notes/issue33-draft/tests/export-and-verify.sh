#!/bin/sh
# Regenerate /work/u33/userspace/<pkg>/ from the git work trees in
# /work/u33/work and check that each series applies with patch -p1 to the
# pristine unpacked Debian sources in /work/u33/src (after Debian's quilt
# patches, which dpkg-source -x applied), giving the work tree's files.
set -e
export GIT_COMMITTER_NAME="LSM composer team" GIT_COMMITTER_EMAIL="composer@localhost"
for p in dbus:dbus-1.16.2 libselinux:libselinux-3.8.1 apparmor:apparmor-4.1.0; do
	n=${p%%:*}; d=${p#*:}; out=/work/u33/userspace/$n
	if [ "${1:-}" = export ]; then
		rm -f "$out"/*.patch "$out"/series
		mkdir -p "$out"
		(cd /work/u33/work/$d &&
		 git format-patch -q --zero-commit -o "$out" \
			"$(git rev-list --max-parents=0 HEAD)..HEAD")
		(cd "$out" && ls *.patch > series)
	fi
	echo "== $n ($d)"
	tmp=$(mktemp -d /tmp/u33-verify.XXXXXX)
	cp -a /work/u33/src/$d "$tmp/tree"
	(cd "$tmp/tree" && while read -r f; do
		patch -p1 --dry-run -s < "$out/$f"
		patch -p1 -s --no-backup-if-mismatch < "$out/$f"
		echo "applies: $f"
	done < "$out/series")
	diff -r -q --no-dereference -x .git -x .pc "$tmp/tree" /work/u33/work/$d &&
		echo "result equals the work tree"
	rm -rf "$tmp"
done
