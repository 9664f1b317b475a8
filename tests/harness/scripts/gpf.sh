# vm-run harness: an Oops with no BUG: line before it (a general
# protection fault) must end as a splat (66) named after the Oops.
insmod gpf/vmrun_gpf.ko
echo "vmrun_gpf: still alive after the fault"
exit 0
