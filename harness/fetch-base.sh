#!/bin/sh
# Download the pinned linux-source package of $BASE (harness/base-$BASE.env)
# with apt, verify its SHA-256 and keep it in the cache. Prints the path of
# the verified .deb.
set -eu
. "$(dirname "$0")/common.sh"
. "$TOP/harness/pinned-deb.sh"

use_suite "$BASE_SUITE"
pinned_deb "$BASE_PKG" "$BASE_VERSION" "$BASE_SHA256" all
