# SPDX-License-Identifier: GPL-2.0
#
# tests/lockdown/guest.sh - the guest half of tests/lockdown/run, on the
# hardened kernel (Debian's MODVERSIONS, MODULE_SIG, lockdown LSM, SMP).  The
# harness signed every module it built; this script makes an unsigned and
# a tampered copy of one and checks what the kernel makes of each, before
# and after lockdown is raised to integrity.
. "$TESTLIB"

SIG=sigcheck/sigcheck.ko
OLD=sigcheck/oldparm.ko
magic='~Module signature appended~'

mount -t securityfs securityfs /sys/kernel/security 2>/dev/null
LD=/sys/kernel/security/lockdown

# unsigned KO OUT: KO without its appended signature.  The file ends in
# the signature, a 12-byte struct module_signature whose last 4 bytes are
# the signature's length (big-endian), and the 28-byte magic string.
unsigned_copy() {
	_u_size=$(stat -c %s "$1")
	_u_len=$(od -An -tu1 -j $((_u_size - 32)) -N4 "$1" |
		awk '{ print (($1 * 256 + $2) * 256 + $3) * 256 + $4 }')
	head -c $((_u_size - 40 - _u_len)) "$1" > "$2"
}

# tampered KO OUT: KO, signed, with one byte of its code changed.
tampered_copy() {
	cp "$1" "$2"
	_t_off=$(( $(stat -c %s "$1") / 3 ))
	_t_b=$(od -An -tu1 -j $_t_off -N1 "$1" | tr -d ' ')
	printf "\\$(printf %03o $(( (_t_b + 1) % 256 )))" |
		dd of="$2" bs=1 seek=$_t_off count=1 conv=notrunc 2>/dev/null
}

# --- the harness signs ---------------------------------------------------------
if [ "$(tail -c 28 $SIG)" = "$magic" ]; then
	pass lockdown/harness-signed
else
	fail lockdown/harness-signed "$SIG does not end in '$magic'"
fi
unsigned_copy $SIG /tmp/unsigned.ko
if [ "$(tail -c 28 /tmp/unsigned.ko)" != "$magic" ] &&
   [ "$(stat -c %s /tmp/unsigned.ko)" -lt "$(stat -c %s $SIG)" ]; then
	pass lockdown/unsigned-copy
else
	fail lockdown/unsigned-copy "the signature was not stripped"
fi
tampered_copy $SIG /tmp/tampered.ko
if cmp -s $SIG /tmp/tampered.ko; then
	fail lockdown/tampered-copy "the copy is unchanged"
else
	pass lockdown/tampered-copy
fi

# The boot without lockdown= checks the unlocked kernel, then raises
# lockdown at run time; the boot with lockdown=integrity starts locked.
case " $(cat /proc/cmdline) " in
*" lockdown=integrity "*)
	expect_eq lockdown/boot-integrity "$(cat $LD)" "none [integrity] confidentiality"
	;;
*)
	# --- no lockdown: signatures are checked, an unsigned module taints ------------
	expect_eq lockdown/off "$(cat $LD)" "[none] integrity confidentiality"
	expect_load lockdown/off/signed $SIG && expect_unload lockdown/off/signed/unload sigcheck
	expect_refuse lockdown/off/tampered /tmp/tampered.ko
	# An obsolete parameter is a hardware parameter: settable until locked.
	expect_load lockdown/off/obsolete-set $OLD io=0x200 &&
		expect_dmesg lockdown/off/obsolete-set/value 'oldparm: loaded, io=0x200' &&
		expect_unload lockdown/off/obsolete-set/unload oldparm
	if expect_load lockdown/off/unsigned /tmp/unsigned.ko; then
		expect_dmesg lockdown/off/unsigned/taint 'sigcheck: module verification failed: signature and/or required key missing - tainting kernel'
		expect_unload lockdown/off/unsigned/unload sigcheck
	fi
	echo integrity > $LD
	;;
esac

# --- lockdown=integrity: only signed modules --------------------------------------
expect_eq lockdown/integrity "$(cat $LD)" "none [integrity] confidentiality"
expect_load lockdown/integrity/signed $SIG level=3 &&
	expect_dmesg lockdown/integrity/signed/param 'sigcheck: loaded, level=3' &&
	expect_unload lockdown/integrity/signed/unload sigcheck
expect_refuse lockdown/integrity/unsigned /tmp/unsigned.ko
expect_dmesg lockdown/integrity/unsigned/message 'Lockdown: .*unsigned module loading is restricted'
expect_refuse lockdown/integrity/tampered /tmp/tampered.ko

# MODULE_PARM() values may name I/O ports and IRQs, so lockdown refuses
# them as it refuses module_param_hw(): the module loads with its default
# but not with a value.
expect_load lockdown/integrity/obsolete-default $OLD &&
	expect_dmesg lockdown/integrity/obsolete-default/value 'oldparm: loaded, io=0x300' &&
	expect_unload lockdown/integrity/obsolete-default/unload oldparm
expect_refuse lockdown/integrity/obsolete-set $OLD io=0x200
expect_dmesg lockdown/integrity/obsolete-set/lockdown 'Lockdown: insmod: unsafe module parameters is restricted'
expect_dmesg lockdown/integrity/obsolete-set/message "oldparm: .0x200' invalid for parameter .io'"

summary
