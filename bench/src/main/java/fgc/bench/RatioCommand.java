package fgc.bench;

import fgc.bench.jmh.SweepBenchmark;
import fgc.compiler.AlgorithmSpec;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fgc bench ratio}: the specialisation ratio as medians. Runs JMH's {@link SweepBenchmark}
 * (one sweep of a generated algorithm, then of its reference interpreter, on the same model and
 * evidence; at BP's fixed point and from a cold start) in several rounds of one fork each, and
 * prints {@link RatioTable}: the median sweep of each side over every iteration and the median of
 * the rounds' side-by-side ratios.
 */
@Command(name = "ratio", mixinStandardHelpOptions = true,
    description = "Specialisation ratio: generated sweep against the reference interpreter (JMH), medians over rounds.")
final class RatioCommand implements Callable<Integer> {
  @Option(names = "--boxes", split = ",", paramLabel = "N", defaultValue = "2,3,4",
      description = "Box sizes of the Sudoku grids (default: ${DEFAULT-VALUE}: 4x4, 9x9, 16x16).")
  List<Integer> boxes;

  @Option(names = "--algorithms", split = ",", paramLabel = "NAME", defaultValue = "sumproduct,maxproduct,bp-pairwise,ep-dirichlet",
      description = "Algorithms (default: ${DEFAULT-VALUE}).")
  List<String> algorithms;

  @Option(names = "--states", split = ",", paramLabel = "STATE", defaultValue = "converged,start",
      description = "Sweep states (default: ${DEFAULT-VALUE}): at BP's fixed point, or reset and the first sweep.")
  List<String> states;

  @Option(names = "--rounds", paramLabel = "N", defaultValue = "3", description = "JMH runs of one fork each (default: ${DEFAULT-VALUE}).")
  int rounds;

  @Option(names = "--warmups", paramLabel = "N", defaultValue = "3", description = "Warm-up iterations of 1 s (default: ${DEFAULT-VALUE}).")
  int warmups;

  @Option(names = "--iterations", paramLabel = "N", defaultValue = "5", description = "Measured iterations of 1 s (default: ${DEFAULT-VALUE}).")
  int iterations;

  @Override
  public Integer call() throws Exception {
    if (rounds < 1 || warmups < 0 || iterations < 1) {
      throw new IllegalArgumentException("--rounds and --iterations must be at least 1, --warmups at least 0");
    }
    for (int box : boxes) {
      if (box < 2 || box > 4) {
        throw new IllegalArgumentException("--boxes: " + box + " has no embedded puzzle (2, 3 or 4: 4x4, 9x9, 16x16)");
      }
    }
    for (String algorithm : algorithms) {
      if (!AlgorithmSpec.knownAlgorithms().contains(algorithm)) {
        throw new IllegalArgumentException("--algorithms: unknown algorithm '" + algorithm + "' (known: "
            + String.join(", ", AlgorithmSpec.knownAlgorithms()) + ")");
      }
    }
    for (String state : states) {
      if (!state.equals("converged") && !state.equals("start")) {
        throw new IllegalArgumentException("--states: unknown state '" + state + "' (converged or start)");
      }
    }
    int expected = boxes.size() * algorithms.size() * states.size() * 2;
    RatioTable table = new RatioTable();
    StringBuilder perRound = new StringBuilder();
    for (int round = 1; round <= rounds; round++) {
      System.err.printf("fgc bench ratio: round %d of %d ...%n", round, rounds);
      Options options = new OptionsBuilder()
          .include(SweepBenchmark.class.getName().replace(".", "\\.") + "\\.sweep$")
          .param("box", boxes.stream().map(String::valueOf).toArray(String[]::new))
          .param("algorithm", algorithms.toArray(new String[0]))
          .param("state", states.toArray(new String[0]))
          .forks(1)
          .warmupIterations(warmups).warmupTime(TimeValue.seconds(1))
          .measurementIterations(iterations).measurementTime(TimeValue.seconds(1))
          .verbosity(VerboseMode.SILENT)
          .build();
      Collection<RunResult> results = new Runner(options).run();
      if (results.size() != expected) {
        throw new IllegalStateException("JMH ran " + results.size() + " of " + expected + " benchmarks in round " + round
            + " (a benchmark failed; run 'fgc bench jmh Sweep' with the same parameters to see why)");
      }
      for (RunResult result : results) {
        BenchmarkParams params = result.getParams();
        double[] micros = result.getBenchmarkResults().stream()
            .map(BenchmarkResult::getIterationResults).flatMap(Collection::stream)
            .mapToDouble((IterationResult it) -> it.getPrimaryResult().getScore()).toArray();
        String algorithm = params.getParam("algorithm");
        int box = Integer.parseInt(params.getParam("box"));
        String state = params.getParam("state");
        String implementation = params.getParam("implementation");
        table.add(algorithm, box, state, implementation, micros);
        perRound.append(String.format(Locale.ROOT, "round %d  %-12s %dx%d  %-9s  %-9s ", round, algorithm, box * box, box * box,
            state, implementation));
        for (double x : micros) {
          perRound.append(String.format(Locale.ROOT, " %.4g", x));
        }
        perRound.append('\n');
      }
    }
    System.out.print(table.render());
    System.out.println();
    System.out.println("Iterations, µs per sweep:");
    System.out.print(perRound);
    return 0;
  }
}
