# vm-run harness: a guest check that fails is counted, and summary then
# exits 1, which becomes vm-run's status.
. "$TESTLIB"
expect_eq      passing-check    yes yes
expect_eq      failing-check    no yes
summary
