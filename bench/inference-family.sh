#!/usr/bin/env bash
# The "inference family" figures of BENCHMARKS.md, one command after another on one thread, each
# summary written to docs/bench/inference/. The time limit is generous so that the restart budget,
# not the clock, ends a puzzle. Usage: bench/inference-family.sh [extra bench options, e.g. --cache-dir DIR]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$here/docs/bench/inference"
mkdir -p "$out"
puzzles="$(cd "$here/.." && pwd)/shared/puzzles"
corpora=("$puzzles/easy50.txt" "$puzzles/top95.txt" "$puzzles/hardest.txt")
run() {
  local label="$1"
  shift
  echo "== $label: fgc bench $*" >&2
  "$here/fgc" bench --threads 1 --time-limit-ms 60000 "$@" "${corpora[@]}" > "$out/$label.txt"
}
run maxproduct-restarts30 --algorithms maxproduct --drivers decimate --restarts 30 "$@"
run maxproduct-restarts200 --algorithms maxproduct --drivers decimate --restarts 200 "$@"
run sumproduct-noise0.5 --algorithms sumproduct --drivers decimate --noise 0.5 "$@"
run sumproduct-noise4 --algorithms sumproduct --drivers decimate --noise 4 "$@"
run ep-dirichlet --algorithms ep-dirichlet --drivers single,iterative "$@"
for corpus in top95 hardest; do
  "$here/fgc" bench decisions --corpus "$puzzles/$corpus.txt" "$@" > "$out/decisions-$corpus.txt"
done
