package fgc.cli;

import fgc.driver.Assignments;
import fgc.puzzles.Grid;
import fgc.solver.GeneratedAlgorithm;
import fgc.view.MarginalGrid;
import fgc.view.MarginalsPicture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * {@code solve --marginals FILE}: the beliefs of a puzzle's cells, from the givens alone (before
 * any decision), after chosen sweeps or after convergence, drawn one picture per frame.
 */
final class MarginalFrames {
  /** Convergence as the decimation driver sees it: the largest message change below this. */
  private static final double TOLERANCE = 1e-6;

  private static final int MAX_SWEEPS = 100;

  private final Path file;
  private final List<Integer> sweeps;
  private final Path[] inputs;

  /**
   * Frames at {@code sweeps} (sorted, duplicates dropped), or one after convergence when empty;
   * every picture file is checked now, so a bad name fails before any solving, and none may be one
   * of {@code inputs}.
   */
  MarginalFrames(Path file, List<Integer> sweeps, Path... inputs) {
    MarginalsPicture.checkFormat(file);
    this.file = file;
    this.sweeps = new ArrayList<>(new TreeSet<>(sweeps));
    this.inputs = inputs.clone();
    for (Path frame : files()) {
      OutputFile.check("--marginals", frame, inputs);
    }
  }

  /** The files the frames go to. */
  List<Path> files() {
    List<Path> files = new ArrayList<>();
    if (sweeps.size() <= 1) {
      files.add(file);
    } else {
      for (int s : sweeps) {
        files.add(withSuffix(file, "-sweep" + s));
      }
    }
    return files;
  }

  /** One picture to write: what it shows and where it goes. */
  static final class Frame {
    final MarginalGrid grid;
    final Path file;

    Frame(MarginalGrid grid, Path file) {
      this.grid = grid;
      this.file = file;
    }
  }

  /** Computes and writes the frames of {@code puzzle}; returns the files written. */
  List<Path> write(
      GeneratedAlgorithm solver, PuzzleBinding.Instance instance, Grid puzzle, String title)
      throws IOException {
    List<Path> written = new ArrayList<>();
    for (Frame frame : capture(solver, instance, puzzle, title)) {
      try (OutputFile out = OutputFile.create("--marginals", frame.file, inputs)) {
        new MarginalsPicture(frame.grid)
            .write(out.temp()); // the temporary name ends in the picture's own
        out.commit();
      }
      written.add(frame.file);
    }
    return written;
  }

  /**
   * The frames of {@code puzzle}: its cells' beliefs from the givens alone, at each chosen sweep.
   */
  List<Frame> capture(
      GeneratedAlgorithm solver, PuzzleBinding.Instance instance, Grid puzzle, String title) {
    int side = puzzle.side();
    int first = instance.cells.firstIndex();
    for (int k = 0; k < side * side; k++) {
      if (solver.lowestValue(first + k) != 1 || solver.domainSize(first + k) != side) {
        throw new IllegalArgumentException(
            "a marginals picture needs cells with values 1.."
                + side
                + "; "
                + instance.model.variableName(first + k)
                + " has "
                + solver.domainSize(first + k)
                + " values from "
                + solver.lowestValue(first + k));
      }
    }
    solver.clearAllObserved();
    int[] evidence = instance.evidence(puzzle);
    for (int i = 0; i < evidence.length; i++) {
      if (evidence[i] != Assignments.NONE) {
        solver.setObserved(i, evidence[i]);
      }
    }
    solver.reset();
    List<Frame> frames = new ArrayList<>();
    if (sweeps.isEmpty()) {
      int done = 0;
      double change = Double.POSITIVE_INFINITY;
      while (done < MAX_SWEEPS && change >= TOLERANCE) {
        change = solver.update(1);
        done++;
      }
      String when =
          change < TOLERANCE
              ? "converged after " + done + " sweeps"
              : "after " + done + " sweeps (not converged)";
      frames.add(new Frame(snapshot(solver, instance, puzzle, title + ", " + when), file));
      return frames;
    }
    int done = 0;
    for (int target : sweeps) {
      if (target > done) {
        solver.update(target - done);
        done = target;
      }
      Path frame = sweeps.size() == 1 ? file : withSuffix(file, "-sweep" + target);
      frames.add(new Frame(snapshot(solver, instance, puzzle, title + ", sweep " + target), frame));
    }
    return frames;
  }

  private static MarginalGrid snapshot(
      GeneratedAlgorithm solver, PuzzleBinding.Instance instance, Grid puzzle, String title) {
    int side = puzzle.side();
    double[][] beliefs = new double[side * side][];
    for (int k = 0; k < beliefs.length; k++) {
      if (puzzle.get(k) == 0) {
        beliefs[k] = new double[side];
        solver.marginal(instance.cells.firstIndex() + k, beliefs[k]);
      }
    }
    return MarginalGrid.of(side, puzzle.cells(), beliefs, title);
  }

  /** {@code dir/name-suffix.ext} for {@code dir/name.ext}. */
  static Path withSuffix(Path file, String suffix) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String renamed =
        dot < 0 ? name + suffix : name.substring(0, dot) + suffix + name.substring(dot);
    return file.resolveSibling(renamed);
  }
}
