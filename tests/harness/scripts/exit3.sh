# vm-run harness: the script's status is vm-run's (3).  Text that looks
# like a kernel report but comes from user space is not a splat.
echo "BUG: a test named like a kernel report"
echo "WARNING: Call Trace: Kernel panic - not really"
echo "FAILED-KASAN-UBSAN test name"
exit 3
