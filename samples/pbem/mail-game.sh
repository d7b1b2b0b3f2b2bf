#!/usr/bin/env bash
# A game by email, exchanging orders, not states (docs/pbem.md): three full game turns of
# the quickstart battle (samples/quickstart-scenario.yaml) between two players, each in
# his own folder, who exchange nothing but the .eml files their referee writes into
# outbox/ (the invitation, its answer, then one mail per player-turn: 8 in all).
#
#   samples/pbem/mail-game.sh [WORKDIR]
#
# The Greeks play in WORKDIR/A, the Persians in WORKDIR/B. Each player runs `referee pbem
# receive` once per mail he gets and `referee pbem send` once per phase he plays (the
# activation, movement and combat phases: his rout and pursuit go as standing orders
# with his combat orders), and no other command. His orders are the skeleton the referee
# wrote (DIR/orders.yaml) with, for each unit or leader, its first option uncommented
# (what a player does in his editor); his standing pursuit orders are the defaults.
# The players' secrets are samples/pbem/greeks.secret and persians.secret, so that every
# run plays the same battle (its dice come from them): a real game leaves --secret out
# (each player's referee makes a fresh secret that nobody else ever sees). The script stops at the first command that fails.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
samples=$(dirname "$here")
work=${1:-$(mktemp -d)}
mkdir -p "$work"
A="$work/A" B="$work/B"
mails=0

say() { echo "== $*"; }

post() {  # post FOLDER: the mail the last command wrote in FOLDER/outbox, "sent"
  mail=$(ls -1 "$1/outbox/"*.eml | tail -n 1)
  mails=$((mails + 1))
  echo "   mail $mails: $(basename "$mail") ($(wc -c < "$mail") bytes)"
}

edit() {  # edit ORDERS: uncomment the first option of every unit and leader (an editor);
  awk '   # the standing pursuit orders stay commented: winners hold, impetuous ones pursue
    /^pursuit:/ { standing = 1 }
    /^  #   / || /^  # [A-Z]/ { open = 1 }          # a unit or leader block starts
    /^  # - / && open && !standing { sub(/^  # - /, "  - "); open = 0 }
    { print }
  ' "$1" > "$1.tmp" && mv "$1.tmp" "$1"
}

send() {  # send FOLDER: edit the skeleton of my phase and send it; exit 1 (an order
  local code=0  # refused, the rest applied) goes on
  edit "$1/orders.yaml"
  referee pbem send "$1" "$1/orders.yaml" > /dev/null 2> "$work/send.err" || code=$?
  if [ "$code" -ne 0 ] && [ "$code" -ne 1 ]; then cat "$work/send.err" >&2; exit "$code"; fi
}

turn() {  # turn FOLDER: the phases a player sends in his player-turn, until a mail
  local before
  before=$(ls -1 "$1/outbox" | wc -l)
  while [ "$(ls -1 "$1/outbox" | wc -l)" -eq "$before" ]; do
    send "$1"
  done
  post "$1"
}

receive() {  # receive FOLDER MAIL
  local code=0
  referee pbem receive "$1" "$2" > /dev/null 2> "$work/receive.err" || code=$?
  if [ "$code" -ne 0 ]; then cat "$work/receive.err" >&2; exit "$code"; fi
}

say "the Greeks invite the Persians"
referee pbem new "$samples/quickstart-scenario.yaml" --side greeks --dir "$A" \
  --secret "$here/greeks.secret" 2> /dev/null
post "$A"
say "the Persians join"
referee pbem join "$mail" --side persians --dir "$B" \
  --secret "$here/persians.secret" 2> /dev/null
post "$B"
receive "$A" "$mail"
for t in 1 2 3; do
  say "turn $t: the Greeks"
  turn "$A"
  receive "$B" "$mail"
  say "turn $t: the Persians"
  turn "$B"
  receive "$A" "$mail"
done
say "done after $mails mails: $work (referee pbem status $A says where the game stands)"
