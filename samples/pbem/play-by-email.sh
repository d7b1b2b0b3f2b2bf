#!/usr/bin/env bash
# A game by email between two players who trust nothing but the files they exchange,
# with two-party dice (docs/pbem.md): the first turn of Cannae, Carthage then Rome.
#
#   samples/pbem/play-by-email.sh [WORKDIR]
#
# Carthage plays in WORKDIR/carthage, Rome in WORKDIR/rome; each keeps his own secret
# there. "Mailing" a file copies it into the other player's inbox/; orders travel as a
# mail message saved by the mail client (.eml, format=flowed, with a greeting and a
# signature). Each player verifies every state he receives --since the last file he
# sent (a state or a reveal). The script stops at the first command that fails.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
samples=$(dirname "$here")
work=${1:-$(mktemp -d)}
mkdir -p "$work/carthage/inbox" "$work/rome/inbox"
declare -A dir=([carthage]="$work/carthage" [rome]="$work/rome")
declare -A other=([carthage]=rome [rome]=carthage)
declare -A last  # the last file each player sent: what he verifies the next one against

say() { echo "== $*"; }

mail() {  # mail FROM TO FILE: the file lands in TO's inbox
  cp "$3" "${dir[$2]}/inbox/"
  last[$1]="$3"
  echo "   $1 -> $2: $(basename "$3")"
}

as_mail() {  # as_mail FROM TO ORDERS > MESSAGE.eml: what a mail client saves
  cat <<EOF
From: $1 <$1@example.org>
To: $2 <$2@example.org>
Subject: Cannae: my orders
Date: Sat, 2 Aug 2025 10:00:00 +0200
Message-ID: <$(basename "$3")@$1.example.org>
User-Agent: Mozilla Thunderbird
MIME-Version: 1.0
Content-Type: text/plain; charset=UTF-8; format=flowed
Content-Transfer-Encoding: 8bit

Salve $2,

here are my orders; the reveal at the end is mine.

EOF
  sed -e 's/^ / &/' "$3"   # format=flowed "space-stuffs" lines that start with a space
  printf '\nVale,\n%s\n-- \n%s, somewhere in Apulia\n' "$1" "$1"
}

moment() {  # moment STATE: "turn player phase" of the phase to play next
  sed -n -e 's/^turn: \([0-9]*\)$/\1/p' -e 's/^player: "\{0,1\}\([a-z0-9_-]*\)"\{0,1\}$/\1/p' \
    -e 's/^phase: "\{0,1\}\([a-z]*\)"\{0,1\}$/\1/p' "$1" | tr '\n' ' '
}

adjudicate() {  # exit 1 (orders refused, the rest applied) goes on: C3 is refused on purpose
  local code=0
  referee adjudicate "$@" > /dev/null || code=$?
  [ "$code" -eq 0 ] || [ "$code" -eq 1 ] || [ "$code" -eq 4 ]
}

play_phase() {  # play_phase PLAYER N [ORDERS]: plays the next phase of $state, sets $state
  local p=$1 n=$2 src=${3:-} q=${other[$1]} turn player phase
  read -r turn player phase <<< "$(moment "$state")"
  local orders="${dir[$p]}/orders-$n.yaml" next="${dir[$p]}/game-$n.yaml"
  if [ -n "$src" ]; then
    cp "$src" "$orders"
  else
    printf 'format: referee-orders/1\nturn: %s\nplayer: %s\nphase: %s\norders: []\n' \
      "$turn" "$player" "$phase" > "$orders"
  fi
  # my reveal goes into my orders; the referee says whether the phase rolls dice
  if referee seed reveal "$state" "$orders" --secret "${dir[$p]}/secret.txt" --in-place \
      --json | grep -q '"rolls_dice": true'; then
    say "$p, $phase: the phase rolls dice: $q must reveal"
    as_mail "$p" "$q" "$orders" > "${dir[$p]}/orders-$n.eml"
    mail "$p" "$q" "$state"
    mail "$p" "$q" "${dir[$p]}/orders-$n.eml"
    # the opponent checks where the game is, then reveals for exactly these orders
    local inbox="${dir[$q]}/inbox"
    referee verify "$inbox/$(basename "$state")" --since "${last[$q]}" --side "$q"
    referee seed reveal "$inbox/$(basename "$state")" "$inbox/orders-$n.eml" \
      --secret "${dir[$q]}/secret.txt" -o "${dir[$q]}/reveal-$n.yaml"
    mail "$q" "$p" "${dir[$q]}/reveal-$n.yaml"
    adjudicate "$state" "$orders" --reveal "${dir[$p]}/inbox/reveal-$n.yaml" -o "$next"
  else
    say "$p, $phase: no dice"
    adjudicate "$state" "$orders" -o "$next"
  fi
  state=$next
}

play_turn() {  # play_turn PLAYER FIRST-N ORDERS-FOR-EACH-PHASE...: from $state, sets $state
  local p=$1 n=$2
  shift 2
  for src in "$@"; do
    play_phase "$p" "$n" "$src"
    n=$((n + 1))
  done
}

say "Carthage makes the game (the Cannae sample, two-party dice) and commits"
sed -e 's/^  mode: open$/  mode: two-party/' -e '/^  seed: /d' "$samples/thucidide.yaml" \
  > "${dir[carthage]}/cannae.yaml"
referee seed new --two-party -o "${dir[carthage]}/secret.txt" > /dev/null 2>&1
referee seed commit "${dir[carthage]}/cannae.yaml" --secret "${dir[carthage]}/secret.txt" \
  --side carthage --new-game -o "${dir[carthage]}/game-0.yaml"
mail carthage rome "${dir[carthage]}/game-0.yaml"

say "Rome checks the new game and commits"
referee verify "${dir[rome]}/inbox/game-0.yaml"
referee seed new --two-party -o "${dir[rome]}/secret.txt" > /dev/null 2>&1
referee seed commit "${dir[rome]}/inbox/game-0.yaml" --secret "${dir[rome]}/secret.txt" \
  -o "${dir[rome]}/game-1.yaml"
mail rome carthage "${dir[rome]}/game-1.yaml"

say "Carthage checks Rome's commitment and plays turn 1"
referee verify "${dir[carthage]}/inbox/game-1.yaml" --since "${last[carthage]}" --side carthage
cp "${dir[carthage]}/inbox/game-1.yaml" "${dir[carthage]}/game-1.yaml"
state="${dir[carthage]}/game-1.yaml"
play_turn carthage 2 "$samples/thucidide-orders-activation.yaml" \
  "$samples/thucidide-orders-movement.yaml" "$samples/thucidide-orders-combat.yaml" "" ""
mail carthage rome "$state"

say "Rome checks Carthage's turn and reads the combat report"
received="${dir[rome]}/inbox/$(basename "$state")"
referee verify "$received" --since "${last[rome]}" --side rome
referee history "$received"
referee history "$received" --report 5   # entry 5: Carthage's combat, every ruling
cp "$received" "${dir[rome]}/game-6.yaml"

say "Rome plays turn 1"
state="${dir[rome]}/game-6.yaml"
play_turn rome 7 "" "" "" "" ""
mail rome carthage "$state"

say "Carthage checks Rome's turn"
referee verify "${dir[carthage]}/inbox/$(basename "$state")" --since "${last[carthage]}" \
  --side carthage
say "done: $work"
