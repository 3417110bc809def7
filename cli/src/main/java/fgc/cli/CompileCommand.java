package fgc.cli;

import fgc.cache.LoadedSolver;
import fgc.model.Model;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * Compiles a model into the cache (or finds it there) and says which, and how long each step took.
 */
@Command(
    name = "compile",
    mixinStandardHelpOptions = true,
    description =
        "Compile a model to a cached solver; print its key, hit or miss, and compile and load times.",
    footer = {"", "Exit codes: 0 done, 2 usage or model errors, 130 interrupted."})
final class CompileCommand implements Callable<Integer> {
  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "MODEL",
      defaultValue = "sudoku",
      description = "Bundled model name or model file (default: ${DEFAULT-VALUE}).")
  String model;

  @Mixin ModelOptions options;

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
}
