// SPDX-License-Identifier: GPL-2.0
/*
 * A BPF LSM program on kernel_act_as, a hook that hands around the secid
 * owner's labels: it would refuse every kernel service acting as another
 * subject. Stock kernels load it; with the LSM composer, which calls that
 * hook for the secid owner only, the load fails and says who the owner
 * is (guest/tests/bpf_lsm).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#define EPERM 1

struct cred;

char LICENSE[] SEC("license") = "GPL";

SEC("lsm/kernel_act_as")
int BPF_PROG(deny_act_as, struct cred *new, __u32 secid, int ret)
{
	return ret ? ret : -EPERM;
}
