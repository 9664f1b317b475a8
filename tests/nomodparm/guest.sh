# SPDX-License-Identifier: GPL-2.0
#
# tests/nomodparm/guest.sh - the guest half of the nomodparm suite, run by
# tests/nomodparm/run through scripts/vm-run once on each kernel: K=n on
# the CONFIG_OBSOLETE_MODPARM=n kernel, K=y on the =y one (the run script
# puts the K= line in front of this file).  busybox sh.
#
# Every module comes prebuilt, against both kernels, from the host:
#   built_y/NAME_y.ko   built against the =y kernel (build/out-base)
#   built_n/NAME_n.ko   built against the =n kernel (build/out-nomodparm)
# (legacy_removed has no _n: it does not build against =n).  Nothing is
# loaded with --force: both kernels have the same vermagic.
#
# Every check prints one PASS/FAIL line named nomodparm/on-K/...

. "$TESTLIB"

T=nomodparm/on-$K
if [ "$K" = y ]; then
	OTHER=n
else
	OTHER=y
fi

# plain BUILT: plain_params built against BUILT loads on this kernel and
# takes all three kinds of module_param() value; then it is unloaded.
plain() {
	_p_m=plain_params_$1
	_p_t=$T/plain-built-$1
	if expect_load "$_p_t/load" "built_$1/$_p_m.ko" x=7 arr=3,4,5 name=hello; then
		expect_param "$_p_t/x" $_p_m x 7
		expect_param "$_p_t/arr" $_p_m arr 3,4,5
		expect_param "$_p_t/name" $_p_m name hello
		expect_dmesg "$_p_t/init" "$_p_m: x=7 narr=3 name=hello\$"
		expect_no_dmesg "$_p_t/no-warning" "$_p_m: .*(obsolete|MODULE_PARM|unknown parameter|Unknown symbol)"
		expect_unload "$_p_t/unload" $_p_m
	fi
}

# gone NAME: nothing of module NAME is left in the kernel.
gone() {
	if module_listed "$2" || [ -e "/sys/module/$2" ]; then
		fail "$1" "$2 is still in /proc/modules or /sys/module"
	else
		pass "$1"
	fi
}

# --- ABI: module_param() only, built against either kernel ---------------------------
# vermagic as modinfo sees it: the same string for both builds, so insmod
# and the kernel take the other kernel's module without --force.
expect_eq "$T/vermagic" "$(modinfo -F vermagic built_y/plain_params_y.ko)" \
	"$(modinfo -F vermagic built_n/plain_params_n.ko)"
plain $K	# the module built for this kernel, as a control
plain $OTHER	# the one built for the other kernel

# --- compatibility shape (a), #ifdef MODULE_PARM --------------------------------------
# Built against =n: module_param(x, int, 0), a parameter every kernel takes.
if expect_load "$T/compat-ifdef-built-n/load" built_n/compat_ifdef_n.ko x=7; then
	expect_dmesg "$T/compat-ifdef-built-n/x" 'compat_ifdef_n: x=7$'
	expect_unload "$T/compat-ifdef-built-n/unload" compat_ifdef_n
fi

# --- compatibility shape (b), an empty MODULE_PARM() if undefined ----------------------
# Built against =n: no parameter at all, as against a stock kernel; the
# kernel ignores x=7 and says so.
if expect_load "$T/compat-ifndef-built-n/load" built_n/compat_ifndef_n.ko x=7; then
	expect_dmesg "$T/compat-ifndef-built-n/x-unknown" "compat_ifndef_n: unknown parameter 'x' ignored"
	expect_dmesg "$T/compat-ifndef-built-n/x-default" 'compat_ifndef_n: x=5$'
	expect_unload "$T/compat-ifndef-built-n/unload" compat_ifndef_n
fi

# --- MODULE_PARM() users built against =y -----------------------------------------
if [ "$K" = y ]; then
	# Controls: the same files the =n kernel must refuse load here.
	for m in legacy_removed_y:irq compat_ifdef_y:x; do
		n=${m%%:*} v=${m#*:}
		if expect_load "$T/$n/load" "built_y/$n.ko" $v=7; then
			expect_param "$T/$n/$v" "$n" "$v" 7
			expect_unload "$T/$n/unload" $n
		fi
	done
else
	# They reference param_ops_obsolete, which an =n kernel does not
	# export: refused, for that symbol, and nothing stays loaded.
	for m in legacy_removed_y:irq compat_ifdef_y:x compat_ifndef_y:x; do
		n=${m%%:*} v=${m#*:}
		expect_refuse "$T/$n/refused" "built_y/$n.ko" $v=7
		expect_dmesg "$T/$n/unknown-symbol" "$n: Unknown symbol param_ops_obsolete \\(err -?[0-9]+\\)"
		expect_no_dmesg "$T/$n/no-init" "$n: $v="
		gone "$T/$n/nothing-left" $n
	done

	# --- a 2.6.16 "__obsparm" record, laid out by hand ------------------------------
	# What stock 6.12 does with it: a warning, the module loads, and the
	# record's variable is not a parameter.
	if expect_load "$T/legacy-handmade/load" built_n/legacy_handmade_n.ko irq=7; then
		expect_dmesg "$T/legacy-handmade/ignoring" 'legacy_handmade_n: Ignoring obsolete parameters$'
		expect_dmesg "$T/legacy-handmade/irq-unknown" "legacy_handmade_n: unknown parameter 'irq' ignored"
		expect_dmesg "$T/legacy-handmade/irq-default" 'legacy_handmade_n: irq=5$'
		expect_unload "$T/legacy-handmade/unload" legacy_handmade_n
	fi
fi

# Everything loaded was unloaded again: no module at all is left.
left=$(cut -d' ' -f1 /proc/modules | tr '\n' ' ')
expect_eq "$T/no-module-left" "$left" ""

summary
