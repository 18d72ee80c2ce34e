// SPDX-License-Identifier: GPL-2.0
/*
 * landlock_read ALLOWED FILE: restrict this process with a Landlock
 * ruleset that lets it read only beneath ALLOWED, then open FILE. Prints
 * "ok" or the errno's name (Landlock denies with EACCES).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct landlock_ruleset_attr ruleset = {
		.handled_access_fs = LANDLOCK_ACCESS_FS_READ_FILE,
	};
	struct landlock_path_beneath_attr beneath = {
		.allowed_access = LANDLOCK_ACCESS_FS_READ_FILE,
	};
	int rfd, fd;

	if (argc != 3) {
		fprintf(stderr, "usage: landlock_read ALLOWED FILE\n");
		return 2;
	}
	rfd = syscall(__NR_landlock_create_ruleset, &ruleset, sizeof(ruleset), 0);
	beneath.parent_fd = open(argv[1], O_PATH);
	if (rfd < 0 || beneath.parent_fd < 0 ||
	    syscall(__NR_landlock_add_rule, rfd, LANDLOCK_RULE_PATH_BENEATH,
		    &beneath, 0) ||
	    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    syscall(__NR_landlock_restrict_self, rfd, 0)) {
		perror("landlock");
		return 3;
	}
	fd = open(argv[2], O_RDONLY);
	if (fd < 0) {
		printf("%s\n", errno == EACCES ? "EACCES" : "error");
		return 1;
	}
	close(fd);
	printf("ok\n");
	return 0;
}
