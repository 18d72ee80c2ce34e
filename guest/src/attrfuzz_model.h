/* SPDX-License-Identifier: GPL-2.0 */
/*
 * attrfuzz: the rules an accepted or rejected call is checked against,
 * taken from the documentation: the formatted syntax of composer.rst,
 * each LSM's own rules for its values, and the errors each may answer.
 */
#ifndef GUEST_ATTRFUZZ_MODEL_H
#define GUEST_ATTRFUZZ_MODEL_H

#include "attrfuzz.h"

/* ---- the formatted syntax, as Documentation/admin-guide/LSM/composer.rst
 * describes it (not as the kernel implements it) ---- */

struct part {
	int lsm;		/* index in lsm_name, or -1 */
	char name[64];
	unsigned char v[VALMAX];
	size_t len;
};

static int lsm_by_name(const char *n)
{
	int i;

	for (i = 0; i < NLSM; i++)
		if (!strcmp(n, lsm_name[i]))
			return i;
	return -1;
}

/*
 * Parse a formatted write. Return the number of parts, or -1 if it must
 * fail with EINVAL before any LSM is called: empty or longer than a page,
 * a NUL, no leading or trailing '/', an element without a name, '=' or
 * value, a bad escape, an LSM named twice, inactive, or without process
 * attributes. One newline or NUL after the last '/' is ignored.
 */
static int fmt_parse(const unsigned char *b, size_t len, struct part *pt, int max)
{
	size_t i, j, end;
	int n = 0, k, c;

	if (len > PAGE)
		return -1;
	if (len && (b[len - 1] == '\n' || b[len - 1] == '\0'))
		len--;
	if (len < 2 || memchr(b, 0, len) || b[0] != '/' || b[len - 1] != '/')
		return -1;
	for (i = 1; i < len; i = end + 1) {
		end = i;
		while (b[end] != '/')
			end++;
		for (j = i; j < end && b[j] != '='; j++)
			;
		if (j == end || j == i || j + 1 == end || n == max ||
		    j - i >= sizeof(pt[n].name))
			return -1;
		memcpy(pt[n].name, b + i, j - i);
		pt[n].name[j - i] = '\0';
		pt[n].len = 0;
		for (j++; j < end; pt[n].len++) {
			if (b[j] != '\\') {
				pt[n].v[pt[n].len] = b[j++];
				continue;
			}
			if (end - j < 4)
				return -1;
			for (c = 0, k = 1; k <= 3; k++) {
				if (b[j + k] < '0' || b[j + k] > '7')
					return -1;
				c = c * 8 + b[j + k] - '0';
			}
			if (c < 1 || c > 255)
				return -1;
			pt[n].v[pt[n].len] = c;
			j += 4;
		}
		for (k = 0; k < n; k++)
			if (!strcmp(pt[k].name, pt[n].name))
				return -1;
		pt[n].lsm = lsm_by_name(pt[n].name);
		if (pt[n].lsm < 0 || !active[pt[n].lsm])
			return -1;
		n++;
	}
	return n;
}

/* Escape @len bytes of @v as the formatted view does; return the length. */
static size_t fmt_escape(char *d, const unsigned char *v, size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++) {
		if (v[i] == '/' || v[i] == '\\' || v[i] < 0x20 || v[i] > 0x7e)
			n += sprintf(d + n, "\\%03o", v[i]);
		else
			d[n++] = v[i];
	}
	return n;
}

/* ---- what each LSM makes of a value (its own rules, as documented) ---- */

/* How an accepted call must leave one LSM's attribute. */
enum { X_SAME, X_STR, X_PREFIX, X_ANY, X_REJECT };
struct expect {
	int kind;
	unsigned char s[VALMAX];
	size_t len;
};

