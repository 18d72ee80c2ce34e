#!/bin/sh
# Build and run the unit tests of the three SO_PEERLSMCTX helpers against
# the patched work trees, with getsockopt() replaced by mock_sockopt.h
# (answers as kernel patch 0028 does) plus one call on the running kernel.
# Only the touched .c files are compiled; no package build.
set -e
W=/work/u33/work
T=/work/u33/tests
O=$(mktemp -d /tmp/u33-unit.XXXXXX)
SAN="-fsanitize=address,undefined -fno-omit-frame-pointer"
cd "$T"

echo "== libselinux getpeercon_raw()"
F=$(cat $W/libselinux.cflags)
gcc $F $SAN -Wno-error -Wno-missing-include-dirs \
	-I$W/libselinux-3.8.1/include -I$W/libselinux-3.8.1/src \
	-c $W/libselinux-3.8.1/src/getpeercon.c -o $O/getpeercon.o
gcc -O1 -g -Wall $SAN -c test_libselinux.c -o $O/test_libselinux.o
gcc $SAN $O/getpeercon.o $O/test_libselinux.o -Wl,--wrap=getsockopt -o $O/test_libselinux
$O/test_libselinux

echo "== libapparmor aa_getpeercon()"
A=$W/apparmor-4.1.0/libraries/libapparmor
gcc -O1 -g -Wall -D_GNU_SOURCE $SAN -I$A/src -I$A/include -c $A/src/kernel.c -o $O/kernel.o
gcc -O1 -g -Wall $SAN -c test_libapparmor.c -o $O/test_libapparmor.o
gcc $SAN $O/kernel.o $O/test_libapparmor.o -Wl,--wrap=getsockopt -Wl,--wrap=open -o $O/test_libapparmor
$O/test_libapparmor

echo "== dbus bus_read_peer_lsm_label()"
./extract_dbus_helper.sh $W/dbus-1.16.2/bus/utils.c > $O/dbus_helper.inc
gcc -O1 -g -Wall -Wextra -Wno-unused-function $SAN -I$O test_dbus.c -Wl,--wrap=getsockopt -o $O/test_dbus
$O/test_dbus | grep -v '^  verbose:'

rm -rf "$O"
