// SPDX-License-Identifier: GPL-2.0
/*
 * A BPF LSM program: file_open is denied (EPERM) for the one file whose
 * device and inode number the loader (guest/src/bpfdeny.c) sets, and left
 * to the other LSMs for every other file. The kernel's structures are
 * declared with only the fields used; libbpf relocates their offsets
 * with the kernel's BTF (CO-RE), so one object serves every test kernel.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#define EPERM 1

struct super_block {
	unsigned int s_dev;
} __attribute__((preserve_access_index));

struct inode {
	unsigned long i_ino;
	struct super_block *i_sb;
} __attribute__((preserve_access_index));

struct file {
	struct inode *f_inode;
} __attribute__((preserve_access_index));

/* The one read-only global: its layout is the loader's struct target. */
const volatile struct target {
	unsigned long ino;
	unsigned int dev;
} target;

char LICENSE[] SEC("license") = "GPL";

SEC("lsm/file_open")
int BPF_PROG(deny_open, struct file *file, int ret)
{
	struct inode *inode = file->f_inode;

	if (ret)
		return ret;
	if (inode->i_ino == target.ino && inode->i_sb->s_dev == target.dev)
		return -EPERM;
	return 0;
}
