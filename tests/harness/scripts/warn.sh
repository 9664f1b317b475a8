# vm-run harness: a WARN_ON in module init must end as a splat (66);
# panic_on_warn=1 stops the guest there.
insmod warn/vmrun_warn.ko
echo "vmrun_warn: still alive after the warning"
exit 0
