package fgc.cli;

import fgc.cache.LoadedSolver;
import fgc.cache.SolverCache;
import fgc.compiler.AlgorithmSpec;
import fgc.compiler.plan.PlanException;
import fgc.model.Model;
import fgc.model.VariableArray;
import fgc.puzzles.Grid;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Binds grid puzzles to a model: a puzzle of side {@code S} fills the model's observed array (which
 * must hold {@code S*S} variables) in row-major order. When the model declares a parameter {@code n}
 * that the user did not set, it is set to the grid's box size, so one model file serves 4x4, 9x9 and
 * 16x16 grids in the same run. One compiled solver per grid size, loaded on first use.
 */
final class PuzzleBinding {
  private final String modelArg;
  private final Map<String, Long> params;
  private final boolean modelTakesBoxSize;
  private final AlgorithmSpec spec;
  private final SolverCache cache;
  private final boolean algorithmChosen;
  private final Map<Integer, Instance> bySide = new HashMap<>();
  private final Map<Integer, RuntimeException> failedSides = new HashMap<>();

  PuzzleBinding(String modelArg, Map<String, Long> params, AlgorithmSpec spec, boolean algorithmChosen, SolverCache cache) {
    this.modelArg = modelArg;
    this.algorithmChosen = algorithmChosen;
    this.params = params;
    this.spec = spec;
    this.cache = cache;
    this.modelTakesBoxSize = !params.containsKey("n") && ModelOptions.declaredParameters(modelArg).containsKey("n");
  }

  /** A compiled model and its observed array for grids of {@code side}. */
  static final class Instance {
    final Model model;
    final VariableArray cells;
    final LoadedSolver solver;

    Instance(Model model, VariableArray cells, LoadedSolver solver) {
      this.model = model;
      this.cells = cells;
      this.solver = solver;
    }

    int[] evidence(Grid grid) {
      return new GridCells(model, cells).evidence(grid);
    }

    Grid grid(int side, int[] values) {
      return new GridCells(model, cells).grid(side, values);
    }
  }

  /**
   * The instance for grids of {@code side}; throws (the same exception for every later grid of that
   * size) when the model cannot take them.
   */
  Instance forSide(int side) {
    Instance known = bySide.get(side);
    if (known != null) {
      return known;
    }
    RuntimeException failed = failedSides.get(side);
    if (failed != null) {
      throw failed;
    }
    try {
      Instance instance = bind(side);
      bySide.put(side, instance);
      return instance;
    } catch (RuntimeException e) {
      failedSides.put(side, e);
      throw e;
    }
  }

  private Instance bind(int side) {
    Map<String, Long> p = new LinkedHashMap<>(params);
    if (modelTakesBoxSize) {
      p.put("n", (long) Math.round(Math.sqrt(side)));
    }
    Model model = ModelOptions.load(modelArg, p);
    VariableArray cells = null;
    for (VariableArray a : model.arrays()) {
      if (a.observed()) {
        cells = a;
        break;
      }
    }
    if (cells == null) {
      throw new IllegalArgumentException("model " + model.name() + " observes no variable, so puzzles cannot be given to it");
    }
    if (cells.size() != side * side) {
      throw new IllegalArgumentException("model " + model.name() + " observes '" + cells.name() + "' with " + cells.size()
          + " variables; a " + side + "x" + side + " puzzle has " + side * side + " cells");
    }
    try {
      return new Instance(model, cells, cache.load(model, spec));
    } catch (PlanException e) {
      if (algorithmChosen || spec.name().equals(AlgorithmSpec.BP_PAIRWISE)) {
        throw e;
      }
      // The default algorithm cannot take this size (too many values): fall back, and say so once.
      System.err.println("fgc: " + e.getMessage() + "; using bp-pairwise for " + side + "x" + side + " grids");
      return new Instance(model, cells, cache.load(model, AlgorithmSpec.named(AlgorithmSpec.BP_PAIRWISE)));
    }
  }
}
