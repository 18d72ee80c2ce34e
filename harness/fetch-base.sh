#!/bin/sh
# Download the pinned linux-source-6.12 .deb with apt, verify its SHA-256 and
# keep it in the cache. Prints the path of the verified .deb.
set -eu
. "$(dirname "$0")/common.sh"
. "$TOP/harness/base.env"
. "$TOP/harness/pinned-deb.sh"

# The base comes from the host's own sources (bookworm-security).
apt_run() { "$@"; }

pinned_deb "$BASE_PKG" "$BASE_VERSION" "$BASE_SHA256" all
