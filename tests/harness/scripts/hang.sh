# vm-run harness: a script that never ends must time out (67).
echo "hang: sleeping"
sleep 1000
