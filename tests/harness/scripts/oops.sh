# vm-run harness: a NULL dereference in module init must end as a splat (66).
insmod oops/vmrun_oops.ko
echo "vmrun_oops: still alive after the oops"
exit 0
