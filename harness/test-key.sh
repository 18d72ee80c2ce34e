#!/bin/sh
# The harness's own signing key, which the IPE kernels trust (IPE takes
# only policies signed by a key in the kernel's trusted keyrings).
#   test-key.sh fragment   the config fragment that builds the certificate
#                          into the kernel (CONFIG_SYSTEM_TRUSTED_KEYS)
#   test-key.sh sign IN OUT  IN signed with the key (PKCS#7, DER) to OUT
# The key is made once and kept in the cache: a new key means new kernels.
# It signs test policies only; it is not a secret.
set -eu
. "$(dirname "$0")/common.sh"

dir=$CACHE/test-key
if [ ! -f "$dir/cert.pem" ]; then
	step "test-key: a new signing key for IPE test policies"
	mkdir -p "$dir"
	openssl req -x509 -newkey rsa:2048 -nodes -days 36500 -sha256 \
		-subj "/CN=LSM composer test policies/" -keyout "$dir/key.pem.new" \
		-out "$dir/cert.pem.new" 2>/dev/null || die "openssl cannot make a key"
	mv "$dir/key.pem.new" "$dir/key.pem"
	mv "$dir/cert.pem.new" "$dir/cert.pem"
fi

case ${1:-} in
fragment)
	frag=$BUILD/configs/test-key.config
	mkdir -p "$BUILD/configs"
	# The certificate's hash makes a new key a new configuration.
	{
		echo "# test-key.sh: certificate $(sha256sum <"$dir/cert.pem" | cut -c1-16)"
		echo "CONFIG_SYSTEM_TRUSTED_KEYRING=y"
		echo "CONFIG_SYSTEM_TRUSTED_KEYS=\"$dir/cert.pem\""
	} >"$frag.new"
	mv "$frag.new" "$frag"
	echo "$frag"
	;;
sign)
	[ $# -eq 3 ] || die "usage: test-key.sh sign IN OUT"
	# -binary: the policy's bytes as they are (no CRLF), -nodetach: the
	# policy inside the signature, as IPE wants it.
	openssl smime -sign -binary -nodetach -noattr -nosmimecap \
		-in "$2" -signer "$dir/cert.pem" -inkey "$dir/key.pem" \
		-outform der -out "$3" || die "openssl cannot sign $2"
	;;
*) die "usage: test-key.sh fragment | sign IN OUT" ;;
esac
