// SPDX-License-Identifier: GPL-2.0
/*
 * attrio [-w PATH DATAFILE | -s LSM ATTR VALUE] [READPATH...]:
 *   -w: write the bytes of DATAFILE to PATH in one write();
 *   -s: set attribute ATTR ("current" or "exec") of LSM ("selinux",
 *       "smack" or "apparmor") to VALUE with lsm_set_self_attr();
 * and print "ok" or the errno's name. Then print each READPATH's contents
 * on a line of its own, without the trailing NULs and newlines that LSMs
 * append, or the errno's name if it cannot be read. These writes change
 * only the writer, so the same process must write and read back.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

#include "errname.h"
#include "lsm_abi.h"

static char buf[16384];

/* Read all of @path into buf; return its length or -errno. */
static ssize_t slurp(const char *path)
{
	ssize_t n, len = 0;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -errno;
	while ((n = read(fd, buf + len, sizeof(buf) - len)) > 0)
		len += n;
	if (n < 0)
		len = -errno;
	close(fd);
	return len;
}

/* lsm_set_self_attr(): set @attr of LSM @lsm to @value; 0 or -1. */
static int set_self_attr(const char *lsm, const char *attr, const char *value)
{
	size_t vlen = strlen(value) + 1, size = sizeof(struct lsm_ctx) + vlen;
	struct lsm_ctx *ctx = calloc(1, size);
	int rc;

	if (!ctx)
		return -1;
	ctx->id = !strcmp(lsm, "selinux") ? 101 : !strcmp(lsm, "smack") ? 102 :
		  !strcmp(lsm, "apparmor") ? 104 : 0;
	ctx->len = size;
	ctx->ctx_len = vlen;
	memcpy(ctx->ctx, value, vlen);
	rc = syscall(NR_lsm_set_self_attr, strcmp(attr, "exec") ?
		     LSM_ATTR_CURRENT : LSM_ATTR_EXEC, ctx, size, 0);
	free(ctx);
	return rc;
}

int main(int argc, char **argv)
{
	ssize_t len;
	int i = 1, fd;

	if (argc > 3 && !strcmp(argv[1], "-w")) {
		len = slurp(argv[3]);
		if (len < 0) {
			fprintf(stderr, "attrio: cannot read %s\n", argv[3]);
			return 2;
		}
		fd = open(argv[2], O_WRONLY);
		if (fd < 0)
			printf("open %s\n", errname(errno));
		else if (write(fd, buf, len) != len)
			printf("%s\n", errname(errno));
		else
			printf("ok\n");
		if (fd >= 0)
			close(fd);
		i = 4;
	} else if (argc > 4 && !strcmp(argv[1], "-s")) {
		if (set_self_attr(argv[2], argv[3], argv[4]))
			printf("%s\n", errname(errno));
		else
			printf("ok\n");
		i = 5;
	}
	for (; i < argc; i++) {
		len = slurp(argv[i]);
		if (len < 0) {
			printf("%s\n", errname(-len));
			continue;
		}
		while (len > 0 && (buf[len - 1] == '\0' || buf[len - 1] == '\n'))
			len--;
		printf("%.*s\n", (int)len, buf);
	}
	return 0;
}
