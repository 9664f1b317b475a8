# vm-run harness: a guest that goes away without the verdict line from
# /init (68), even if the script prints something that looks like it.
echo "vm-run: guest script exited with status 0"
sync
exec busybox reboot -f
