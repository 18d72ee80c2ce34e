# LSM composer: patch series for Linux 6.12 and 7.3 and the harness that
# tests them. See README.md. Every target installs what it needs (as root)
# first. BASE=6.12 (the default) or BASE=7.3 picks the series a target
# works on (patches/$BASE, build/$BASE); make check without BASE checks both.

SHELL := /bin/sh
H := harness

.PHONY: all run check check-full check-debug check-series bench bench-profile tree export kernels initramfs deps clean

all: check

# The main job: boot the composed kernel to a shell on this terminal.
# DISTRO=1 boots the Debian guest (systemd, SELinux and AppArmor policy)
# to a login prompt instead: root, no password, on the composer built with
# Debian's own LSM configuration, as Debian would boot it (AppArmor,
# SELinux, TOMOYO, BPF, IPE, IMA and EVM active; no Smack, which systemd
# refuses next to SELinux).
run: deps tree initramfs
	@if [ -n "$(DISTRO)" ]; then \
		image=$$($(H)/build-kernel.sh debian-composer) && \
		disk=$$($(H)/distro-image.sh) && \
		DISK=$$disk BOOT_INTERACTIVE=1 $(H)/boot.sh build/$(or $(BASE),6.12)/logs/run "$$image" \
			"$(ARGS)" ""; \
	else \
		image=$$($(H)/build-kernel.sh composer) && \
		BOOT_INTERACTIVE=1 $(H)/boot.sh build/$(or $(BASE),6.12)/logs/run "$$image" "$(ARGS)" shell; \
	fi

# The test suite of both bases (or of BASE); TESTS=regex runs only the
# boots whose name matches. A base with a tests/$BASE/subset runs that
# subset in make check and everything in make check-full.
check:
	@$(H)/check.sh

check-full:
	@CHECK_FULL=1 $(H)/check.sh

# The guest suite and the long fuzzer on the KASAN/kmemleak/lockdep kernel.
check-debug:
	@$(H)/check-debug.sh

# Every patch builds with the composer on and off; checkpatch; messages.
check-series: deps
	@$(H)/check-series.sh

# Deterministic benchmark (-icount), stock and composer side by side.
bench: deps
	@$(H)/bench.sh

# Instructions per security/ function while the benchmark runs OPS, e.g.
# make bench-profile VARIANT=bench-composer KARGS=lsm=smack OPS=stat
# (PROFILE_TEXT=kernel: per function of the whole kernel text).
bench-profile: deps tree
	@$(H)/bench-profile.sh "$(VARIANT)" "$(KARGS)" "$(OPS)"

# Work tree in build/linux: base commit plus one commit per patch.
tree: deps
	@$(H)/tree.sh apply

# Write the work tree's commits back to patches/.
export:
	@$(H)/tree.sh export

kernels: deps tree
	@for v in $$(grep -v '^#' configs/variants | awk '{print $$1}'); do \
		$(H)/build-kernel.sh $$v || exit 1; done

initramfs: deps tree
	@$(H)/initramfs.sh >/dev/null

deps:
	@$(H)/deps.sh

# Keeps the downloaded base and ccache (in ~/.cache/lsm-composer).
clean:
	rm -rf build
