package fgc.cli;

import fgc.algorithm.GeneratedAlgorithm;
import fgc.puzzles.Grid;
import fgc.view.MarginalGrid;
import fgc.view.MarginalsPicture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * {@code solve --marginals FILE}: the beliefs of a puzzle's cells, from the givens alone (before any
 * decision), after chosen sweeps or after convergence, drawn one picture per frame.
 */
final class MarginalFrames {
  /** Convergence as the decimation driver sees it: the largest message change below this. */
  private static final double TOLERANCE = 1e-6;
  private static final int MAX_SWEEPS = 100;

  private final Path file;
  private final List<Integer> sweeps;

  /** Frames at {@code sweeps} (sorted, duplicates dropped), or one after convergence when empty. */
  MarginalFrames(Path file, List<Integer> sweeps) {
    for (int s : sweeps) {
      if (s < 0) {
        throw new IllegalArgumentException("--sweep takes sweep counts of 0 or more, not " + s);
      }
    }
    MarginalsPicture.checkFormat(file);
    this.file = file;
    this.sweeps = new ArrayList<>(new TreeSet<>(sweeps));
  }

  /** Computes and writes the frames of {@code puzzle}; returns the files written. */
  List<Path> write(GeneratedAlgorithm solver, PuzzleBinding.Instance instance, Grid puzzle, String title) throws IOException {
    int side = puzzle.side();
    int first = instance.cells.firstIndex();
    for (int k = 0; k < side * side; k++) {
      if (solver.lowestValue(first + k) != 1 || solver.domainSize(first + k) != side) {
        throw new IllegalArgumentException("a marginals picture needs cells with values 1.." + side + "; "
            + instance.model.variableName(first + k) + " has " + solver.domainSize(first + k) + " values from " + solver.lowestValue(first + k));
      }
    }
    solver.clearAllObserved();
    int[] evidence = instance.evidence(puzzle);
    for (int i = 0; i < evidence.length; i++) {
      if (evidence[i] != fgc.driver.Assignments.NONE) {
        solver.setObserved(i, evidence[i]);
      }
    }
    solver.reset();
    List<Path> written = new ArrayList<>();
    if (sweeps.isEmpty()) {
      int done = 0;
      double change = Double.POSITIVE_INFINITY;
      while (done < MAX_SWEEPS && change >= TOLERANCE) {
        change = solver.update(1);
        done++;
      }
      String when = change < TOLERANCE ? "converged after " + done + " sweeps" : "after " + done + " sweeps (not converged)";
      written.add(draw(solver, instance, puzzle, title + ", " + when, file));
      return written;
    }
    int done = 0;
    for (int target : sweeps) {
      if (target > done) {
        solver.update(target - done);
        done = target;
      }
      Path frame = sweeps.size() == 1 ? file : withSuffix(file, "-sweep" + target);
      written.add(draw(solver, instance, puzzle, title + ", sweep " + target, frame));
    }
    return written;
  }

  private static Path draw(GeneratedAlgorithm solver, PuzzleBinding.Instance instance, Grid puzzle, String title, Path to) throws IOException {
    int side = puzzle.side();
    double[][] beliefs = new double[side * side][];
    for (int k = 0; k < beliefs.length; k++) {
      if (puzzle.get(k) == 0) {
        beliefs[k] = new double[side];
        solver.marginal(instance.cells.firstIndex() + k, beliefs[k]);
      }
    }
    new MarginalsPicture(MarginalGrid.of(side, puzzle.cells(), beliefs, title)).write(to);
    return to;
  }

  /** {@code dir/name-suffix.ext} for {@code dir/name.ext}. */
  static Path withSuffix(Path file, String suffix) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String renamed = dot < 0 ? name + suffix : name.substring(0, dot) + suffix + name.substring(dot);
    return file.resolveSibling(renamed);
  }
}
