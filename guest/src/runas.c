// SPDX-License-Identifier: GPL-2.0
/*
 * runas [-s SMACK] [-e SELINUX] [-u UID] PROG ARGS: run PROG with a Smack
 * label, an SELinux exec context (through /proc/self/attr/selinux/ where
 * it exists) and a user id, all taking effect on the one execve, so that
 * every LSM's transition happens together. Dropping to a non-zero uid
 * drops the capabilities that override Smack and DAC.
 */
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int write_attr(const char *path, const char *value)
{
	int fd = open(path, O_WRONLY);
	int ok = fd >= 0 && write(fd, value, strlen(value)) == (ssize_t)strlen(value);

	if (fd >= 0)
		close(fd);
	if (!ok)
		perror(path);
	return ok ? 0 : -1;
}

int main(int argc, char **argv)
{
	int opt;
	uid_t uid = 0;

	while ((opt = getopt(argc, argv, "+s:e:u:")) != -1) {
		switch (opt) {
		case 's':
			if (write_attr("/proc/self/attr/smack/current", optarg))
				return 1;
			break;
		case 'e':
			/* SELinux's own file, whatever LSM is presented. */
			if (write_attr(access("/proc/self/attr/selinux", F_OK) ?
				       "/proc/self/attr/exec" :
				       "/proc/self/attr/selinux/exec", optarg))
				return 1;
			break;
		case 'u':
			uid = atoi(optarg);
			break;
		default:
			return 2;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "usage: runas [-s SMACK] [-e SELINUX] [-u UID] PROG ARGS\n");
		return 2;
	}
	if (uid && (setgroups(0, NULL) || setgid(uid) || setuid(uid))) {
		perror("setuid");
		return 1;
	}
	execv(argv[optind], argv + optind);
	perror(argv[optind]);
	return 1;
}
