# Guest half of the kunit suite: the built-in obsolete parameters of the
# KUnit suite were set on the kernel command line by tests/kunit/run.
. "$TESTLIB"
p=/sys/module/params_kunit/parameters
expect_eq kunit/builtin-cmdline-array "$(cat $p/builtin_ints)" "7,-8,9,0"
expect_eq kunit/builtin-cmdline-string "$(cat $p/builtin_name)" "hello"
# Obsolete parameters are shown to root only: MODULE_PARM() had no mode.
expect_eq kunit/builtin-sysfs-mode "$(stat -c %a $p/builtin_ints) $(stat -c %a $p/builtin_name)" "400 400"
# Two files of params_kunit have a builtin_dup: the first is set and shown,
# the second refused at boot with a message instead of a BUG_ON() in sysfs.
expect_eq kunit/builtin-dup-first-set "$(cat $p/builtin_dup)" "5"
expect_dmesg kunit/builtin-dup-refused \
	"kernel: obsolete parameter 'params_kunit.builtin_dup' of type \"i\" refused: another parameter has its name"
# builtin_early is __initdata: set at boot (the KUnit case checks the value
# before init memory is freed), never shown afterwards.
if _v=$(cat $p/builtin_early 2>&1); then
	fail kunit/builtin-initdata-hidden "reading it after init gave '$_v'"
else
	pass kunit/builtin-initdata-hidden
fi
summary
