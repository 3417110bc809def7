package fgc.bench;

import fgc.bench.jmh.MessagePassBenchmark;
import fgc.bench.jmh.SweepBenchmark;
import fgc.cli.NumberOptions;
import fgc.compilation.AlgorithmSpec;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fgc bench ratio}: side-by-side ratios as medians, from JMH runs in several rounds of one
 * fork each, printed as a {@link RatioTable} (the median of each side over every iteration, the
 * median of the rounds' ratios). Two benchmarks:
 *
 * <ul>
 *   <li>{@code sweep} ({@link SweepBenchmark}): the specialisation ratio, one sweep of a generated
 *       algorithm, then of its reference interpreter, on the same model and evidence, at BP's fixed
 *       point and from a cold start;
 *   <li>{@code message-pass} ({@link MessagePassBenchmark}): one {@code alldiff} factor's messages
 *       all at once, against one permanent or one assignment problem per message.
 * </ul>
 */
@Command(
    name = "ratio",
    mixinStandardHelpOptions = true,
    description =
        "Side-by-side ratios as medians over JMH rounds: generated sweep against the reference "
            + "interpreter "
            + "(--benchmark sweep), or all-at-once alldiff messages against one problem per "
            + "message (message-pass).")
final class RatioCommand implements Callable<Integer> {
  @Option(
      names = "--benchmark",
      paramLabel = "NAME",
      defaultValue = "sweep",
      description = "sweep or message-pass (default: ${DEFAULT-VALUE}).")
  String benchmark;

  @Option(
      names = "--boxes",
      split = ",",
      paramLabel = "N",
      defaultValue = "2,3,4",
      description =
          "sweep: box sizes of the Sudoku grids (default: ${DEFAULT-VALUE}: 4x4, 9x9, 16x16).")
  List<Integer> boxes;

  @Option(
      names = "--algorithms",
      split = ",",
      paramLabel = "NAME",
      defaultValue = "sumproduct,maxproduct,bp-pairwise,ep-dirichlet",
      description = "sweep: algorithms (default: ${DEFAULT-VALUE}).")
  List<String> algorithms;

  @Option(
      names = "--states",
      split = ",",
      paramLabel = "STATE",
      defaultValue = "converged,start",
      description =
          "sweep: states (default: ${DEFAULT-VALUE}): at BP's fixed point, or reset and the "
              + "first sweep.")
  List<String> states;

  @Option(
      names = "--arities",
      split = ",",
      paramLabel = "N",
      defaultValue = "4,5,6,7,8,9",
      description = "message-pass: factor arities, 2 to 9 (default: ${DEFAULT-VALUE}).")
  List<Integer> arities;

  @Option(
      names = "--rounds",
      paramLabel = "N",
      defaultValue = "3",
      description = "JMH runs of one fork each (default: ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 1)
  int rounds;

  @Option(
      names = "--warmups",
      paramLabel = "N",
      defaultValue = "3",
      description = "Warm-up iterations of 1 s (default: ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 0)
  int warmups;

  @Option(
      names = "--iterations",
      paramLabel = "N",
      defaultValue = "5",
      description = "Measured iterations of 1 s (default: ${DEFAULT-VALUE}).")
  @NumberOptions.Range(min = 1)
  int iterations;

  /** What one benchmark method measures: its row of the table and its side. */
  record Side(String subject, boolean baseline) {}

  @Override
  public Integer call() throws Exception {
    boolean sweep =
        switch (benchmark) {
          case "sweep" -> true;
          case "message-pass" -> false;
          default ->
              throw new IllegalArgumentException(
                  "--benchmark: unknown benchmark '" + benchmark + "' (sweep or message-pass)");
        };
    ChainedOptionsBuilder options =
        new OptionsBuilder()
            .forks(1)
            .warmupIterations(warmups)
            .warmupTime(TimeValue.seconds(1))
            .measurementIterations(iterations)
            .measurementTime(TimeValue.seconds(1))
            .verbosity(VerboseMode.SILENT);
    RatioTable table;
    int expected;
    if (sweep) {
      checkSweepOptions();
      options
          .include(pattern(SweepBenchmark.class, "sweep"))
          .param("box", boxes.stream().map(String::valueOf).toArray(String[]::new))
          .param("algorithm", algorithms.toArray(new String[0]))
          .param("state", states.toArray(new String[0]));
      table = new RatioTable("algorithm", "grid", "state", "generated", "reference");
      expected = boxes.size() * algorithms.size() * states.size() * 2;
    } else {
      for (int n : arities) {
        if (n < 2 || n > 9) {
          throw new IllegalArgumentException(
              "--arities: " + n + " is outside 2 to 9 (the baselines are exponential beyond)");
        }
      }
      options
          .include(
              pattern(
                  MessagePassBenchmark.class,
                  "(sumProductKernel|sumProductRyserPerMessage|maxProductKernel"
                      + "|maxProductAssignmentKernel|maxProductHungarianPerMessage)"))
          .param("n", arities.stream().map(String::valueOf).toArray(String[]::new));
      table = new RatioTable("messages", "arity", "rows", "all at once", "one problem per message");
      expected = arities.size() * 5;
    }
    StringBuilder perRound = new StringBuilder();
    for (int round = 1; round <= rounds; round++) {
      System.err.printf("fgc bench ratio: round %d of %d ...%n", round, rounds);
      Collection<RunResult> results = new Runner(options.build()).run();
      if (results.size() != expected) {
        throw new IllegalStateException(
            "JMH ran "
                + results.size()
                + " of "
                + expected
                + " benchmarks in round "
                + round
                + " (a benchmark failed; run 'fgc bench jmh' with the same parameters to see why)");
      }
      for (RunResult result : results) {
        BenchmarkParams params = result.getParams();
        double[] micros =
            result.getBenchmarkResults().stream()
                .map(BenchmarkResult::getIterationResults)
                .flatMap(Collection::stream)
                .mapToDouble((IterationResult it) -> it.getPrimaryResult().getScore())
                .toArray();
        String label;
        if (sweep) {
          int box = Integer.parseInt(params.getParam("box"));
          String grid = (box * box) + "x" + (box * box);
          String state = params.getParam("state");
          boolean reference = params.getParam("implementation").equals("reference");
          table.add(params.getParam("algorithm"), grid, state, reference, micros);
          label =
              String.format(
                  Locale.ROOT,
                  "%-12s %-5s  %-9s  %-9s",
                  params.getParam("algorithm"),
                  grid,
                  state,
                  params.getParam("implementation"));
        } else {
          String method =
              params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
          String arity = params.getParam("n");
          for (Side side : messagePassSides(method)) {
            table.add(side.subject(), arity, "dense", side.baseline(), micros);
          }
          label = String.format(Locale.ROOT, "n=%-2s %-30s", arity, method);
        }
        perRound.append(String.format(Locale.ROOT, "round %d  %s ", round, label));
        for (double x : micros) {
          perRound.append(String.format(Locale.ROOT, " %.4g", x));
        }
        perRound.append('\n');
      }
    }
    System.out.print(table.render());
    System.out.println();
    System.out.println("Iterations, µs per operation:");
    System.out.print(perRound);
    return 0;
  }

  private void checkSweepOptions() {
    for (int box : boxes) {
      if (box < 2 || box > 4) {
        throw new IllegalArgumentException(
            "--boxes: " + box + " has no embedded puzzle (2, 3 or 4: 4x4, 9x9, 16x16)");
      }
    }
    for (String algorithm : algorithms) {
      if (!AlgorithmSpec.knownAlgorithms().contains(algorithm)) {
        throw new IllegalArgumentException(
            "--algorithms: unknown algorithm '"
                + algorithm
                + "' (known: "
                + String.join(", ", AlgorithmSpec.knownAlgorithms())
                + ")");
      }
    }
    for (String state : states) {
      if (!state.equals("converged") && !state.equals("start")) {
        throw new IllegalArgumentException(
            "--states: unknown state '" + state + "' (converged or start)");
      }
    }
  }

  /**
   * The message-pass methods' rows: one Hungarian problem per message is the baseline of both
   * max-product kernels.
   */
  static List<Side> messagePassSides(String method) {
    String sum = "sum-product: subset passes / Ryser per message";
    String maxPasses = "max-product: subset passes / Hungarian per message";
    String maxAssignment = "max-product: assignment + shortest paths / Hungarian per message";
    return switch (method) {
      case "sumProductKernel" -> List.of(new Side(sum, false));
      case "sumProductRyserPerMessage" -> List.of(new Side(sum, true));
      case "maxProductKernel" -> List.of(new Side(maxPasses, false));
      case "maxProductAssignmentKernel" -> List.of(new Side(maxAssignment, false));
      case "maxProductHungarianPerMessage" ->
          List.of(new Side(maxPasses, true), new Side(maxAssignment, true));
      default -> throw new IllegalStateException("unexpected benchmark method " + method);
    };
  }

  private static String pattern(Class<?> type, String methods) {
    return "^" + type.getName().replace(".", "\\.") + "\\." + methods + "$";
  }
}
