# Shared settings for the harness scripts; sourced, not run.
# shellcheck shell=sh
# shellcheck disable=SC2034 # the variables are for the scripts that source this

TOP=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
# Downloads and ccache live outside the repo, so a fresh clone reuses them.
CACHE=${COMPOSER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/lsm-composer}
SRC=$BUILD/linux            # the work tree: base commit + one commit per patch
STOCK_SRC=$BUILD/linux-stock # git worktree of the base commit
JOBS=${JOBS:-$(nproc)}

say() { printf '%s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }
step() { printf '==> %s\n' "$*" >&2; }
