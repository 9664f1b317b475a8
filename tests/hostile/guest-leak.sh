# SPDX-License-Identifier: GPL-2.0
#
# guest-leak.sh - 200 insmod/rmmod cycles of hostile_params.ko with string,
# char-buffer and array values (every fourth load refused half-way through
# its arguments, after strings were allocated), while a background loop
# reads every sysfs parameter; then a kmemleak scan.  PASS when kmemleak
# reports nothing new, and the kmalloc-1k slab, where the long strings
# live, has not grown by them.  (busybox sh.)
#
# With vm-run --kmemleak, init already scanned and cleared what boot
# leaked; otherwise this script does that baseline itself.
. "$TESTLIB"

M=$MODDIR/hostile_params/hostile_params.ko
MOD=hostile_params
SYS=/sys/module/$MOD/parameters
KML=/sys/kernel/debug/kmemleak
CYCLES=${HOSTILE_CYCLES:-200}

if [ ! -w $KML ]; then
	skip hostile/leak/kmemleak "$KML is missing: a kernel without kmemleak or no debugfs"
fi
if [ -w $KML ] && [ ! -f /test/kmemleak ]; then
	echo "hostile: kmemleak baseline (5 s)"
	sleep 5
	echo scan > $KML
	echo clear > $KML
fi
module_listed $MOD && rmmod $MOD

# kmemleak cannot see a string the layer forgets to free:
# kmalloc_parameter() keeps every parameter string on the kernel's
# kmalloced_params list until it is freed, so it stays referenced.  Count
# the objects of the cache the 500-character strings come from instead
# (16 bytes of list head + 501), in use before and after the cycles:
# shrinking first flushes the per-cpu slabs and KASAN's quarantine.
SLAB=/sys/kernel/slab/kmalloc-1k
slab_in_use() {
	echo 1 > $SLAB/shrink 2> /dev/null
	cut -d' ' -f1 < $SLAB/objects 2> /dev/null
}
slab_before=
[ -r $SLAB/objects ] && slab_before=$(slab_in_use)

# A reader: every parameter, over and over, whether or not the module is
# there (errors ignored).  Shell builtins only, reniced so that the cycles
# still get most of the one CPU.
stop=/tmp/hostile-leak.stop
rm -f $stop
(
	nread=0
	while [ ! -f $stop ]; do
		for f in $SYS/*; do
			read -r x < "$f" && nread=$((nread + 1))
		done 2> /dev/null
	done
	echo "$nread" > $stop.count
) &
reader=$!
renice -n 5 -p $reader > /dev/null 2>&1

# busybox's insmod and rmmod: kmod's cost an exec of a dynamically linked
# binary with libcrypto, slow under TCG.  No value here has a space, so
# both join the arguments alike.
insmod() { busybox insmod "$@"; }
rmmod() { busybox rmmod "$@"; }

long=$(printf '%0500d' 7)
nload=0 nrefused=0 nbad=0 first_bad=
i=1
while [ $i -le "$CYCLES" ]; do
	case $((i % 4)) in
	0)	# Refused at "as"'s fourth value, after three strings were
		# allocated and ps/pc set before it.
		if insmod "$M" "ps=$long$i" "pc=c$i" "as=a$i,b$i,c$i,d$i" \
			ai=1,2,3,4 > /dev/null 2>&1; then
			nbad=$((nbad + 1))
			[ -n "$first_bad" ] || first_bad="cycle $i: a 4-value 'as' was accepted"
			rmmod $MOD 2>/dev/null
		fi
		nrefused=$((nrefused + 1))
		;;
	*)	if insmod "$M" "ps=$long$i" "pc=c$i" "as=a$i,b$i,$long" \
			"ac=x$i,y" ps="s$i" ai=$i,2,3,4 al=$i,$i ah=$i > /dev/null 2>&1; then
			nload=$((nload + 1))
			got=
			read -r got < $SYS/as
			if [ "$got" != "a$i,b$i,$long" ]; then
				nbad=$((nbad + 1))
				[ -n "$first_bad" ] || first_bad="cycle $i: as is '$(echo "$got" | cut -c1-40)'"
			fi
			if ! rmmod $MOD 2>/dev/null; then
				nbad=$((nbad + 1))
				[ -n "$first_bad" ] || first_bad="cycle $i: rmmod failed"
			fi
		else
			nbad=$((nbad + 1))
			[ -n "$first_bad" ] || first_bad="cycle $i: insmod failed: $(dmesg | tail -n 1)"
		fi
		;;
	esac
	i=$((i + 1))
done
touch $stop
wait $reader
nread=$(cat $stop.count 2>/dev/null)
rm -f $stop $stop.count

if [ "$nbad" = 0 ]; then
	pass hostile/leak/cycles
else
	fail hostile/leak/cycles "$nbad of $CYCLES cycles went wrong; first: $first_bad"
fi
echo "hostile: $CYCLES cycles, $nload loaded, $nrefused refused; ${nread:-?} sysfs reads alongside"
if module_listed $MOD; then
	fail hostile/leak/unloaded "$MOD is still loaded"
	rmmod $MOD
fi

# Every loaded cycle leaves one such string in "as" if unload does not
# free it: 150 of them.  Allow a few for what the kernel itself keeps.
if [ -z "$slab_before" ]; then
	skip hostile/leak/strings-freed "$SLAB/objects is missing: a kernel without CONFIG_SLUB_DEBUG"
else
	slab_after=$(slab_in_use)
	echo "hostile: kmalloc-1k objects in use: $slab_before before the cycles, $slab_after after"
	if [ $((slab_after - slab_before)) -lt $((nload / 4)) ]; then
		pass hostile/leak/strings-freed
	else
		fail hostile/leak/strings-freed "kmalloc-1k grew by $((slab_after - slab_before)) objects over $nload loads of a 500-character string: the strings are not freed at unload"
	fi
fi

if [ -w $KML ]; then
	# kmemleak only reports objects older than 5 s.
	sleep 6
	echo scan > $KML
	leaks=$(grep -c '^unreferenced object' $KML)
	echo "hostile: kmemleak leaks: $leaks"
	if [ "$leaks" = 0 ]; then
		pass hostile/leak/kmemleak
	else
		fail hostile/leak/kmemleak "$leaks unreferenced objects: $(grep -A 12 -m 1 '^unreferenced object' $KML | grep -E '^ +\[<|comm' | sed 's/^ *//' | tr '\n' ' ' | cut -c1-400)"
		cat $KML
	fi
fi
summary
