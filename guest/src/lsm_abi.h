/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The LSM system calls' ABI, from include/uapi/linux/lsm.h and the x86_64
 * syscall table of 6.12: Debian 12's kernel headers predate them.
 */
#ifndef GUEST_LSM_ABI_H
#define GUEST_LSM_ABI_H

#include <stdint.h>

#define NR_lsm_get_self_attr	459
#define NR_lsm_set_self_attr	460
#define NR_lsm_list_modules	461
#define LSM_FLAG_SINGLE		1
#define LSM_ATTR_CURRENT	100
#define LSM_ATTR_EXEC		101

struct lsm_ctx {
	uint64_t id;
	uint64_t flags;
	uint64_t len;
	uint64_t ctx_len;
	uint8_t ctx[];
};

#endif
