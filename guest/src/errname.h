/* SPDX-License-Identifier: GPL-2.0 */
/*
 * errname(): the name of an errno the guest tests compare against, or
 * "errno N". Included by the guest programs that print an errno.
 */
#ifndef GUEST_ERRNAME_H
#define GUEST_ERRNAME_H

#include <errno.h>
#include <stdio.h>

static inline const char *errname(int e)
{
	static char num[16];

	switch (e) {
	case EINVAL: return "EINVAL";
	case EACCES: return "EACCES";
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case E2BIG: return "E2BIG";
	case EBUSY: return "EBUSY";
	case ECONNREFUSED: return "ECONNREFUSED";
	case EADDRNOTAVAIL: return "EADDRNOTAVAIL";
	case ETIMEDOUT: return "ETIMEDOUT";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case EFAULT: return "EFAULT";
	case ENOMEM: return "ENOMEM";
	}
	snprintf(num, sizeof(num), "errno %d", e);
	return num;
}

#endif
