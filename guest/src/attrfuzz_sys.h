/* SPDX-License-Identifier: GPL-2.0 */
/*
 * attrfuzz: the LSM system calls with bogus and valid arguments:
 * lsm_set_self_attr(), lsm_get_self_attr() and lsm_list_modules().
 */
#ifndef GUEST_ATTRFUZZ_SYS_H
#define GUEST_ATTRFUZZ_SYS_H

#include "attrfuzz.h"
#include "attrfuzz_model.h"
#include "attrfuzz_gen.h"

/* ---- lsm_set_self_attr() ---- */

static unsigned char set_buf[2 * PAGE + 64] __attribute__((aligned(8)));

static int set_op(void)
{
	static struct snap before, after;
	static struct outcome o;
	struct outcome *acc[1] = { &o };
	struct lsm_ctx *c = (struct lsm_ctx *)set_buf;
	static unsigned char v[VALMAX];
	unsigned int attr = ATTR_BASE + below(NATTR), flags = 0;
	uint64_t id, ctx_len, len;
	uint32_t size;
	size_t vlen;
	int l = order[below(nactive)], a, bad = 0, i, e;
	long rc;
	void *ptr = c;

	switch (below(10)) {
	case 0: attr = below(2) ? 0 : below(2) ? 99 : 106 + below(1000); break;
	case 1: case 2: attr = ATTR_BASE; break;
	}
	a = attr >= ATTR_BASE && attr < ATTR_BASE + NATTR ? (int)(attr - ATTR_BASE) : -1;
	vlen = pick_value(l, a, v);
	if (below(3))
		vlen = mutate(v, vlen);
	if (vlen > PAGE)
		vlen = PAGE;
	if (below(4))
		v[vlen++] = '\0';	/* as the uapi asks for strings */
	id = lsm_id[l];
	if (!below(8))
		id = below(2) ? below(120) : rnd();
	ctx_len = vlen;
	len = sizeof(*c) + vlen;
	size = len;
	switch (below(12)) {
	case 0: ctx_len = vlen + 1 + below(8); break;		/* past len */
	case 1: ctx_len = vlen ? below(vlen) : 0; break;	/* short */
	case 2: ctx_len = -1ULL - below(64); break;		/* overflow */
	case 3: len = sizeof(*c) + below(vlen + 8); break;
	case 4: size = len - 1 - below(len); break;
	case 5: size = len + below(64); break;			/* padding */
	case 6: size = PAGE + below(64); break;
	case 7: flags = 1u << below(32); break;
	case 8: ptr = NULL; bad = 1; break;
	case 9: ptr = (void *)8; bad = 1; break;
	}
	memset(set_buf, 0, sizeof(set_buf));
	c->id = id;
	c->flags = below(10) ? 0 : 1ULL << below(64);
	c->len = len;
	c->ctx_len = ctx_len;
	memcpy(c->ctx, v, vlen);

	/* As for lsm_get_self_attr(): any error of the wrong arguments. */
	memset(&o, 0, sizeof(o));
	if (flags || size < sizeof(*c))
		o.errs |= EB_INVAL;
	if (size > PAGE)
		o.errs |= EB_2BIG;
	if (bad && size >= sizeof(*c))
		o.errs |= EB_FAULT;
	if (!bad && (size < len || ctx_len > len || len - ctx_len < sizeof(*c)))
		o.errs |= EB_INVAL;
	if (o.errs) {
		o.must_fail = 1;
	} else {
		for (i = 0; i < NLSM && !(active[i] && lsm_id[i] == id); i++)
			;
		if (i == NLSM) {
			/* no active LSM takes attributes with this id */
			o.must_fail = 1;
			o.errs = EB_OPNOTSUPP;
		} else {
			o.errs = lsm_errs[i];
			o.nx = 1;
			o.xlsm[0] = i;
			o.xattr[0] = a;
			lsm_model(i, a, c->ctx, ctx_len, 1, &o.x[0]);
			if (i == SMACK && c->flags)
				o.x[0].kind = X_REJECT;
		}
	}
	take("/proc/self/attr", &before);
	rc = syscall(NR_lsm_set_self_attr, attr, ptr, size, flags);
	e = errno;
	count_result(C_SET, rc, e, o.errs);
	if (rc > 0 || (rc == 0 && o.must_fail))
		note("lsm_set_self_attr() returned %ld", rc);
	take("/proc/self/attr", &after);
	if (!why[0])
		state_ok(&before, &after, acc, rc == 0);
	if (why[0] || verbose) {
		printf("# lsm_set_self_attr(%u, %p, %u, %#x): id %llu flags %#llx len %llu ctx_len %llu: %s\n",
		       attr, ptr, size, flags, (unsigned long long)id,
		       (unsigned long long)c->flags, (unsigned long long)len,
		       (unsigned long long)ctx_len, rc ? errname(e) : "ok");
		hex("ctx", c->ctx, vlen);
	}
	if (why[0])
		return -1;
	return rc == 0 && !same(&before, &after);
}

