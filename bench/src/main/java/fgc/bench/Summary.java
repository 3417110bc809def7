package fgc.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** One line of the summary table: a corpus and a solver, over all their puzzle rows. */
final class Summary {
  final String corpus;
  final String algorithm;
  final String driver;
  final int puzzles;
  final int solved;
  final double medianMillis;
  final double p90Millis;
  final double meanSweeps;
  final double meanDecisions;
  final double meanRestarts;
  final double meanBacktracks;
  final double meanConflicts;

  /**
   * Whether the algorithm could not take the corpus's grids at all: no figure of its means
   * anything.
   */
  final boolean refused;

  private Summary(List<PuzzleRow> rows) {
    PuzzleRow first = rows.get(0);
    this.corpus = first.corpus;
    this.algorithm = first.algorithm;
    this.driver = first.driver;
    this.puzzles = rows.size();
    this.refused = rows.stream().allMatch(r -> r.outcome == PuzzleRow.Outcome.ERROR);
    double[] millis = new double[rows.size()];
    int count = 0;
    double sweeps = 0;
    double decisions = 0;
    double restarts = 0;
    double backtracks = 0;
    double conflicts = 0;
    for (int i = 0; i < rows.size(); i++) {
      PuzzleRow r = rows.get(i);
      millis[i] = r.millis;
      count += r.solved() ? 1 : 0;
      sweeps += r.sweeps;
      decisions += r.decisions;
      restarts += r.restarts;
      backtracks += r.backtracks;
      conflicts += r.conflicts;
    }
    Arrays.sort(millis);
    this.solved = count;
    this.medianMillis = quantile(millis, 0.5);
    this.p90Millis = quantile(millis, 0.9);
    this.meanSweeps = sweeps / puzzles;
    this.meanDecisions = decisions / puzzles;
    this.meanRestarts = restarts / puzzles;
    this.meanBacktracks = backtracks / puzzles;
    this.meanConflicts = conflicts / puzzles;
  }

  /**
   * The {@code q}-quantile of sorted values, interpolating linearly between ranks (as R's type 7).
   */
  static double quantile(double[] sorted, double q) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    double rank = q * (sorted.length - 1);
    int low = (int) Math.floor(rank);
    int high = Math.min(low + 1, sorted.length - 1);
    return sorted[low] + (rank - low) * (sorted[high] - sorted[low]);
  }

  /** One summary per (corpus, algorithm, driver), in the order the rows first name them. */
  static List<Summary> of(List<PuzzleRow> rows) {
    Map<String, List<PuzzleRow>> groups = new LinkedHashMap<>();
    for (PuzzleRow r : rows) {
      groups
          .computeIfAbsent(r.corpus + '\0' + r.algorithm + '\0' + r.driver, k -> new ArrayList<>())
          .add(r);
    }
    List<Summary> out = new ArrayList<>();
    for (List<PuzzleRow> group : groups.values()) {
      out.add(new Summary(group));
    }
    return out;
  }

  double solvedPercent() {
    return puzzles == 0 ? 0 : 100.0 * solved / puzzles;
  }

  static String table(List<Summary> summaries) {
    StringBuilder sb = new StringBuilder();
    String header =
        String.format(
            Locale.ROOT,
            "%-10s %-12s %-16s %8s %10s %10s %8s %10s %9s %11s %9s%n",
            "corpus",
            "algorithm",
            "driver",
            "solved%",
            "median ms",
            "p90 ms",
            "sweeps",
            "decisions",
            "restarts",
            "backtracks",
            "conflicts");
    sb.append(header);
    for (Summary s : summaries) {
      if (s.refused) {
        sb.append(
            String.format(
                Locale.ROOT,
                "%-10s %-12s %-16s refused: the algorithm cannot take these grids (its reason "
                    + "is above)%n",
                s.corpus,
                s.algorithm,
                s.driver));
        continue;
      }
      sb.append(
          String.format(
              Locale.ROOT,
              "%-10s %-12s %-16s %7.1f%% %10.3f %10.3f %8.1f %10.1f %9.2f %11.1f %9.1f%n",
              s.corpus,
              s.algorithm,
              s.driver,
              s.solvedPercent(),
              s.medianMillis,
              s.p90Millis,
              s.meanSweeps,
              s.meanDecisions,
              s.meanRestarts,
              s.meanBacktracks,
              s.meanConflicts));
    }
    return sb.toString();
  }
}