/* The errors each LSM answers for its own attribute writes. */
static const unsigned int lsm_errs[NLSM] = {
	/* SELinux: bad context, policy denial, bounded transition, no attr */
	[SELINUX] = EB_INVAL | EB_ACCES | EB_PERM | EB_OPNOTSUPP,
	/* Smack: bad label, "*"/"@" or no CAP_MAC_ADMIN, no such attr */
	[SMACK] = EB_INVAL | EB_PERM | EB_OPNOTSUPP,
	/* AppArmor: bad command, denial, unconfined change_hat, no profile */
	[APPARMOR] = EB_INVAL | EB_ACCES | EB_PERM | EB_NOENT | EB_OPNOTSUPP,
};

/* What SELinux shows for a context it does not know. */
static struct val unlabeled;

/* SELinux's canonical form of a context, from /sys/fs/selinux/context. */
static int selinux_canon(const unsigned char *v, size_t len, struct expect *x)
{
	int fd = open("/sys/fs/selinux/context", O_RDWR), e = 0;
	ssize_t n;

	if (fd < 0)
		return errno;
	if (write(fd, v, len) != (ssize_t)len)
		e = errno ? errno : EIO;
	else if ((n = read(fd, x->s, sizeof(x->s))) < 0)
		e = errno;
	else
		x->len = n;
	close(fd);
	return e;
}

static int label_char_ok(unsigned char c)
{
	return c > ' ' && c <= '~' && c != '/' && c != '"' && c != '\\' &&
	       c != '\'';
}

/* A trimmed C string: AppArmor's view of @len bytes of @v. */
static size_t aa_cstr(const unsigned char *v, size_t len, char *s)
{
	size_t i = 0, n;

	n = strnlen((const char *)v, len);
	while (i < n && strchr(" \t\n\v\f\r", v[i]))
		i++;
	while (n > i && strchr(" \t\n\v\f\r", v[n - 1]))
		n--;
	memcpy(s, v + i, n - i);
	s[n - i] = '\0';
	return n - i;
}

/*
 * Fill x[attr] for LSM @l given @len bytes @v for attribute @a (-1: an
 * unknown attribute) through /proc (@sys 0) or lsm_set_self_attr() (@sys
 * 1, @v is ctx[] and @len its ctx_len). X_REJECT: the LSM must refuse.
 */
static void lsm_model(int l, int a, const unsigned char *v, size_t len,
		      int sys, struct expect *x)
{
	char s[VALMAX + 1], *arg;
	size_t i;
	int e;

	x->kind = X_REJECT;
	switch (l) {
	case SELINUX:
		if (a < 0 || a == PREV)
			return;
		if (!len || !v[0] || v[0] == '\n') {
			/* An empty value clears; current cannot be cleared. */
			if (a != CURRENT) {
				x->kind = X_STR;
				x->len = 0;
			}
			return;
		}
		if (v[len - 1] == '\n')
			len--;
		e = selinux_canon(v, len, x);
		/*
		 * selinuxfs takes less than a page; SELinux reads a context
		 * up to its first NUL, so that part stands for the whole.
		 */
		if (e == EFBIG && strnlen((const char *)v, len) < len)
			e = selinux_canon(v, strnlen((const char *)v, len), x);
		if (!e) {
			x->kind = X_STR;
		} else if (a == FSCREATE && (e == EINVAL || e == EFBIG)) {
			/*
			 * Root may set an unknown context here (_force); it
			 * reads as the unlabeled context. A context too long
			 * for selinuxfs is no valid one.
			 */
			x->kind = X_STR;
			x->len = unlabeled.len;
			memcpy(x->s, unlabeled.b, x->len);
		}
		return;
	case SMACK:
		if (a != CURRENT)
			return;
		if (sys) {
			if (!len || v[len - 1])
				return;
			len--;
		} else {
			if (len && !v[len - 1])
				len--;
			if (len && v[len - 1] == '\n')
				len--;
		}
		if (!len || len >= 256 || v[0] == '-')
			return;
		for (i = 0; i < len; i++)
			if (!label_char_ok(v[i]))
				return;
		if (len == 1 && (v[0] == '*' || v[0] == '@'))
			return;
		x->kind = X_STR;
		memcpy(x->s, v, len);
		x->len = len;
		return;
	case APPARMOR:
		if (a != CURRENT && a != EXEC)
			return;
		if (!len)
			return;
		aa_cstr(v, len, s);
		arg = strchr(s, ' ');
		if (!arg)
			return;
		*arg++ = '\0';
		arg += strspn(arg, " \t\n\v\f\r");
		if (!*arg)
			return;
		if (a == CURRENT && !strcmp(s, "changeprofile")) {
			x->kind = X_PREFIX;
		} else if (a == CURRENT && (!strcmp(s, "permprofile") ||
					    !strcmp(s, "permhat"))) {
			x->kind = X_SAME;	/* only a test */
			return;
		} else if ((a == CURRENT && (!strcmp(s, "changehat") ||
					     !strcmp(s, "stack"))) ||
			   (a == EXEC && !strcmp(s, "stack"))) {
			x->kind = X_ANY;	/* hats and stacks: AppArmor's */
			return;
		} else if (a == EXEC && !strcmp(s, "exec")) {
			x->kind = X_PREFIX;
		} else {
			return;
		}
		x->len = strlen(arg);
		memcpy(x->s, arg, x->len);
		/* AppArmor takes any prefix of "unconfined" for it. */
		if (!strncmp(arg, "unconfined", x->len)) {
			x->len = strlen("unconfined");
			memcpy(x->s, "unconfined", x->len);
		}
		return;
	}
}