/* ---- lsm_get_self_attr() ---- */

static unsigned char getbuf[3 * PAGE] __attribute__((aligned(8)));
#define CANARY	0xa5

/* Check the entries of a successful lsm_get_self_attr() of @a. */
static int get_entries(int a, long count, uint32_t total, int single, uint64_t id)
{
	static struct snap s;
	size_t off = 0, n;
	long k;
	int l, j, seen[NLSM] = { 0 };
	struct lsm_ctx *c;

	take("/proc/self/attr", &s);
	for (k = 0; k < count; k++) {
		c = (struct lsm_ctx *)(getbuf + off);
		if (off + sizeof(*c) > total || c->len < sizeof(*c) + c->ctx_len ||
		    c->len > total - off)
			return note("entry %ld overruns the size", k), 0;
		for (l = 0; l < NLSM && lsm_id[l] != c->id; l++)
			;
		if (l == NLSM || !active[l] || seen[l]++ || (single && c->id != id))
			return note("entry %ld: id %llu", k,
				    (unsigned long long)c->id), 0;
		j = a >= 0 ? file_index(l, a) : -1;
		if (j >= 0 && !s.v[j].err) {
			n = shown(s.v[j].b, s.v[j].len);
			if (shown(c->ctx, c->ctx_len) != n || memcmp(c->ctx, s.v[j].b, n))
				return note("%s's entry differs from attr/%s/%s",
					    lsm_name[l], lsm_name[l], attr_name[a]), 0;
		}
		off += c->len;
	}
	if (off != total)
		return note("entries fill %zu bytes, size says %u", off, total), 0;
	if (single && count > 1)
		return note("LSM_FLAG_SINGLE gave %ld entries", count), 0;
	return 1;
}

