package fgc.bench;

import fgc.cli.NumberOptions;
import java.io.IOException;
import picocli.CommandLine;

/**
 * {@code fgc bench} and its subcommands: the solve matrix (default), {@code peers} (the exact
 * driver next to Choco-solver, Sat4j and Z3 on one corpus), {@code compile} (compile and reload
 * times), {@code jmh} (the micro-benchmarks), {@code ratio} (their side-by-side ratios as medians
 * over rounds), {@code decisions} (decimation's first wrong decision) and {@code cli} (the whole
 * {@code fgc solve} process against the in-process harness), {@code startup} (short whole fgc
 * processes against {@code java -version}), {@code scale} (how each stage from text to a ready
 * solver grows with the model), {@code hardset} (fgc's own hard puzzles). Nothing here runs in
 * {@code mvn verify} except the small tests of this module's own logic.
 */
public final class BenchMain {
  private BenchMain() {}

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /**
   * What every benchmark's exit code means, as the footer of its help (the same for all of them).
   */
  static final String EXIT_CODES =
      "Exit codes: 0 done, 1 a benchmark's own check failed (a wrong answer, a figure missing), "
          + "2 usage or input errors, 70 internal error, 130 interrupted.";

  private static void withExitCodes(CommandLine cli) {
    cli.getCommandSpec().usageMessage().footer("", EXIT_CODES);
    for (CommandLine sub : cli.getSubcommands().values()) {
      withExitCodes(sub);
    }
  }

  static int run(String... args) {
    CommandLine cli = new CommandLine(new MatrixCommand());
    cli.setCommandName("fgc bench");
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          if (e instanceof IllegalArgumentException || e instanceof IOException) {
            System.err.println("fgc bench: " + e.getMessage());
            return 2;
          }
          if (e instanceof IllegalStateException) {
            // A benchmark's own check of its answers or figures: the run measured something wrong.
            System.err.println("fgc bench: check failed: " + e.getMessage());
            return 1;
          }
          System.err.println("fgc bench: internal error: " + e);
          return 70;
        });
    NumberOptions.install(cli);
    withExitCodes(cli);
    return cli.execute(args);
  }
}