/* ---- one call and its expected outcome ---- */

/* What one write, or one lsm_set_self_attr(), must do. */
struct outcome {
	unsigned int errs;		/* errors it may answer */
	int must_fail;			/* before any LSM is called */
	int exact;			/* an accepted write returns its size */
	int formatted;			/* in the "/lsm=value/" syntax */
	int nx;
	int xlsm[NLSM], xattr[NLSM];	/* the attributes it sets ... */
	struct expect x[NLSM];		/* ... and how */
};

/* A write of @v to PREFIX/@lsm/@attr (@lsm -1: the plain file). */
static void write_model(int lsm, int attr, const unsigned char *v, size_t len,
			struct outcome *o)
{
	static struct part pt[8];
	int n, i, l;

	memset(o, 0, sizeof(*o));
	/* Any attribute file may be opened but refuse the value. */
	if (lsm < 0 && composer && len && v[0] == '/') {
		o->formatted = 1;
		n = fmt_parse(v, len, pt, 8);
		if (n < 0) {
			o->must_fail = 1;
			o->errs = EB_INVAL;
			return;
		}
		o->exact = 1;
		for (i = 0; i < n; i++) {
			l = pt[i].lsm;
			o->errs |= lsm_errs[l];
			o->xlsm[o->nx] = l;
			o->xattr[o->nx] = attr;
			lsm_model(l, attr, pt[i].v, pt[i].len, 0, &o->x[o->nx++]);
		}
		return;
	}
	if (lsm < 0 && composer && (present < 0 || len > PAGE)) {
		/* formatted presented, or a plain write over a page */
		o->must_fail = 1;
		o->errs = EB_INVAL;
		return;
	}
	l = lsm < 0 ? present : lsm;
	if (len > PAGE)
		len = PAGE;	/* an LSM's own file takes the first page */
	o->errs = lsm_errs[l];
	o->xlsm[0] = l;
	o->xattr[0] = attr;
	o->nx = 1;
	lsm_model(l, attr, v, len, 0, &o->x[0]);
}

/*
 * Does @after hold what @before held with the changes of the accepted
 * calls @acc[0..nacc) applied? The plain files must show the presented
 * LSM's value, or every LSM's in the formatted view.
 */
static int state_ok(const struct snap *before, const struct snap *after,
		    struct outcome **acc, int nacc)
{
	const struct expect *want[NLSM][NATTR] = { { 0 } };
	int dirty[NLSM] = { 0 };
	int i, k, l, a, j;
	static char f[4 * VALMAX];
	size_t fl, n;
	const struct val *b, *v;

