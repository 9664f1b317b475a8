# vm-run harness: a panic in module init must end as a splat (66).
insmod panic/vmrun_panic.ko
echo "vmrun_panic: still alive after the panic"
exit 0
