#!/usr/bin/env bash
# Fresh-JVM start-up of an earlier build against this tree's, interleaved round by round so both
# see the same machine load (BENCHMARKS.md, "Compile and reload"). Uses the hidden probes of
# 'fgc bench compile'. BASE is a folder with the earlier build's fgc-bench.jar (and its lib/) and
# fgc.jar, e.g. copied from bench/target and runtime/target of a checkout of main:
#   bench/compare-startup.sh BASE [ROUNDS]
set -euo pipefail
base="$(cd "$1" && pwd)"; rounds="${2:-11}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BB="$base/fgc-bench.jar"; BJ="$base/fgc.jar"
NB="$here/bench/target/fgc-bench.jar"; NJ="$here/runtime/target/fgc.jar"
S="$(mktemp -d "${TMPDIR:-/tmp}/fgc-startup.XXXXXX")"; trap 'rm -rf "$S"' EXIT
Q=(-XX:+UseSerialGC -Xlog:disable -Xlog:all=warning:stderr)
probe() { java "${Q[@]}" "${@:3}" fgc.bench.BenchMain compile --probe "$1" --cache-dir "$2" --algorithm sumproduct --model sudoku; }
ms() { local s e; s=$(date +%s%N); "$@" >/dev/null 2>&1; e=$(date +%s%N); echo "$(( (e - s) / 100000 ))" | sed 's/.$/.&/'; }
archive() { java "${Q[@]}" -XX:ArchiveClassesAtExit="$1" "${@:2}" >/dev/null 2>&1; }
head -1 /work/shared/puzzles/top95.txt 2>/dev/null > "$S/one.txt" || true
[ -s "$S/one.txt" ] || echo "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......" > "$S/one.txt"
probe cold "$S/fillB" -cp "$BB" >/dev/null; probe cold "$S/fillN" -cp "$NB" >/dev/null
# Class-data archives, each from one training run, as ./fgc and 'fgc bench compile' make theirs.
archive "$S/cold.jsa" -cp "$NJ:$NB" fgc.bench.BenchMain compile --probe cold --cache-dir "$S/t1"
archive "$S/probe.jsa" -cp "$NB" fgc.bench.BenchMain compile --probe cold --cache-dir "$S/t2"
archive "$S/cli.jsa" -jar "$NJ" solve -q --cache-dir "$S/t3"
for r in $(seq "$rounds"); do
  echo "base cold $(probe cold "$S/a$r" -cp "$BB")"
  echo "new cold $(probe cold "$S/b$r" -cp "$NB")"
  echo "base cold-cli-jar $(probe cold "$S/c$r" -cp "$BJ:$BB")"
  echo "new cold-cli-jar $(probe cold "$S/d$r" -cp "$NJ:$NB")"
  echo "new+cds cold-cli-jar $(probe cold "$S/e$r" -XX:SharedArchiveFile="$S/cold.jsa" -cp "$NJ:$NB")"
  echo "new+cds+c1 cold-cli-jar $(probe cold "$S/f$r" -XX:SharedArchiveFile="$S/cold.jsa" -XX:TieredStopAtLevel=1 -cp "$NJ:$NB")"
  set -- $(probe reload "$S/fillB" -cp "$BB"); echo "base reload $1"; echo "base load $2"
  set -- $(probe reload "$S/fillN" -cp "$NB"); echo "new reload $1"; echo "new load $2"
  set -- $(probe reload "$S/fillN" -XX:SharedArchiveFile="$S/probe.jsa" -cp "$NB"); echo "new+cds reload $1"; echo "new+cds load $2"
  set -- $(probe reload "$S/fillN" -XX:SharedArchiveFile="$S/probe.jsa" -XX:TieredStopAtLevel=1 -cp "$NB"); echo "new+cds+c1 reload $1"; echo "new+cds+c1 load $2"
  echo "base whole $(ms java "${Q[@]}" -jar "$BJ" solve -q --algorithm sumproduct --cache-dir "$S/fillB" --input "$S/one.txt")"
  echo "new whole $(ms java "${Q[@]}" -jar "$NJ" solve -q --algorithm sumproduct --cache-dir "$S/fillN" --input "$S/one.txt")"
  echo "new+cds whole $(ms java "${Q[@]}" -XX:SharedArchiveFile="$S/cli.jsa" -jar "$NJ" solve -q --algorithm sumproduct --cache-dir "$S/fillN" --input "$S/one.txt")"
  echo "- java-version $(ms java -XX:+UseSerialGC -version)"
done > "$S/raw.txt"
echo "medians (min..max) in ms of $rounds rounds; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
awk '{ k = $2 " " $1; v[k] = v[k] " " $3 } END { for (k in v) print k, v[k] }' "$S/raw.txt" | sort | while read -r what who values; do
  sorted=$(echo $values | tr ' ' '\n' | sort -g)
  n=$(echo "$sorted" | wc -l)
  median=$(echo "$sorted" | awk -v n="$n" 'NR == int((n + 1) / 2) { a = $1 } NR == int(n / 2) + 1 { b = $1 } END { printf "%.1f", (a + b) / 2 }')
  printf "%-14s %-11s %8s  (%.0f..%.0f)\n" "$what" "$who" "$median" "$(echo "$sorted" | head -1)" "$(echo "$sorted" | tail -1)"
done