	for (k = 0; k < nacc; k++)
		for (i = 0; i < acc[k]->nx; i++) {
			l = acc[k]->xlsm[i];
			a = acc[k]->xattr[i];
			if (acc[k]->x[i].kind == X_ANY)
				dirty[l] = 1;
			else if (acc[k]->x[i].kind == X_REJECT)
				return note("%s accepted a value it must refuse",
					    lsm_name[l]), 0;
			else if (acc[k]->x[i].kind != X_SAME && a >= 0)
				want[l][a] = &acc[k]->x[i];
		}
	for (i = 0; i < nfiles; i++) {
		l = files[i].lsm;
		a = files[i].attr;
		b = &before->v[i];
		v = &after->v[i];
		/* Without the composer the plain files are the LSM's own. */
		if (l < 0 && !composer)
			l = present;
		if (l < 0 && nacc)
			continue;	/* checked below */
		if (l >= 0 && dirty[l])
			continue;
		if (l < 0 || !want[l][a]) {
			if (b->err != v->err || b->len != v->len ||
			    memcmp(b->b, v->b, b->len)) {
				hex("before", b->b, b->len);
				hex("after", v->b, v->len);
				return note("%s/%s changed (errno %d, then %d)",
					    l < 0 ? "attr" : lsm_name[l],
					    attr_name[a], b->err, v->err), 0;
			}
			continue;
		}
		n = shown(v->b, v->len);
		if (v->err)
			return note("%s/%s unreadable after an accepted call: %s",
				    lsm_name[l], attr_name[a], errname(v->err)), 0;
		if (want[l][a]->kind == X_STR &&
		    (n != shown(want[l][a]->s, want[l][a]->len) ||
		     memcmp(v->b, want[l][a]->s, n))) {
			hex("read back", v->b, v->len);
			hex("expected", want[l][a]->s, want[l][a]->len);
			return note("%s/%s does not read back as %s defines it",
				    lsm_name[l], attr_name[a], lsm_name[l]), 0;
		}
		if (want[l][a]->kind == X_PREFIX &&
		    !(n == want[l][a]->len && !memcmp(v->b, want[l][a]->s, n)) &&
		    !(n > want[l][a]->len + 1 &&
		      !memcmp(v->b, want[l][a]->s, want[l][a]->len) &&
		      !memcmp(v->b + want[l][a]->len, " (", 2))) {
			hex("read back", v->b, v->len);
			hex("expected", want[l][a]->s, want[l][a]->len);
			return note("%s/%s does not read back as the profile set",
				    lsm_name[l], attr_name[a]), 0;
		}
	}
	/* The plain files: the presented LSM's, or the formatted view. */
	for (i = 0; i < nfiles; i++) {
		if (files[i].lsm >= 0)
			continue;
		a = files[i].attr;
		v = &after->v[i];
		if (!composer)
			continue;
		if (present >= 0) {
			j = file_index(present, a);
			if (j < 0)
				continue;
			if (v->err != after->v[j].err || v->len != after->v[j].len ||
			    memcmp(v->b, after->v[j].b, v->len))
				return note("attr/%s differs from %s/%s", attr_name[a],
					    lsm_name[present], attr_name[a]), 0;
			continue;
		}
		fl = 0;
		for (k = 0; k < nactive; k++) {
			j = file_index(order[k], a);
			if (j < 0 || after->v[j].err)
				continue;
			n = shown(after->v[j].b, after->v[j].len);
			if (!n)
				continue;
			fl += sprintf(f + fl, "%s%s=", fl ? "" : "/",
				      lsm_name[order[k]]);
			fl += fmt_escape(f + fl, after->v[j].b, n);
			f[fl++] = '/';
		}
		if (!v->err && (v->len != fl || memcmp(v->b, f, fl)))
			return note("attr/%s is not the formatted view of every LSM",
				    attr_name[a]), 0;
	}
	return 1;
}

/* Byte for byte the same values, plain files included. */
static int same(const struct snap *a, const struct snap *b)
{
	int i;

	for (i = 0; i < nfiles; i++)
		if (a->v[i].err != b->v[i].err || a->v[i].len != b->v[i].len ||
		    memcmp(a->v[i].b, b->v[i].b, a->v[i].len))
			return 0;
	return 1;
}

#endif
