#!/bin/sh
# Take the SO_PEERLSMCTX fallback define and bus_read_peer_lsm_label()
# out of a patched bus/utils.c, for test_dbus.c.
set -e
src=${1:-/work/u33/work/dbus-1.16.2/bus/utils.c}
echo '#define __linux__ 1'
sed -n '/^#ifndef SO_PEERLSMCTX/,/^#endif$/p' "$src"
echo 'static int bus_read_peer_lsm_label (int, dbus_uint64_t, DBusString *);'
sed -n '/^bus_read_peer_lsm_label (int/,/^}/p' "$src" | sed '1s/^/static int\n/'
