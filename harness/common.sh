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
# A git worktree of the base commit, laid out as the work tree is: the
# stock kernels build in $BUILD/stock/out/VARIANT as the others do in
# $BUILD/out/VARIANT, so the source is ../../linux from both and ccache
# (with CCACHE_BASEDIR) reuses every object the series does not change.
STOCK_SRC=$BUILD/stock/linux
JOBS=${JOBS:-$(nproc)}

say() { printf '%s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }
# Each step says how long the run has taken so far (make check exports
# RUN_START once, so every script of one run counts from the same start).
RUN_START=${RUN_START:-$(date +%s)}
export RUN_START
step() {
	step_t=$(($(date +%s) - RUN_START))
	printf '==> [%d:%02d] %s\n' $((step_t / 60)) $((step_t % 60)) "$*" >&2
}

# kernel_out VARIANT: the directory a variant is built in (stock-tree
# variants beside the stock worktree, see STOCK_SRC).
kernel_out() {
	if grep -v '^#' "$TOP/configs/variants" | awk -v v="$1" '$1 == v && $2 == "stock" { f = 1 } END { exit !f }'; then
		echo "$BUILD/stock/out/$1"
	else
		echo "$BUILD/out/$1"
	fi
}
