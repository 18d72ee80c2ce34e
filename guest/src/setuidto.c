// SPDX-License-Identifier: GPL-2.0
/*
 * setuidto FROM TO: as root, become uid FROM keeping CAP_SETUID, then ask
 * to become uid TO, and print "ok" or the errno's name. SafeSetID decides
 * the second step by its uid policy (guest/tests/safesetid).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Raise CAP_SETUID in the effective set: a uid change cleared it. */
static int raise_setuid(void)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2];

	if (syscall(SYS_capget, &hdr, data))
		return -1;
	data[0].effective |= 1U << CAP_SETUID;
	return syscall(SYS_capset, &hdr, data);
}

int main(int argc, char **argv)
{
	uid_t from, to;

	if (argc != 3) {
		fprintf(stderr, "usage: setuidto FROM TO\n");
		return 2;
	}
	from = atoi(argv[1]);
	to = atoi(argv[2]);
	if (prctl(PR_SET_KEEPCAPS, 1) || setresuid(from, from, from) ||
	    raise_setuid()) {
		perror("setuidto: becoming FROM");
		return 2;
	}
	if (setresuid(to, to, to)) {
		printf("%s\n", errno == EPERM ? "EPERM" :
		       errno == EACCES ? "EACCES" : "error");
		return 1;
	}
	printf("ok\n");
	return 0;
}
