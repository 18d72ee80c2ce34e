// SPDX-License-Identifier: GPL-2.0
/*
 * peerlabels: for a QEMU guest, compare what libselinux's getpeercon_raw()
 * and libapparmor's aa_getpeercon() give with what the kernel gives in
 * SO_PEERSEC and SO_PEERLSMCTX, on a socketpair, on a connected Unix
 * stream socket (the peer is this task in both), and on any socket path
 * given (e.g. /run/dbus/system_bus_socket: the peer is dbus-daemon).
 *
 *   peerlabels [PATH...]
 *
 * The libraries are dlopen()ed (libselinux.so.1, libapparmor.so.1), so
 * the same program runs with Debian's libraries (LD_LIBRARY_PATH) and
 * with those of patches/userspace; built in the trixie build root
 * (harness/distro-image.sh). Expectations, per socket:
 *  - kernel without SO_PEERLSMCTX (ENOPROTOOPT): getpeercon_raw() equals
 *    SO_PEERSEC (both the same label, or both fail alike), and so does
 *    aa_getpeercon() (its label and " (mode)" joined again), as unpatched;
 *  - kernel with SO_PEERLSMCTX: getpeercon_raw() equals the SELinux entry
 *    (101), aa_getpeercon() the AppArmor entry (104), or each fails with
 *    ENOPROTOOPT when its LSM has no entry.
 * Unpatched libraries fail the second on a stacked kernel whenever the
 * other LSM owns peer labels. Prints "N passed, N failed"; exit 1 on a
 * failure.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#ifndef SO_PEERLSMCTX
# if defined(__hppa__)
#  define SO_PEERLSMCTX 0x4054
# elif defined(__sparc__)
#  define SO_PEERLSMCTX 0x005f
# else
#  define SO_PEERLSMCTX 86
# endif
#endif

struct lsm_ctx_hdr {
	uint64_t id, flags, len, ctx_len;
};

static int (*p_getpeercon_raw)(int, char **);
static void (*p_freecon)(char *);
static int (*p_aa_getpeercon)(int, char **, char **);
static int passed, failed;

/* a result: a label, or an errno */
struct res {
	char *label;
	int err;
};

static void show(const char *what, const struct res *r)
{
	if (r->label)
		printf("  %-22s \"%s\"\n", what, r->label);
	else
		printf("  %-22s error %s\n", what, strerrorname_np(r->err) ?
		       strerrorname_np(r->err) : strerror(r->err));
}

static int same(const struct res *a, const struct res *b)
{
	if (a->label && b->label)
		return !strcmp(a->label, b->label);
	return !a->label && !b->label && a->err == b->err;
}

static void check(const char *what, const struct res *got,
		  const struct res *want)
{
	if (same(got, want)) {
		passed++;
		printf("ok: %s\n", what);
	} else {
		failed++;
		printf("FAIL: %s\n", what);
		show("got", got);
		show("expected", want);
	}
}

static struct res peersec(int fd)
{
	struct res r = { NULL, 0 };
	socklen_t len = 4096;
	char *buf = calloc(1, len + 1);

	if (getsockopt(fd, SOL_SOCKET, SO_PEERSEC, buf, &len)) {
		r.err = errno;
		free(buf);
		return r;
	}
	buf[len] = 0;
	r.label = buf;
	return r;
}

/* SO_PEERLSMCTX: -1 and errno, or the number of bytes in *list */
static int lsmctx(int fd, char **list)
{
	socklen_t len = 0;
	char *buf;

	if (!getsockopt(fd, SOL_SOCKET, SO_PEERLSMCTX, NULL, &len))
		return 0;
	if (errno != ERANGE)
		return -1;
	buf = malloc(len);
	if (getsockopt(fd, SOL_SOCKET, SO_PEERLSMCTX, buf, &len)) {
		free(buf);
		return -1;
	}
	*list = buf;
	return len;
}

static struct res entry(const char *list, int len, uint64_t id)
{
	struct res r = { NULL, ENOPROTOOPT };
	struct lsm_ctx_hdr h;
	int off;

	for (off = 0; off + (int)sizeof(h) <= len; off += h.len) {
		memcpy(&h, list + off, sizeof(h));
		if (h.len < sizeof(h))
			break;
		if (h.id == id) {
			r.label = strndup(list + off + sizeof(h), h.ctx_len);
			return r;
		}
	}
	return r;
}

