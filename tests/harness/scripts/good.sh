# vm-run harness: load, inspect and unload a module with parameters.
. "$TESTLIB"
expect_eq      moddir           "$MODDIR" /modules
expect_eq      cwd              "$(pwd)" /modules
expect_eq      insmod-is-kmod   "$(insmod -V 2>&1 | head -n1 | cut -d" " -f1)" kmod
expect_eq      lsmod-is-kmod    "$(lsmod | head -n1)" "Module                  Size  Used by"
expect_load    load-defaults    hello/vmrun_hello.ko
expect_dmesg   hello-message    'vmrun_hello: hello world, count=3'
expect_param   count-default    hello/vmrun_hello.ko count 3
expect_unload  unload           vmrun_hello
expect_load    load-args        hello/vmrun_hello.ko count=7 name=guest
expect_param   count-arg        vmrun_hello count 7
expect_param   name-arg         vmrun_hello name guest
echo 11 > /sys/module/vmrun_hello/parameters/count
expect_param   count-written    vmrun_hello count 11
expect_unload  unload-args      vmrun_hello
expect_dmesg   goodbye-message  'vmrun_hello: goodbye guest'
expect_refuse  refuse-negative  hello/vmrun_hello.ko count=-1
expect_dmesg   refuse-message   'count -1 is negative'
echo 'options vmrun_hello count=5' > /etc/modprobe.d/vmrun_hello.conf
expect_load    modprobe-options vmrun_hello
expect_param   count-modprobe   vmrun_hello count 5
expect_eq      modinfo-desc     "$(modinfo -F description vmrun_hello)" 'vm-run harness: well-behaved module'
expect_unload  modprobe-remove  vmrun_hello
# Kernel messages that merely mention report keywords are not splats.
echo "vmrun harness: BUG: WARNING: Call Trace: mentioned, not reported" > /dev/kmsg
summary
