# Shared settings for the harness scripts; sourced, not run.
# shellcheck shell=sh
# shellcheck disable=SC2034 # the variables are for the scripts that source this

TOP=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
# The kernel the series applies to: harness/base-$BASE.env pins its source,
# patches/$BASE holds its series, tests/$BASE its boots, and everything
# built from it goes to build/$BASE.
BASE=${BASE:-6.12}
if [ ! -f "$TOP/harness/base-$BASE.env" ]; then
	printf 'error: unknown BASE=%s (bases: %s)\n' "$BASE" \
		"$(cd "$TOP/harness" && ls base-*.env | sed 's/^base-//; s/\.env$//' | tr '\n' ' ')" >&2
	exit 1
fi
# shellcheck source=/dev/null # one of harness/base-*.env
. "$TOP/harness/base-$BASE.env"
export BASE
BUILD=${BUILD:-$TOP/build/$BASE}
PATCHES=$TOP/patches/$BASE
TESTS_DIR=$TOP/tests/$BASE
# Downloads and ccache live outside the repo, so a fresh clone reuses them.
CACHE=${COMPOSER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/lsm-composer}
SRC=$BUILD/linux            # the work tree: base commit + one commit per patch
STOCK_SRC=$BUILD/linux-stock # git worktree of the base commit
JOBS=${JOBS:-$(nproc)}

say() { printf '%s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }
step() { printf '==> %s\n' "$*" >&2; }