static int get_op(void)
{
	unsigned int attr = ATTR_BASE + below(NATTR), flags = 0, errs;
	uint32_t size = sizeof(getbuf) - PAGE, given, *sp = &size;
	struct lsm_ctx *c = (struct lsm_ctx *)getbuf;
	void *ptr = getbuf;
	uint64_t id = 0;
	size_t i;
	long rc;
	int e, a;

	switch (below(8)) {
	case 0: attr = below(2) ? 0 : 106 + below(10); break;
	case 1: size = below(64); break;
	case 2: size = below(300); break;
	case 3: ptr = NULL; break;
	}
	switch (below(8)) {
	case 0: sp = NULL; break;
	case 1: sp = (uint32_t *)8; break;
	case 2: ptr = (void *)8; break;
	}
	if (!below(3)) {
		flags = below(4) ? LSM_FLAG_SINGLE : 1u << below(32);
		id = below(3) ? lsm_id[below(NLSM)] : below(2) ? 0 : rnd();
	}
	static unsigned char pre[sizeof(getbuf)];

	memset(getbuf, CANARY, sizeof(getbuf));
	if (flags)
		c->id = id;	/* LSM_FLAG_SINGLE reads the id from ctx */
	memcpy(pre, getbuf, sizeof(pre));
	given = size;
	a = attr >= ATTR_BASE && attr < ATTR_BASE + NATTR ? (int)(attr - ATTR_BASE) : -1;

	/*
	 * What the kernel-doc and composer.rst name. Where several
	 * arguments are wrong, no order is documented: any of their errors.
	 */
	errs = 0;
	if (!attr || !sp || (flags && (flags != LSM_FLAG_SINGLE || !ptr)))
		errs |= EB_INVAL;
	if (sp && sp != &size)
		errs |= EB_FAULT;
	if (flags == LSM_FLAG_SINGLE && ptr && ptr != getbuf)
		errs |= EB_FAULT;
	if (flags == LSM_FLAG_SINGLE && ptr == getbuf && !id)
		errs |= EB_INVAL;
	if (!errs) {
		errs = EB_OPNOTSUPP | EB_NOENT | EB_2BIG;
		if (ptr && ptr != getbuf)
			errs |= EB_FAULT;	/* once it has data to copy */
	}

	rc = syscall(NR_lsm_get_self_attr, attr, ptr, sp, flags);
	e = errno;
	count_result(C_GET, rc, e, rc < 0 ? errs : 0);
	if (rc >= 0 && !(errs & (EB_OPNOTSUPP | EB_NOENT | EB_2BIG)))
		note("returned %ld where it must fail", rc);
	/* Nothing written past the size given. */
	if (ptr == getbuf)
		for (i = given; i < sizeof(getbuf); i++)
			if (getbuf[i] != pre[i]) {
				note("byte %zu written past the size %u", i, given);
				break;
			}
	if (!why[0] && rc >= 0 && ptr == getbuf)
		get_entries(a, rc, size, flags == LSM_FLAG_SINGLE, id);
	/* E2BIG gives the size that works. */
	if (!why[0] && rc < 0 && e == E2BIG && sp == &size && ptr == getbuf) {
		if (size <= given || size > sizeof(getbuf) - PAGE)
			note("E2BIG with size %u for %u", size, given);
		else if ((rc = syscall(NR_lsm_get_self_attr, attr, ptr, sp, flags)) < 0)
			note("the size E2BIG gave fails: %s", errname(errno));
		else
			get_entries(a, rc, size, flags == LSM_FLAG_SINGLE, id);
	}
	if (why[0] || verbose)
		printf("# lsm_get_self_attr(%u, %p, %p -> %u, %#x): id %llu; size now %u, rc %ld (%s)\n",
		       attr, ptr, (void *)sp, given, flags,
		       (unsigned long long)id, size, rc, rc < 0 ? errname(e) : "ok");
	if (why[0])
		return -1;
	return 0;
}

/* ---- lsm_list_modules() ---- */

static int list_op(void)
{
	uint64_t ids[32];
	uint32_t size = sizeof(ids), given, *sp = &size;
	unsigned int flags = 0, errs = EB_2BIG;
	void *ptr = ids;
	long rc;
	int e, i, j;

	switch (below(6)) {
	case 0: size = below(8) * 8 + below(2) * below(8); break;
	case 1: flags = 1u << below(32); errs = EB_INVAL; break;
	case 2: sp = below(2) ? NULL : (uint32_t *)8; errs = EB_FAULT; break;
	case 3: ptr = below(2) ? NULL : (void *)8; errs |= EB_FAULT; break;
	}
	given = size;
	memset(ids, CANARY, sizeof(ids));
	rc = syscall(NR_lsm_list_modules, ptr, sp, flags);
	e = errno;
	count_result(C_LIST, rc, e, rc < 0 ? errs : 0);
	if (rc >= 0) {
		if (flags || sp != &size || ptr != ids)
			note("returned %ld where it must fail", rc);
		else if (rc != nlsm_all || size != rc * 8)
			note("%ld ids in %u bytes, %d LSMs active", rc, size, nlsm_all);
		for (i = 0; i < rc && !why[0]; i++)
			for (j = 0; j < i; j++)
				if (ids[i] == ids[j] || !ids[i])
					note("id %llu twice", (unsigned long long)ids[i]);
	} else if (e == E2BIG && size != nlsm_all * 8u) {
		note("E2BIG with size %u", size);
	}
	if (ptr == ids)
		for (i = given / 8 + !!(given % 8); i < 32 && !why[0]; i++)
			if (ids[i] != 0xa5a5a5a5a5a5a5a5ULL)
				note("id %d written past the size %u", i, given);
	if (why[0] || verbose)
		printf("# lsm_list_modules(%p, %p -> %u, %#x): rc %ld (%s), size %u\n",
		       ptr, (void *)sp, given, flags, rc, rc < 0 ? errname(e) : "ok", size);
	if (why[0])
		return -1;
	return 0;
}

#endif
