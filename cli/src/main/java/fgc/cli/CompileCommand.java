package fgc.cli;

import fgc.cache.LoadedSolver;
import fgc.model.Model;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Compiles a model into the cache (or finds it there) and says which, and how long each step took.
 */
final class CompileCommand implements Callable<Integer> {
  String model;

  ModelOptions options = new ModelOptions();

  @Override
  public Integer call() {
    long start = System.nanoTime();
    Model m = options.loadWithData(model, options.dataSet());
    long parseNanos = System.nanoTime() - start;
    LoadedSolver solver = options.cache().load(m, options.spec());
    System.out.println(
        "model     "
            + m.name()
            + " ("
            + m.variableCount()
            + " variables, "
            + m.factors().size()
            + " factors)");
    System.out.println("algorithm " + options.spec().canonicalText());
    System.out.println("key       " + solver.key());
    System.out.println(
        "cache     "
            + (solver.hit()
                ? "hit"
                : "miss ("
                    + solver.origin().name().toLowerCase(Locale.ROOT).replace('_', ' ')
                    + ")"));
    System.out.println("parse     " + millis(parseNanos));
    System.out.println("compile   " + millis(solver.compileNanos()));
    System.out.println("load      " + millis(solver.loadNanos()));
    return 0;
  }

  static String millis(long nanos) {
    return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
  }

  /** This command, bound to this object's fields (see {@link Specs}). */
  CommandSpec spec() {
    CommandSpec spec = Specs.command(this, "compile");
    spec.usageMessage()
        .description(
            "Compile a model to a cached solver; print its key, hit or miss, and compile and "
                + "load times.")
        .footer("", "Exit codes: 0 done, 2 usage or model errors, 130 interrupted.");
    spec.addPositional(
        Specs.positional(this, "model")
            .index("0")
            .arity("0..1")
            .paramLabel("MODEL")
            .defaultValue("sudoku")
            .description("Bundled model name or model file (default: ${DEFAULT-VALUE}).")
            .build());
    spec.addMixin("options", options.mixinSpec());
    Specs.standardHelp(spec);
    return spec;
  }
}
