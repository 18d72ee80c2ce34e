#!/bin/sh
# The user space a stacked system needs: for each package of
# patches/userspace (pinned in harness/userspace-PKG.env), Debian trixie's
# source fetched with apt through the harness's own sources list and
# verified, the package's series applied, its library built in the trixie
# build root (build-chroot.sh) with Debian's build flags, and Debian's own
# binary package of that library repacked with it as VERSION+composer1.
# Prints the directory of the .debs, cached in $CACHE/userspace by the
# hash of everything they are made of. Each library's unit test
# (tests/userspace) runs on the way.
#
# Only the library is rebuilt: it is all the binary package holds, and a
# whole dpkg-buildpackage of apparmor (parser, utilities, Python, Apache,
# PAM) would take longer than every other step of make check's Debian
# guest. The rebuilt library must export exactly the symbols and versions
# of Debian's, or the package is refused.
set -eu
. "$(dirname "$0")/common.sh"
. "$TOP/harness/pinned-deb.sh"

pkgs=$(cd "$TOP/patches/userspace" && ls)
key=$( {
	cat "$0" "$TOP/harness/build-chroot.sh" "$TOP"/tests/userspace/*
	for p in $pkgs; do
		cat "$TOP/harness/userspace-$p.env" "$TOP/patches/userspace/$p"/*
	done
} | sha256sum | cut -c1-16)
out=$CACHE/userspace/$key
if [ -f "$out/.done" ]; then
	echo "$out"
	exit 0
fi

root=$("$TOP/harness/build-chroot.sh")
mkdir -p "$CACHE/debs/src"
rm -rf "$out"
mkdir -p "$out"

# fetch_source: the pinned files of SRC_PKG=SRC_VERSION in $CACHE/debs/src,
# each checked against its pin and against apt's signed Sources index.
fetch_source() {
	use_suite trixie src
	# showsrc STANZA: the Checksums-Sha256 lines of SRC_VERSION's stanza.
	showsrc() {
		apt_run apt-cache showsrc "$SRC_PKG" 2>/dev/null | awk -v v="$SRC_VERSION" '
			/^Package:/ { on = 0; sums = 0 }
			$1 == "Version:" { on = ($2 == v) }
			/^Checksums-Sha256:/ { sums = 1; next }
			/^[^ ]/ { sums = 0 }
			on && sums'
	}
	index=$(showsrc)
	if [ -z "$index" ]; then
		apt_run apt-get update >/dev/null 2>&1 || true
		index=$(showsrc)
	fi
	[ -n "$index" ] || die "trixie's Sources index has no $SRC_PKG $SRC_VERSION"
	for f in $SRC_FILES; do
		file=${f%%:*} sum=${f#*:}
		echo "$index" | grep -q " $sum [0-9]* $file\$" ||
			die "$file: the pin $sum is not in trixie's signed Sources index"
		if [ ! -f "$CACHE/debs/src/$file" ]; then
			step "userspace: downloading the source $SRC_PKG $SRC_VERSION"
			# apt-get source checks each file against the index; the
			# files it cannot get are missed below by name.
			(cd "$CACHE/debs/src" && apt_run apt-get source --download-only \
				"$SRC_PKG=$SRC_VERSION" >/dev/null 2>&1) || true
		fi
		[ -f "$CACHE/debs/src/$file" ] || die "cannot download $file"
		got=$(sha256sum "$CACHE/debs/src/$file" | cut -d' ' -f1)
		[ "$got" = "$sum" ] || die "$file: SHA-256 $got, expected $sum"
	done
}

# unpack DIR: the verified source in DIR (Debian's patches applied when
# there is a .dsc), then ours.
unpack() {
	rm -rf "$1"
	first=${SRC_FILES%%:*}
	case $first in
	*.dsc) dpkg-source --no-check -x "$CACHE/debs/src/$first" "$1" >/dev/null ||
		die "dpkg-source -x $first failed" ;;
	*.tar.*) mkdir -p "$1" && tar -C "$1" --strip-components=1 -xf "$CACHE/debs/src/$first" ||
		die "cannot unpack $first" ;;
	esac
	while read -r patch; do
		patch -d "$1" -p1 --quiet --forward <"$TOP/patches/userspace/$p/$patch" ||
			die "$p: $patch does not apply to $SRC_PKG $SRC_VERSION"
	done <"$TOP/patches/userspace/$p/series"
}

# build: the library, in the build root, with trixie's compiler and
# Debian's flags; prints its path in the source tree.
build() {
	case $p in
	apparmor)
		# what debian/rules does for libraries/libapparmor, no bindings
		chroot "$root" sh -ec 'cd /build/src/libraries/libapparmor
			sh ./autogen.sh
			cd /build/src
			dh_auto_configure -D libraries/libapparmor
			dh_auto_build -D libraries/libapparmor -- -C src' >"$log" 2>&1 ||
			die "$p: the build failed, see $log"
		ls "$root"/build/src/libraries/libapparmor/src/.libs/libapparmor.so.1.*.*
		;;
	libselinux)
		# the top Makefile sets pcre2's and LFS's flags for src/
		chroot "$root" sh -ec 'cd /build/src
			eval "$(dpkg-buildflags --export=sh)"
			make SUBDIRS=src CFLAGS="$CFLAGS $CPPFLAGS" LDFLAGS="$LDFLAGS"' >"$log" 2>&1 ||
			die "$p: the build failed, see $log"
		echo "$root/build/src/src/libselinux.so.1"
		;;
	*) die "$p: harness/userspace-debs.sh does not know how to build it" ;;
	esac
}

# unit_test: the patched file against tests/userspace/test_$p.c, with
# getsockopt() answering as a kernel with and without SO_PEERLSMCTX
# (mock_sockopt.h), under ASan and UBSan; a failure refuses the package.
unit_test() {
	case $p in
	apparmor) file=libraries/libapparmor/src/kernel.c test=test_libapparmor
		cflags="-D_GNU_SOURCE -Ilibraries/libapparmor/src -Ilibraries/libapparmor/include"
		wrap=-Wl,--wrap=getsockopt,--wrap=open ;;
	libselinux) file=src/getpeercon.c test=test_libselinux
		cflags="-D_GNU_SOURCE -Iinclude -Isrc" wrap=-Wl,--wrap=getsockopt ;;
	esac
	cp "$TOP/tests/userspace/mock_sockopt.h" "$TOP/tests/userspace/$test.c" "$root/build/"
	# LeakSanitizer reads /proc: a private one, gone with the namespace.
	# shellcheck disable=SC2016 # expanded in the build root
	unshare --mount --pid --fork --mount-proc="$root/proc" chroot "$root" sh -ec 'cd /build/src
		san="-fsanitize=address,undefined -fno-omit-frame-pointer -g -O1"
		cc $san -Wall $3 -c "$1" -o /build/unit.o
		cc $san -Wall -I/build -c "/build/$2.c" -o /build/test.o
		cc $san /build/unit.o /build/test.o $4 -o /build/unit-test
		/build/unit-test' - "$file" "$test" "$cflags" "$wrap" >"$log.unit" 2>&1 ||
		die "$p: the unit test failed, see $log.unit"
	say "userspace: $p unit test: $(tail -1 "$log.unit")"
}

# exports SO: the dynamic symbols SO defines, with their versions.
exports() { nm -D --defined-only --with-symbol-versions "$1" | awk '{ print $NF }' | sort; }

for p in $pkgs; do
	# shellcheck source=/dev/null # harness/userspace-*.env
	. "$TOP/harness/userspace-$p.env"
	fetch_source
	step "userspace: building $p $SRC_VERSION with patches/userspace/$p"
	mkdir -p "$root/build" "$BUILD/userspace"
	log=$BUILD/userspace/$p.log
	unpack "$root/build/src"
	lib=$(build)
	unit_test
	use_suite trixie
	deb=$(pinned_deb "$BIN_PKG" "$SRC_VERSION" "$BIN_SHA256" amd64)

	# Debian's package, its library replaced, its version raised.
	tree=$BUILD/userspace/$BIN_PKG
	rm -rf "$tree"
	dpkg-deb -R "$deb" "$tree"
	target=$(cd "$tree" && find . -name "$(basename "$lib")" -type f)
	[ -n "$target" ] || die "$BIN_PKG has no $(basename "$lib")"
	exports "$tree/$target" >"$tree.debian"
	exports "$lib" >"$tree.rebuilt"
	diff -u "$tree.debian" "$tree.rebuilt" >&2 ||
		die "$p: the rebuilt $(basename "$lib") exports other symbols than Debian's"
	# stripped as dh_strip strips a shared library
	strip --remove-section=.comment --remove-section=.note --strip-unneeded \
		-o "$tree/$target" "$lib"
	(cd "$tree" && find . -path ./DEBIAN -prune -o -type f -printf '%P\n' |
		sort | xargs md5sum) >"$tree/DEBIAN/md5sums"
	version=$SRC_VERSION+composer1
	sed -i "s/^Version: .*/Version: $version/" "$tree/DEBIAN/control"
	dpkg-deb --root-owner-group -b "$tree" "$out/$(deb_file "$BIN_PKG" "$version" amd64)" >/dev/null ||
		die "cannot build $BIN_PKG $version"
	# Debian's own package too, for the guest's unpatched comparison.
	cp "$deb" "$out/"
done
touch "$out/.done"
# Other keys' packages are out of date.
find "$CACHE/userspace" -mindepth 1 -maxdepth 1 ! -name "$key" -exec rm -rf {} +
echo "$out"
