// SPDX-License-Identifier: GPL-2.0
/*
 * lsmsetattr LSM ATTR VALUE [READPATH...]: set attribute ATTR ("current"
 * or "exec") of LSM ("selinux", "smack" or "apparmor") to VALUE with the
 * lsm_set_self_attr() system call and print "ok" or the errno's name, then
 * each READPATH's contents as attrio prints them, from the same process.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

/* From include/uapi/linux/lsm.h and the x86_64 syscall table of 6.12;
 * Debian 12's kernel headers predate them.
 */
#define NR_lsm_set_self_attr	460
#define LSM_ATTR_CURRENT	100
#define LSM_ATTR_EXEC		101

struct lsm_ctx {
	uint64_t id;
	uint64_t flags;
	uint64_t len;
	uint64_t ctx_len;
	uint8_t ctx[];
};

static uint64_t lsm_id(const char *name)
{
	if (!strcmp(name, "selinux"))
		return 101;
	if (!strcmp(name, "smack"))
		return 102;
	if (!strcmp(name, "apparmor"))
		return 104;
	fprintf(stderr, "lsmsetattr: unknown LSM %s\n", name);
	exit(2);
}

int main(int argc, char **argv)
{
	static char buf[4096];
	struct lsm_ctx *ctx;
	size_t vlen, size;
	ssize_t n;
	int i, fd;

	if (argc < 4) {
		fprintf(stderr, "usage: lsmsetattr LSM ATTR VALUE [READPATH...]\n");
		return 2;
	}
	vlen = strlen(argv[3]) + 1;
	size = sizeof(*ctx) + vlen;
	ctx = calloc(1, size);
	if (!ctx)
		return 2;
	ctx->id = lsm_id(argv[1]);
	ctx->len = size;
	ctx->ctx_len = vlen;
	memcpy(ctx->ctx, argv[3], vlen);
	if (syscall(NR_lsm_set_self_attr, strcmp(argv[2], "exec") ?
		    LSM_ATTR_CURRENT : LSM_ATTR_EXEC, ctx, size, 0) == 0)
		printf("ok\n");
	else
		printf("%s\n", errno == EINVAL ? "EINVAL" : errno == EPERM ?
		       "EPERM" : errno == EACCES ? "EACCES" : "error");
	for (i = 4; i < argc; i++) {
		fd = open(argv[i], O_RDONLY);
		n = fd < 0 ? -1 : read(fd, buf, sizeof(buf));
		if (fd >= 0)
			close(fd);
		if (n < 0) {
			printf("error\n");
			continue;
		}
		while (n > 0 && (buf[n - 1] == '\0' || buf[n - 1] == '\n'))
			n--;
		printf("%.*s\n", (int)n, buf);
	}
	return 0;
}
