package fgc.cli;

import fgc.algorithms.Algorithm;
import fgc.algorithms.Algorithms;
import fgc.cache.LoadedSolver;
import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.compiler.ModelCompiler;
import fgc.lang.FgcLanguage;
import fgc.lang.LanguageException;
import fgc.model.Domain;
import fgc.model.Model;
import fgc.model.ModelException;
import fgc.model.VariableArray;
import fgc.plan.PlanException;
import fgc.puzzles.Grid;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Binds grid puzzles to a model: a puzzle of side {@code S} fills the model's observed array (which
 * must hold {@code S*S} variables with values {@code 1..S}) in row-major order. When the model
 * declares a parameter {@code n} that the user did not set, it is set to the grid's box size, so
 * one model file serves 4x4, 9x9 and 16x16 grids in the same run. One compiled solver per grid
 * size, loaded on first use.
 *
 * <p>Two kinds of failure: a model that cannot take grids at all (no observed array, cells whose
 * values are not a grid's) is the model's fault, reported once at the model's text and thrown as it
 * is; a model that cannot take one size (a fixed-size model, a plan too large) throws {@link
 * SizeRefused}, and only the puzzles of that size are refused.
 */
final class PuzzleBinding {
  private final String modelArg;
  private final Map<String, Long> params;
  private final boolean modelTakesBoxSize;
  private final AlgorithmSpec spec;
  private final SolverCache cache;
  private final boolean algorithmChosen;
  private final boolean loadSolver;
  private final Map<Integer, Instance> bySide = new HashMap<>();
  private final Map<Integer, SizeRefused> failedSides = new HashMap<>();

  /** The parameters the model declares, with their defaults. */
  private final Map<String, Long> declared;

  /** The model loaded for each set of parameters so far: each is read and grounded once per run. */
  private final Map<Map<String, Long>, Model> loaded = new HashMap<>();

  PuzzleBinding(
      String modelArg,
      Map<String, Long> params,
      AlgorithmSpec spec,
      boolean algorithmChosen,
      SolverCache cache) {
    this(modelArg, params, spec, algorithmChosen, cache, true);
  }

  /**
   * With {@code loadSolver} false no compiled solver is loaded (or compiled) and instances have
   * none: for a driver that does not use one, which then starts without reading the cache.
   */
  PuzzleBinding(
      String modelArg,
      Map<String, Long> params,
      AlgorithmSpec spec,
      boolean algorithmChosen,
      SolverCache cache,
      boolean loadSolver) {
    this.loadSolver = loadSolver;
    this.modelArg = modelArg;
    this.algorithmChosen = algorithmChosen;
    this.params = params;
    this.spec = spec;
    this.cache = cache;
    this.declared = ModelOptions.declaredParameters(modelArg);
    this.modelTakesBoxSize = !params.containsKey("n") && declared.containsKey("n");
  }

  /**
   * The caller has loaded the model with this binding's own parameters already: {@code model}, used
   * instead of a second load.
   */
  PuzzleBinding withModel(Model model) {
    loaded.put(new LinkedHashMap<>(params), model);
    return this;
  }

  /**
   * The model with parameters {@code p}, loaded on first use (an error is not kept: the next use
   * loads again and says it again).
   */
  private Model load(Map<String, Long> p) {
    Model model = loaded.get(p);
    if (model == null) {
      model = ModelOptions.load(modelArg, p);
      loaded.put(new LinkedHashMap<>(p), model);
    }
    return model;
  }

  /** This model cannot take grids of one size; other sizes may still be solved. */
  static final class SizeRefused extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    final int side;

    SizeRefused(int side, String message, Throwable cause) {
      super(message, cause);
      this.side = side;
    }
  }

  /** The grid sides puzzles come in. */
  private static final int[] SIDES = {4, 9, 16, 25};

  /**
   * Checks, before any puzzle is read, what can be checked of the model with its defaults: that it
   * observes an array, of a grid's size (unless {@code n} sets the size per grid), with a grid's
   * values. Throws the model's error, positioned at its text.
   */
  void checkModel() {
    Model model;
    try {
      model = load(params);
    } catch (RuntimeException e) {
      if (modelTakesBoxSize) {
        return; // its default n may be no grid's: each size is loaded, and checked, when a puzzle
        // needs it
      }
      throw e;
    }
    VariableArray cells = observedCells(model);
    int side = (int) Math.round(Math.sqrt(cells.size()));
    boolean gridSize = side * side == cells.size() && Arrays.stream(SIDES).anyMatch(s -> s == side);
    if (!gridSize) {
      if (!modelTakesBoxSize) {
        throw atDeclaration(
            cells,
            false,
            "'"
                + cells.name()
                + "' holds "
                + cells.size()
                + " variables, but a grid puzzle has 16, 81, 256 or 625 cells (4x4, 9x9, 16x16 "
                + "or 25x25)");
      }
      return;
    }
    checkValues(cells, side);
  }

  /**
   * A model, its observed array and its compiled solver (null when none was loaded) for grids of
   * {@code side}.
   */
  static final class Instance {
    final Model model;
    final VariableArray cells;
    final LoadedSolver solver;
    private final GridCells gridCells;

    Instance(Model model, VariableArray cells, LoadedSolver solver) {
      this.model = model;
      this.cells = cells;
      this.solver = solver;
      this.gridCells = new GridCells(model, cells);
    }

    int[] evidence(Grid grid) {
      return gridCells.evidence(grid);
    }

    Grid grid(int side, int[] values) {
      return gridCells.grid(side, values);
    }
  }

  /**
   * The instance for grids of {@code side}. Throws {@link SizeRefused} (the same one for every
   * later grid of that size) when the model cannot take that size, and the model's own error when
   * it cannot take grids at all.
   */
  Instance forSide(int side) {
    Instance known = bySide.get(side);
    if (known != null) {
      return known;
    }
    SizeRefused failed = failedSides.get(side);
    if (failed != null) {
      throw failed;
    }
    try {
      Instance instance = bind(side);
      bySide.put(side, instance);
      return instance;
    } catch (SizeRefused e) {
      failedSides.put(side, e);
      throw e;
    }
  }

  /** Whether grids of {@code side} were refused already (so the reason was reported). */
  boolean refused(int side) {
    return failedSides.containsKey(side);
  }

  private Instance bind(int side) {
    Map<String, Long> p = new LinkedHashMap<>(params);
    long box = Math.round(Math.sqrt(side));
    // A box size that is the declared default gives the model loaded without it.
    if (modelTakesBoxSize && !Long.valueOf(box).equals(declared.get("n"))) {
      p.put("n", box);
    }
    Model model;
    try {
      model = load(p);
    } catch (RuntimeException e) {
      if (!modelTakesBoxSize) {
        throw e; // the same model for every size: its error is the model's
      }
      throw new SizeRefused(
          side, "with n = " + box + " for " + side + "x" + side + " grids: " + e.getMessage(), e);
    }
    VariableArray cells = observedCells(model);
    if (cells.size() != side * side) {
      throw new SizeRefused(
          side,
          "model "
              + model.name()
              + " observes '"
              + cells.name()
              + "' with "
              + cells.size()
              + " variables; a "
              + side
              + "x"
              + side
              + " puzzle has "
              + side * side
              + " cells",
          null);
    }
    checkValues(cells, side);
    if (!loadSolver) {
      return new Instance(model, cells, null);
    }
    try {
      try {
        return new Instance(model, cells, cache.load(model, spec));
      } catch (PlanException e) {
        AlgorithmSpec fallback = algorithmChosen ? null : fallback(model, spec);
        if (fallback == null) {
          throw e;
        }
        // The default algorithm cannot take this size (too many values): fall back, and say so
        // once.
        System.err.println(
            "fgc: "
                + e.getMessage()
                + "; using "
                + fallback.name()
                + " for "
                + side
                + "x"
                + side
                + " grids");
        return new Instance(model, cells, cache.load(model, fallback));
      }
    } catch (PlanException | ModelException e) {
      throw new SizeRefused(side, e.getMessage(), e);
    }
  }

  /**
   * The first algorithm of the registry after {@code refused} whose solver for {@code model} fits,
   * or null.
   */
  private static AlgorithmSpec fallback(Model model, AlgorithmSpec refused) {
    for (Algorithm<?> a : Algorithms.all()) {
      if (a.name().equals(refused.name())) {
        continue;
      }
      AlgorithmSpec candidate = a.spec(Map.of());
      try {
        if (ModelCompiler.fits(model, candidate)) {
          return candidate;
        }
      } catch (PlanException e) {
        // the next one
      }
    }
    return null;
  }

  /** The model's observed array; a model with none cannot take puzzles. */
  private VariableArray observedCells(Model model) {
    for (VariableArray a : model.arrays()) {
      if (a.observed()) {
        return a;
      }
    }
    throw FgcLanguage.declarationError(
        ModelOptions.sourceName(modelArg),
        ModelOptions.sourceText(modelArg),
        "",
        false,
        "model "
            + model.name()
            + " observes no variable, so puzzles cannot be given to it (declare the cells and "
            + "add: observe NAME;)");
  }

  /**
   * The cells of a grid of {@code side} hold 1..side: a model whose cells hold other values cannot
   * take puzzles.
   */
  private void checkValues(VariableArray cells, int side) {
    Domain d = cells.domain();
    if (d.lo() != 1 || d.hi() != side) {
      throw atDeclaration(
          cells,
          true,
          "'"
              + cells.name()
              + "' takes values "
              + d.lo()
              + ".."
              + d.hi()
              + ", but the cells of a "
              + side
              + "x"
              + side
              + " puzzle hold 1.."
              + side);
    }
  }

  private LanguageException atDeclaration(VariableArray cells, boolean atDomain, String message) {
    return FgcLanguage.declarationError(
        ModelOptions.sourceName(modelArg),
        ModelOptions.sourceText(modelArg),
        cells.name(),
        atDomain,
        message);
  }
}
