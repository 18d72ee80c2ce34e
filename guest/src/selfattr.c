// SPDX-License-Identifier: GPL-2.0
/*
 * selfattr: print each entry lsm_get_self_attr(LSM_ATTR_CURRENT) returns,
 * one "LSM CONTEXT" line each, as a tool built on the system call sees
 * them. The distribution check compares them with /proc/self/attr/LSM/.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lsm_abi.h"

/* The ids of include/uapi/linux/lsm.h that have a process context. */
static const char *lsm_name(uint64_t id)
{
	switch (id) {
	case 101: return "selinux";
	case 102: return "smack";
	case 103: return "tomoyo";
	case 104: return "apparmor";
	default: return NULL;
	}
}

int main(void)
{
	static unsigned char buf[65536];
	uint32_t size = sizeof(buf);
	long n = syscall(NR_lsm_get_self_attr, LSM_ATTR_CURRENT, buf, &size, 0);
	unsigned char *p = buf;

	if (n < 0) {
		fprintf(stderr, "selfattr: lsm_get_self_attr: %s\n", strerror(errno));
		return 1;
	}
	for (; n > 0; n--) {
		struct lsm_ctx *c = (struct lsm_ctx *)p;
		const char *name = lsm_name(c->id);
		int len = (int)c->ctx_len;

		/* A context is a string; print it without its trailing NUL. */
		while (len > 0 && c->ctx[len - 1] == '\0')
			len--;
		if (name)
			printf("%s %.*s\n", name, len, (const char *)c->ctx);
		else
			printf("lsm-%llu %.*s\n", (unsigned long long)c->id, len,
			       (const char *)c->ctx);
		p += c->len;
	}
	return 0;
}
