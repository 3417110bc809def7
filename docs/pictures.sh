#!/usr/bin/env bash
# Redraws the pictures in docs/ with ./fgc: the factor graphs of a 4x4 and a 9x9 Sudoku (needs
# Graphviz), the marginals of the README's puzzle after one sweep of sum-product, as SVG and PNG,
# and the solve matrix's two charts (docs/bench/solve-rate.svg, time-per-grid.svg) from the
# per-puzzle rows of the run that measured them (docs/bench/puzzles.csv; './fgc bench --out
# docs/bench' measures them again, and redraws them too). docs/bench/scale.png comes with its own
# run ('./fgc bench scale', BENCHMARKS.md). Run it from anywhere in the checkout: docs/pictures.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
if ! command -v dot >/dev/null; then
  echo "docs/pictures.sh: Graphviz's dot is needed for the factor graphs (apt-get install graphviz, brew install graphviz)" >&2
  exit 2
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/fgc-pictures.XXXXXX")"
trap 'rm -rf "$work"' EXIT
# A throw-away cache: the pictures never depend on what the user's cache holds.
export FGC_CACHE_DIR="$work/cache"
# The puzzle of the README's tour.
echo '2..6...7...68..95........1..67..81..5..7.34...............1.2.59........13.9..8..' > "$work/one.txt"

./fgc show sudoku --param n=2 --svg docs/factor-graph-4x4.svg >/dev/null
./fgc show sudoku --svg docs/factor-graph-9x9.svg >/dev/null
for picture in docs/marginals-sweep1.png docs/marginals-sweep1.svg; do
  ./fgc solve -q --model sudoku --input "$work/one.txt" --algorithm sumproduct --marginals "$picture" --sweep 1 >/dev/null
done
./fgc bench charts docs/bench/puzzles.csv --out docs/bench
