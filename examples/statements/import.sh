#!/bin/sh
# Imports the three example statements into a ledger (PURSE_DB, or --db given as $1 $2).
# The bank CSV's layout is saved as the profile "example-bank" the first time; a monthly cron
# line then only needs: purse import FILE --account "Current Account" --profile example-bank
set -e
here=$(dirname "$0")
purse "$@" import "$here/apple-card-2026-10.csv" --new-account "Apple Card" --kind liability --currency USD --institution Apple
purse "$@" import "$here/travel-card-2026-10.ofx" --new-account "Travel Card" --kind liability --currency USD --institution "Example Bank"
purse "$@" import "$here/current-account-2026-10.csv" --new-account "Current Account" --kind asset --currency USD \
    --institution "Example Bank" --save-profile example-bank \
    --columns "date=Date,type=Type,description=Details,debit=Money Out,credit=Money In,balance=Balance" --date-format DD/MM/YYYY
