/* SPDX-License-Identifier: GPL-2.0 */
/*
 * attrfuzz: what its parts share: the LSM user API, the LSMs and
 * attributes, the generator, the values read back, the counts and the
 * report of a violation. Included once, by attrfuzz.c.
 */
#ifndef GUEST_ATTRFUZZ_H
#define GUEST_ATTRFUZZ_H

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>

#include "errname.h"
#include "lsm_abi.h"

#define ATTR_BASE		LSM_ATTR_CURRENT /* the names below follow */

#define PAGE		4096
#define VALMAX		(2 * PAGE)
#define MAXSEG		3

/* The LSMs with process attributes, and their LSM_ID_* values. */
enum { SELINUX, SMACK, APPARMOR, NLSM };
static const char *const lsm_name[NLSM] = { "selinux", "smack", "apparmor" };
static const uint64_t lsm_id[NLSM] = { 101, 102, 104 };

/* In LSM_ATTR_* order: attribute i is LSM_ATTR 100 + i. */
enum { CURRENT, EXEC, FSCREATE, KEYCREATE, PREV, SOCKCREATE, NATTR };
static const char *const attr_name[NATTR] = {
	"current", "exec", "fscreate", "keycreate", "prev", "sockcreate"
};

/* Errors, as bits of a mask of those a call may answer. */
static const int err_list[] = {
	EINVAL, EACCES, EPERM, ENOENT, EOPNOTSUPP, E2BIG, EFAULT
};
#define NERR	(int)(sizeof(err_list) / sizeof(err_list[0]))
#define B(e)	(1u << err_bit(e))
enum {
	EB_INVAL = 1 << 0, EB_ACCES = 1 << 1, EB_PERM = 1 << 2,
	EB_NOENT = 1 << 3, EB_OPNOTSUPP = 1 << 4, EB_2BIG = 1 << 5,
	EB_FAULT = 1 << 6,
};

static int err_bit(int e)
{
	int i;

	for (i = 0; i < NERR; i++)
		if (err_list[i] == e)
			return i;
	return NERR;	/* an errno no call may answer */
}

/* ---- the system as found at start ---- */

static int order[NLSM], nactive;	/* active LSMs with attrs, call order */
static int active[NLSM];
static int composer;			/* the series is in the kernel */
static int present = -1;		/* presented LSM, or -1: formatted */
static int nlsm_all;			/* entries of /sys/kernel/security/lsm */
static int verbose;
static uint64_t seed;

/* ---- counts, shared with the children ---- */

struct counts {
	long ops, calls[4], accepted, rejected[NERR + 1], next, violation;
	long cur;			/* the operation running */
	long fmt, fmt_syntax, fmt_accepted;	/* formatted writes */
	int err_other[8];
};
static struct counts *cnt;
enum { C_WRITE, C_SET, C_GET, C_LIST };

/* ---- deterministic generator: operation N depends on SEED and N only ---- */

static uint64_t rs;

static uint64_t rnd(void)
{
	uint64_t z = (rs += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static unsigned int below(unsigned int n)
{
	return n ? rnd() % n : 0;
}

/* ---- reading values ---- */

struct val {
	int err;		/* errno of the open or read, or 0 */
	size_t len;
	unsigned char b[VALMAX];
};

/* Values compared after each call: each LSM's own files, then the plain. */
struct file {
	int lsm;		/* -1: the plain file */
	int attr;
};
static struct file files[NLSM * NATTR + NATTR];
static int nfiles;

struct snap {
	struct val v[NLSM * NATTR + NATTR];
};

static void read_val(const char *path, struct val *v)
{
	ssize_t n;
	int fd = open(path, O_RDONLY);

	v->len = 0;
	v->err = 0;
	if (fd < 0) {
		v->err = errno;
		return;
	}
	while ((n = read(fd, v->b + v->len, VALMAX - v->len)) > 0)
		v->len += n;
	if (n < 0)
		v->err = errno;
	close(fd);
}

static void file_path(char *p, size_t sz, const char *prefix, int lsm, int attr)
{
	if (lsm < 0)
		snprintf(p, sz, "%s/%s", prefix, attr_name[attr]);
	else
		snprintf(p, sz, "%s/%s/%s", prefix, lsm_name[lsm], attr_name[attr]);
}

static void take(const char *prefix, struct snap *s)
{
	char p[128];
	int i;

	for (i = 0; i < nfiles; i++) {
		file_path(p, sizeof(p), prefix, files[i].lsm, files[i].attr);
		read_val(p, &s->v[i]);
	}
}

/* The length of @b without the trailing NULs and newlines LSMs append. */
static size_t shown(const unsigned char *b, size_t len)
{
	while (len && (b[len - 1] == '\0' || b[len - 1] == '\n'))
		len--;
	return len;
}

static int file_index(int lsm, int attr)
{
	int i;

	for (i = 0; i < nfiles; i++)
		if (files[i].lsm == lsm && files[i].attr == attr)
			return i;
	return -1;
}

/* ---- reporting ---- */

static char why[512];

static void hex(const char *what, const unsigned char *b, size_t len)
{
	size_t i, n = len > 512 ? 512 : len;

	printf("# %s (%zu bytes):", what, len);
	for (i = 0; i < n; i++)
		printf("%s%02x", i % 32 ? "" : "\n#   ", b[i]);
	printf("%s\n", n < len ? " ..." : "");
}

static void note(const char *fmt, ...)
{
	va_list ap;

	if (why[0])
		return;		/* the first reason is the one that counts */
	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
}

/* ---- counting ---- */

static void count_result(int kind, long rc, int e, unsigned int errs)
{
	cnt->calls[kind]++;
	if (rc >= 0) {
		cnt->accepted++;
		return;
	}
	cnt->rejected[err_bit(e)]++;
	if (err_bit(e) == NERR) {
		int i;

		for (i = 0; i < 8 && cnt->err_other[i] && cnt->err_other[i] != e; i++)
			;
		if (i < 8)
			cnt->err_other[i] = e;
	}
	if (!(errs & B(e)))
		note("%s is not an error this call may answer", errname(e));
}

#endif
