#!/usr/bin/env bash
# Drive a game with nothing but referee's exit codes and its --json report:
#   samples/autoplay.sh STATE ORDERS... (one orders file per phase, in order)
# Each phase is written to a new state file; the loop stops when the game ends
# (exit 4), and fails on orders meant for another moment (7), invalid input (3) or a
# failed write (6).
set -u
state=$1; shift
dir=$(mktemp -d)
n=0
# a state without history is a new game: say so once (--new-game); the referee refuses
# a history-less state otherwise (it could be an edited one, history emptied)
new_game=()
grep -Eq '^history: *(\[ *[^] ]|$)' "$state" || new_game=(--new-game)
for orders in "$@"; do
  n=$((n + 1))
  next="$dir/state-$n.yaml"
  referee adjudicate "$state" "$orders" -o "$next" --json "${new_game[@]}" > "$dir/report-$n.json"
  code=$?
  new_game=()
  applied=$(grep -o '"phase": "[a-z]*"' "$dir/report-$n.json" | head -n 1 | cut -d'"' -f4)
  refused=$(grep -o '"refused": [0-9]*' "$dir/report-$n.json" | head -n 1 | cut -d' ' -f2)
  case $code in
    0|1) echo "phase $n ($applied): applied, $refused order(s) refused -> $next" ;;
    4)   echo "phase $n ($applied): applied, the game is over -> $next"; state=$next; break ;;
    7)   echo "phase $n: $orders are not for this state (already applied?), stopping" >&2
         exit "$code" ;;
    *)   echo "phase $n: referee exited $code, stopping" >&2; exit "$code" ;;
  esac
  state=$next
done
referee verify "$state" || exit $?
echo "final state: $state"
