// SPDX-License-Identifier: GPL-2.0
/*
 * evmkey: give EVM an HMAC key, as a distribution's initramfs would with
 * keyctl (not in busybox): a random user key "kmk" and the encrypted key
 * "evm-key" that EVM looks for, sealed with it, both in the user keyring.
 * Writing 1 to /sys/kernel/security/evm then makes EVM use it.
 */
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/keyctl.h>

static long add_key(const char *type, const char *desc, const void *payload,
		    size_t len)
{
	return syscall(SYS_add_key, type, desc, payload, len,
		       KEY_SPEC_USER_KEYRING);
}

int main(void)
{
	static const char evm[] = "new default user:kmk 64";
	unsigned char kmk[32];

	if (getrandom(kmk, sizeof(kmk), 0) != sizeof(kmk)) {
		perror("evmkey: getrandom");
		return 1;
	}
	if (add_key("user", "kmk", kmk, sizeof(kmk)) < 0) {
		perror("evmkey: user key kmk");
		return 1;
	}
	if (add_key("encrypted", "evm-key", evm, strlen(evm)) < 0) {
		perror("evmkey: encrypted key evm-key");
		return 1;
	}
	return 0;
}
