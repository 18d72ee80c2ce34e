/* SPDX-License-Identifier: GPL-2.0 */
/*
 * attrfuzz: values to write, from the start values and a pool of each
 * LSM's labels, mutated; formatted values built from valid parts.
 */
#ifndef GUEST_ATTRFUZZ_GEN_H
#define GUEST_ATTRFUZZ_GEN_H

#include "attrfuzz.h"
#include "attrfuzz_model.h"

/* ---- value generation ---- */

static const char *const pool_selinux[] = {
	"u:r:sys_t", "u:r:confined_t", "u:object_r:secret_t", "u:r:deaf_t",
	"u:r:kernel_t", "u:r:nosuch_t", "u:r:sys_t:s0", "u:r", "",
};
static const char *const pool_smack[] = {
	"_", "Pop", "*", "@", "^", "-x", "Secret", "Alice", "a b", "a/b",
	"\"q\"", "x\\y",
};
static const char *const pool_apparmor[] = {
	"changeprofile unconfined", "changeprofile aa-attr",
	"changeprofile no-such-profile", "permprofile aa-attr",
	"changehat ^foo", "permhat ^foo", "stack aa-attr", "exec aa-attr",
	"exec unconfined", "changeprofile /opt/aa/attr/attrio",
	"changeprofile", "changeprofile  ", "bogus x",
};
static const char *const bad_names[] = {
	"landlock", "yama", "tomoyo", "lockdown", "capability", "nosuch",
	"SELINUX", "selinux ", "",
};
static const char *const splices[] = {
	"/", "//", "=", "==", "\\", "\\0", "\\05", "\\057", "\\000", "\\400",
	"\\377", "\\8", "\n", "\r", " ", "\t", "\x7f", "\xff", "selinux=",
	"smack=", "apparmor=", "/smack=Pop/",
};

static unsigned char g_initial[NLSM][NATTR][VALMAX];
static size_t g_initial_len[NLSM][NATTR];

/* A raw value for LSM @l: a pool entry or the start value. */
static size_t pick_value(int l, int a, unsigned char *d)
{
	const char *s;

	if (a >= 0 && a < NATTR && g_initial_len[l][a] && !below(4)) {
		memcpy(d, g_initial[l][a], g_initial_len[l][a]);
		return g_initial_len[l][a];
	}
	switch (l) {
	case SELINUX:
		s = pool_selinux[below(sizeof(pool_selinux) / sizeof(char *))];
		break;
	case SMACK:
		s = pool_smack[below(sizeof(pool_smack) / sizeof(char *))];
		break;
	default:
		s = pool_apparmor[below(sizeof(pool_apparmor) / sizeof(char *))];
		break;
	}
	strcpy((char *)d, s);
	return strlen(s);
}

/* Mutate @len bytes of @d (room for VALMAX) a few times. */
static size_t mutate(unsigned char *d, size_t len)
{
	int m = below(4), i;
	size_t at, n;
	const char *s;

	for (i = 0; i < m; i++) {
		at = below(len + 1);
		switch (below(8)) {
		case 0:		/* truncate */
			len = at;
			break;
		case 1:		/* a random byte */
			if (len < VALMAX - 1) {
				memmove(d + at + 1, d + at, len - at);
				d[at] = rnd();
				len++;
			}
			break;
		case 2:		/* an embedded NUL */
			if (len < VALMAX - 1) {
				memmove(d + at + 1, d + at, len - at);
				d[at] = 0;
				len++;
			}
			break;
		case 3:		/* drop a byte */
			if (at < len) {
				memmove(d + at, d + at + 1, len - at - 1);
				len--;
			}
			break;
		case 4:		/* a splice of syntax */
			s = splices[below(sizeof(splices) / sizeof(char *))];
			n = strlen(s);
			if (len + n < VALMAX) {
				memmove(d + at + n, d + at, len - at);
				memcpy(d + at, s, n);
				len += n;
			}
			break;
		case 5:		/* a trailer */
			if (len + 2 < VALMAX)
				d[len++] = below(2) ? '\n' : '\0';
			break;
		case 6:		/* duplicate the tail */
			n = len - at;
			if (len + n < VALMAX) {
				memcpy(d + len, d + at, n);
				len += n;
			}
			break;
		default:	/* flip a byte */
			if (at < len)
				d[at] ^= 1u << below(8);
			break;
		}
	}
	return len;
}

/* Grow @d to about a page: just under, at, just over or well past. */
static size_t grow(unsigned char *d, size_t len, int formatted)
{
	static const int sizes[] = { PAGE - 2, PAGE - 1, PAGE, PAGE + 1, 5000,
				     255, 256, 257 };
	size_t want = sizes[below(8)], orig;

	if (formatted) {
		/* a long last value: "/.../lsm=value aaa...a/" */
		while (len && (d[len - 1] == '/' || !d[len - 1] ||
			       d[len - 1] == '\n'))
			len--;
		while (len + 1 < want)
			d[len++] = 'a';
		d[len++] = '/';
		return len;
	}
	for (orig = len; orig && len < want; len++)
		d[len] = d[len % orig];
	return len;
}

/* A formatted value: "/lsm=value/..." from valid parts, then mutated. */
static size_t gen_formatted(int a, unsigned char *d)
{
	static unsigned char v[VALMAX];
	int n = 1 + below(3), i, l;
	size_t len = 0, vl;

	d[len++] = '/';
	for (i = 0; i < n && len < PAGE; i++) {
		l = below(NLSM);
		if (!below(8))
			len += sprintf((char *)d + len, "%s=",
				       bad_names[below(sizeof(bad_names) / sizeof(char *))]);
		else
			len += sprintf((char *)d + len, "%s=", lsm_name[l]);
		vl = pick_value(l, a, v);
		if (vl > 256)
			vl = 256;
		len += fmt_escape((char *)d + len, v, vl);
		d[len++] = '/';
	}
	if (!below(3))
		d[len++] = below(2) ? '\n' : '\0';
	if (!below(3))
		len = mutate(d, len);
	if (!below(16))
		len = grow(d, len, 1);
	return len;
}

/* A value for attribute @a of LSM @l (-1: the plain file). */
static size_t gen_value(int l, int a, unsigned char *d)
{
	size_t len;

	if ((l < 0 && below(3)) || !below(8))
		return gen_formatted(a, d);
	len = pick_value(l < 0 ? (int)below(NLSM) : l, a, d);
	if (!below(4))
		len = mutate(d, len);
	if (!below(16))
		len = grow(d, len, 0);
	return len;
}

#endif
