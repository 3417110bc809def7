package fgc.cli;

import fgc.driver.DecimationDriver;
import fgc.driver.SolveResult;
import fgc.algorithm.GeneratedAlgorithm;
import fgc.puzzles.EmbeddedPuzzles;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.puzzles.PuzzleReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.StringReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Solves puzzles one by one as they stream in, writing each result as soon as it is known, so a
 * bad line or an interrupted run never costs the lines before it.
 */
@Command(name = "solve", mixinStandardHelpOptions = true,
    description = "Solve grid puzzles with a compiled solver (BP + decimation); one output line per input puzzle.",
    footer = {"", "Exit codes: 0 all solved, 1 some not solved, 2 usage or input errors."})
final class SolveCommand implements Callable<Integer> {
  @Option(names = "--input", paramLabel = "FILE|-", description = "Puzzle file, or - for standard input (default: the embedded puzzles).")
  String input;

  @Option(names = "--output", paramLabel = "FILE", description = "Write results here instead of standard output.")
  Path output;

  @Option(names = "--model", paramLabel = "NAME|FILE.fg", defaultValue = "sudoku", description = "Bundled model name or model file (default: ${DEFAULT-VALUE}).")
  String model;

  @Option(names = "--restarts", paramLabel = "N", defaultValue = "30", description = "Restart budget of decimation (default: ${DEFAULT-VALUE}).")
  int restarts;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of the restart noise (default: ${DEFAULT-VALUE}).")
  long seed;

  @Mixin
  ModelOptions options;

  @Override
  public Integer call() throws IOException {
    long start = System.nanoTime();
    PuzzleBinding binding = new PuzzleBinding(model, options.params, options.spec(), options.algorithmChosen(), options.cache());
    DecimationDriver driver = DecimationDriver.withDefaults().withRestarts(restarts).withSeed(seed);
    Map<Integer, GeneratedAlgorithm> solvers = new HashMap<>();
    int total = 0;
    int solved = 0;
    int badInput = 0;
    try (PuzzleReader reader = openInput(); Writer out = openOutput()) {
      while (reader.hasNext()) {
        PuzzleReader.Entry entry = reader.next();
        if (!entry.isPuzzle()) {
          badInput++;
          System.err.println("fgc: " + entry.error());
          out.write(entry.text());
          out.write('\n');
          out.flush();
          continue;
        }
        total++;
        Grid puzzle = entry.grid();
        PuzzleBinding.Instance instance;
        try {
          instance = binding.forSide(puzzle.side());
        } catch (RuntimeException e) {
          // The model cannot take grids of this size: this puzzle is an input error, the run goes on.
          badInput++;
          System.err.println("fgc: line " + entry.line() + ": " + e.getMessage());
          out.write(puzzle.toLine());
          out.write('\n');
          out.flush();
          continue;
        }
        GeneratedAlgorithm solver = solvers.computeIfAbsent(puzzle.side(), s -> instance.solver.newInstance());
        SolveResult result = driver.solve(solver, instance.model, instance.evidence(puzzle));
        Grid answer = puzzle;
        if (result.solved()) {
          Grid candidate = instance.grid(puzzle.side(), result.values());
          GridValidator.Verdict verdict = GridValidator.check(puzzle, candidate);
          if (verdict.valid()) {
            answer = candidate;
            solved++;
          } else {
            // Never reached when the model is right; reported rather than printed as a solution.
            System.err.println("fgc: line " + entry.line() + ": solver answer failed the independent check: " + verdict.reason());
          }
        } else if (result.status() == SolveResult.Status.INCONSISTENT_EVIDENCE) {
          System.err.println("fgc: line " + entry.line() + ": the givens contradict each other");
        }
        out.write(answer.toLine());
        out.write('\n');
        out.flush();
      }
    }
    if (total == 0 && badInput == 0) {
      // An empty or comment-only file is almost always the wrong file: say so rather than succeed.
      System.err.println("fgc: " + inputName() + " holds no puzzles");
      return 2;
    }
    long ms = (System.nanoTime() - start) / 1_000_000;
    System.err.println("solved " + solved + " of " + total + " in " + ms + " ms"
        + (badInput > 0 ? "; " + badInput + " input error" + (badInput == 1 ? "" : "s") : ""));
    return badInput > 0 ? 2 : solved < total ? 1 : 0;
  }

  private String inputName() {
    if (input == null) {
      return "the embedded puzzle list";
    }
    Path name = input.equals("-") ? null : Path.of(input).getFileName();
    return name == null ? "standard input" : name.toString();
  }

  private PuzzleReader openInput() throws IOException {
    if (input == null) {
      return PuzzleReader.of(new StringReader(EmbeddedPuzzles.resourceText()), "embedded");
    }
    if (input.equals("-")) {
      return PuzzleReader.of(new InputStreamReader(System.in, StandardCharsets.UTF_8), "stdin");
    }
    try {
      return PuzzleReader.open(Path.of(input));
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read --input " + input + " (" + e.getClass().getSimpleName() + ")");
    }
  }

  private Writer openOutput() throws IOException {
    if (output == null) {
      return new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8)) {
        @Override
        public void close() throws IOException {
          flush(); // Standard output stays open for whoever else writes to it.
        }
      };
    }
    return Files.newBufferedWriter(output, StandardCharsets.UTF_8);
  }
}