static void one(const char *name, int fd)
{
	struct res sec = peersec(fd), sel = { NULL, 0 }, aa = { NULL, 0 };
	struct res want_sel, want_aa;
	char *list = NULL, *con, *label, *mode, what[256];
	int len, off, lsmctx_err = 0;

	printf("%s:\n", name);
	show("SO_PEERSEC", &sec);
	len = lsmctx(fd, &list);
	if (len < 0) {
		struct res e = { NULL, errno };

		lsmctx_err = errno;	/* the library calls below change it */
		show("SO_PEERLSMCTX", &e);
	} else {
		struct lsm_ctx_hdr h;

		for (off = 0; off + (int)sizeof(h) <= len; off += h.len) {
			memcpy(&h, list + off, sizeof(h));
			if (h.len < sizeof(h))
				break;
			printf("  SO_PEERLSMCTX id %-5llu \"%.*s\" (ctx_len %llu)\n",
			       (unsigned long long)h.id, (int)h.ctx_len,
			       list + off + sizeof(h),
			       (unsigned long long)h.ctx_len);
		}
	}
	if (p_getpeercon_raw) {
		if (p_getpeercon_raw(fd, &con) < 0) {
			sel.err = errno;
		} else {
			sel.label = strdup(con);
			p_freecon(con);
		}
		show("getpeercon_raw()", &sel);
	}
	if (p_aa_getpeercon) {
		if (p_aa_getpeercon(fd, &label, &mode) < 0) {
			aa.err = errno;
		} else {
			if (!mode || asprintf(&aa.label, "%s (%s)", label, mode) < 0)
				aa.label = strdup(label);
			free(label);
		}
		show("aa_getpeercon()", &aa);
	}

	if (len < 0 && lsmctx_err == ENOPROTOOPT) {
		/* no SO_PEERLSMCTX: as unpatched */
		want_sel = sec;
		want_aa = sec;
	} else {
		want_sel = entry(list, len < 0 ? 0 : len, 101);
		want_aa = entry(list, len < 0 ? 0 : len, 104);
	}
	if (p_getpeercon_raw) {
		snprintf(what, sizeof(what), "%s: getpeercon_raw()", name);
		check(what, &sel, &want_sel);
	}
	/* aa_getpeercon() answers EINVAL when AppArmor is not enabled */
	if (p_aa_getpeercon && !(aa.err == EINVAL &&
				 access("/sys/kernel/security/apparmor", F_OK))) {
		snprintf(what, sizeof(what), "%s: aa_getpeercon()", name);
		check(what, &aa, &want_aa);
	}
	free(list);
}

static int connect_path(const char *path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

	strncpy(sa.sun_path, path, sizeof(sa.sun_path) - 1);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		perror(path);
		exit(2);
	}
	return fd;
}

int main(int argc, char **argv)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	socklen_t salen;
	void *h;
	int sv[2], l, c, i;

	h = dlopen("libselinux.so.1", RTLD_NOW);
	if (h) {
		p_getpeercon_raw = dlsym(h, "getpeercon_raw");
		p_freecon = dlsym(h, "freecon");
	}
	h = dlopen("libapparmor.so.1", RTLD_NOW);
	if (h)
		p_aa_getpeercon = dlsym(h, "aa_getpeercon");
	printf("libselinux: %s, libapparmor: %s\n",
	       p_getpeercon_raw ? "yes" : "no", p_aa_getpeercon ? "yes" : "no");

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0)
		one("socketpair", sv[0]);

	/* a connected stream socket, bound in the abstract namespace */
	l = socket(AF_UNIX, SOCK_STREAM, 0);
	snprintf(sa.sun_path + 1, sizeof(sa.sun_path) - 1, "peerlabels-%d",
		 getpid());
	salen = offsetof(struct sockaddr_un, sun_path) + 1 +
		strlen(sa.sun_path + 1);
	if (l >= 0 && !bind(l, (struct sockaddr *)&sa, salen) &&
	    !listen(l, 1)) {
		c = socket(AF_UNIX, SOCK_STREAM, 0);
		if (c >= 0 && !connect(c, (struct sockaddr *)&sa, salen))
			one("connected", c);
	}

	for (i = 1; i < argc; i++)
		one(argv[i], connect_path(argv[i]));

	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
