# Sourced after common.sh: fetch a Debian package pinned by version and
# SHA-256 into $CACHE/debs, the way every download of the harness goes.
# The caller calls use_suite (below) first: apt_run CMD ARGS... then runs
# apt-get or apt-cache against the sources it wants.
# shellcheck shell=sh

# deb_file PKG VERSION ARCH: the file name apt-get download gives it.
deb_file() { printf '%s_%s_%s.deb' "$1" "$(printf %s "$2" | sed 's/:/%3a/')" "$3"; }

# pin_served PKG VERSION: does apt's index hold that version? (apt-cache
# show succeeds on an unknown version, silently.)
pin_served() { apt_run apt-cache show "$1=$2" 2>/dev/null | grep -q '^SHA256:'; }

# pinned_deb PKG VERSION SHA256 ARCH: print the path of the verified .deb.
# If the pin is no longer served, say so loudly and take the newest
# version, verified against the hash in apt's signed index instead.
pinned_deb() {
	pkg=$1 version=$2 want=$3 arch=$4
	mkdir -p "$CACHE/debs"
	deb=$CACHE/debs/$(deb_file "$pkg" "$version" "$arch")
	if [ ! -f "$deb" ]; then
		step "downloading $pkg=$version"
		if ! pin_served "$pkg" "$version"; then
			apt_run apt-get update >/dev/null 2>&1 || true
			pin_served "$pkg" "$version" || version=
		fi
		if [ -z "$version" ]; then
			version=$(apt_run apt-cache madison "$pkg" | awk '{print $3; exit}')
			[ -n "$version" ] || die "apt serves no $pkg at all"
			say "************************************************************"
			say "WARNING: pinned $pkg $2 is no longer served."
			say "WARNING: using $version; it may not fit the series."
			say "************************************************************"
			want=$(apt_run apt-cache show "$pkg=$version" |
				awk '/^SHA256:/{print $2; exit}')
			deb=$CACHE/debs/$(deb_file "$pkg" "$version" "$arch")
		fi
		[ -f "$deb" ] || (cd "$CACHE/debs" &&
			apt_run apt-get download "$pkg=$version" >/dev/null 2>&1) ||
			die "cannot download $pkg=$version"
	fi
	got=$(sha256sum "$deb" | cut -d' ' -f1)
	if [ "$got" != "$want" ]; then
		rm -f "$deb"
		die "$deb: SHA-256 $got, expected $want (deleted)"
	fi
	echo "$deb"
}

# use_suite SUITE: make apt_run read SUITE (e.g. trixie, trixie-backports)
# through the harness's own sources list, index and cache under
# $CACHE/apt/SUITE; it never reads /etc/apt's sources or touches
# /var/lib/apt. apt checks the signed index with Debian's keyring, so its
# hashes can be trusted. amd64 whatever the host, as the guests are x86_64.
# An empty SUITE means the host's own sources. use_suite SUITE src reads
# SUITE's source packages instead (apt-get source), in $CACHE/apt/SUITE-src.
use_suite() {
	suite=$1
	if [ -z "$suite" ]; then
		apt_run() { "$@"; }
		return
	fi
	adir=$CACHE/apt/$suite${2:+-$2}
	mkdir -p "$adir/lists/partial" "$adir/cache/archives/partial"
	echo "deb${2:+-$2} [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $suite main" \
		>"$adir/sources.list"
	apt_run() {
		cmd=$1
		shift
		"$cmd" -q -o Dir::Etc::sourcelist="$adir/sources.list" \
			-o Dir::Etc::sourceparts=- -o Dir::State::Lists="$adir/lists" \
			-o Dir::Cache="$adir/cache" \
			-o APT::Architecture=amd64 -o APT::Architectures=amd64 "$@"
	}
}
