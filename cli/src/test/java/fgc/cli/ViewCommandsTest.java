package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.compilation.AlgorithmSpec;
import fgc.compilation.SolverKey;
import fgc.lang.FgcLanguage;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.puzzles.PuzzleGenerator;
import fgc.puzzles.PuzzleReader;
import fgc.puzzles.SolutionCounter;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** show, generate, solve --explain and --marginals, help and version, end to end in process. */
class ViewCommandsTest {
  @TempDir Path dir;

  private CommandLineHarness cli;

  @BeforeEach
  void open() {
    cli = new CommandLineHarness();
  }

  @AfterEach
  void close() {
    cli.close();
  }

  private String cache() {
    return dir.resolve("cache").toString();
  }

  @Test
  void showSummarisesTheModelAndNamesItsKey() {
    assertEquals(0, cli.run("show", "sudoku", "--cache-dir", cache()), cli.err());
    String out = cli.out();
    assertTrue(out.contains("cell[9][9] in 1..9, observed"), out);
    assertTrue(out.contains("27 x alldiff of arity 9"), out);
    assertTrue(out.contains("486 messages of 9 values"), out);
    String key = SolverKey.of(FgcLanguage.bundled("sudoku", Map.of()), AlgorithmSpec.defaults());
    assertTrue(out.contains("key        " + key), out);
    assertTrue(out.contains("not compiled yet"), out);
    assertEquals(0, cli.run("compile", "sudoku", "--cache-dir", cache()));
    assertEquals(0, cli.run("show", "sudoku", "--cache-dir", cache()));
    assertTrue(cli.out().contains("compiled, in"), cli.out());
    assertEquals(
        0, cli.run("show", "sudoku", "--algorithm", "bp-pairwise", "--cache-dir", cache()));
    assertTrue(
        cli.out().contains("1620 messages of 9 values (both ways along 810 distinct neq pairs"),
        cli.out());
  }

  @Test
  void showPrintsTheGeneratedSourceAndWritesTheGraph() throws Exception {
    assertEquals(
        0, cli.run("show", "sudoku", "--param", "n=2", "--source", "--cache-dir", cache()));
    assertTrue(cli.out().contains("class MaxProduct_"), cli.out());
    Path dot = dir.resolve("g.dot");
    assertEquals(
        0,
        cli.run(
            "show", "sudoku", "--param", "n=2", "--dot", dot.toString(), "--cache-dir", cache()));
    assertEquals(
        16, Files.readAllLines(dot).stream().filter(l -> l.contains("shape=ellipse")).count());
  }

  @Test
  void generatedPuzzlesHaveExactlyOneSolutionEachAndSayHowTheyWereMade() throws Exception {
    Path file = dir.resolve("gen.txt");
    assertEquals(
        0,
        cli.run(
            "generate",
            "--size",
            "9",
            "--count",
            "4",
            "--seed",
            "40",
            "--output",
            file.toString(),
            "--cache-dir",
            cache()),
        cli.err());
    String text = Files.readString(file);
    List<Grid> puzzles = read(text);
    assertEquals(4, puzzles.size());
    Pattern rating =
        Pattern.compile(
            "# generate\\(9, (\\d+)\\): (\\d+) givens, minimal;"
                + " decimate: .*; exact: \\d+ nodes, \\d+ backtracks");
    List<String> lines = text.lines().filter(l -> !l.startsWith("#")).toList();
    for (int i = 0; i < puzzles.size(); i++) {
      Grid p = puzzles.get(i);
      assertEquals(1, SolutionCounter.count(p, 2), "exactly one solution: " + p.toLine());
      Matcher m = rating.matcher(lines.get(i));
      assertTrue(m.find(), lines.get(i));
      assertEquals(40 + i, Long.parseLong(m.group(1)));
      assertEquals(p.givenCount(), Integer.parseInt(m.group(2)));
      assertEquals(
          PuzzleGenerator.generate(9, 40 + i), p, "the seed in the comment remakes the puzzle");
    }
    PuzzleBinding.Instance instance =
        new PuzzleBinding(
                "sudoku",
                java.util.Map.of(),
                fgc.compilation.AlgorithmSpec.defaults(),
                false,
                new fgc.cache.SolverCache(Path.of(cache()), m -> {}))
            .forSide(9);
    fgc.driver.ExactDriver exact = fgc.driver.ExactDriver.withDefaults();
    assertTrue(GenerateCommand.isMinimal(puzzles.get(0), instance, exact));
    assertTrue(
        !GenerateCommand.isMinimal(
            SolutionCounter.solve(puzzles.get(0)).orElseThrow(), instance, exact),
        "a full grid is not minimal");
  }

  @Test
  void generateRejectsASideItCannotMake() {
    assertEquals(2, cli.run("generate", "--size", "7", "--cache-dir", cache()));
    assertTrue(cli.err().contains("--size must be 4, 9, 16 or 25"), cli.err());
  }

  @Test
  void explainNamesWhatLearningRestartsAvoidAndTheDefaultAvoidsNothing() throws Exception {
    // A generated puzzle that decimate without probing solves after four contradictions.
    Path input = dir.resolve("in.txt");
    Files.writeString(
        input,
        ".....72.8356.....1.8...........963......25...19.......9..5..6.2.62..9.17..8......\n");
    assertEquals(
        0,
        cli.run(
            "solve",
            "--input",
            input.toString(),
            "--explain",
            "--learn",
            "--probe-depth",
            "0",
            "--cache-dir",
            cache()),
        cli.err());
    String learning = cli.out();
    assertTrue(learning.contains("#   contradiction"), learning);
    assertTrue(learning.contains("#   later attempts avoid cell["), learning);
    assertEquals(
        0,
        cli.run(
            "solve",
            "--input",
            input.toString(),
            "--explain",
            "--probe-depth",
            "0",
            "--cache-dir",
            cache()),
        cli.err());
    String plain = cli.out();
    assertTrue(plain.contains("#   contradiction"), plain);
    assertTrue(!plain.contains("avoid") && !plain.contains("probe"), plain);
    // Probing, the default, sets aside values that propagation refutes, and says which.
    assertEquals(
        0,
        cli.run("solve", "--input", input.toString(), "--explain", "--cache-dir", cache()),
        cli.err());
    String probing = cli.out();
    assertTrue(
        probing.contains("#   probe: cell[")
            && probing.contains("meets a dead end by propagation; set aside for this attempt"),
        probing);
    assertTrue(!probing.contains("avoid"), probing);
    assertEquals(
        0,
        cli.run(
            "solve",
            "--input",
            input.toString(),
            "--learn",
            "--fewest-first",
            "--cache-dir",
            cache()),
        cli.err());
    assertEquals(1, read(cli.out()).size(), cli.out());
  }

  @Test
  void explainListsTheDecisionsThatMadeTheAnswerAndStaysAPuzzleFile() throws Exception {
    Path input = dir.resolve("in.txt");
    Grid puzzle = PuzzleGenerator.generate(9, 4);
    Files.writeString(input, puzzle.toLine() + "\n");
    assertEquals(
        0,
        cli.run("solve", "--input", input.toString(), "--explain", "--cache-dir", cache()),
        cli.err());
    String out = cli.out();
    List<Grid> answers = read(out);
    assertEquals(1, answers.size(), "comments are skipped when the output is read back");
    Grid answer = answers.get(0);
    assertTrue(GridValidator.check(puzzle, answer).valid());
    assertTrue(out.startsWith("# puzzle 1 (line 1): 24 givens, driver decimate"), out);
    assertTrue(out.contains("# solved: "), out);
    // The decisions after the last restart are the answer's values, and they fill every blank not
    // fixed by BP alone.
    String lastAttempt = out.substring(Math.max(0, out.lastIndexOf("#   restart ")));
    Matcher m =
        Pattern.compile("cell\\[(\\d)\\]\\[(\\d)\\]\\s+= (\\d)\\s+margin (\\d\\.\\d+)")
            .matcher(lastAttempt);
    int decisions = 0;
    while (m.find()) {
      decisions++;
      int cell = Integer.parseInt(m.group(1)) * 9 + Integer.parseInt(m.group(2));
      assertEquals(0, puzzle.get(cell), "a decision is never about a given");
      assertEquals(answer.get(cell), Integer.parseInt(m.group(3)), m.group());
      double margin = Double.parseDouble(m.group(4));
      assertTrue(margin >= 0 && margin <= 1, m.group());
    }
    assertEquals(81 - puzzle.givenCount(), decisions, "decimation decides every blank");
  }

  @Test
  void marginalsFramesArePicturesOfTheChosenSweeps() throws Exception {
    Path input = dir.resolve("in.txt");
    Files.writeString(
        input,
        PuzzleGenerator.generate(9, 2).toLine()
            + "\n"
            + PuzzleGenerator.generate(4, 1).toLine()
            + "\n");
    Path png = dir.resolve("m.png");
    assertEquals(
        0,
        cli.run(
            "solve",
            "--input",
            input.toString(),
            "--marginals",
            png.toString(),
            "--sweep",
            "3,0",
            "--puzzle",
            "2",
            "-q",
            "--cache-dir",
            cache()),
        cli.err());
    for (String name : new String[] {"m-sweep0.png", "m-sweep3.png"}) {
      assertTrue(ImageIO.read(dir.resolve(name).toFile()).getWidth() > 100, name);
    }
    assertTrue(cli.err().contains("wrote " + dir.resolve("m-sweep0.png")), cli.err());
    Path svg = dir.resolve("c.svg");
    assertEquals(
        0,
        cli.run(
            "solve",
            "--input",
            input.toString(),
            "--marginals",
            svg.toString(),
            "--cache-dir",
            cache()),
        cli.err());
    assertTrue(
        Files.readString(svg).contains("puzzle 1 (line 1), maxproduct, converged after"),
        "one frame, after convergence");
  }

  @Test
  void badViewOptionsAreUsageErrors() {
    assertEquals(2, cli.run("solve", "--sweep", "3", "--cache-dir", cache()));
    assertTrue(cli.err().contains("give --marginals"), cli.err());
    assertEquals(
        2,
        cli.run("solve", "--marginals", dir.resolve("m.gif").toString(), "--cache-dir", cache()));
    assertTrue(cli.err().contains(".svg or .png"), cli.err());
    assertEquals(2, cli.run("solve", "--driver", "nope", "--cache-dir", cache()));
    assertTrue(cli.err().contains("known: decimate"), cli.err());
  }

  @Test
  void everyCommandDocumentsItsExitCodesAndTheVersionIsPrinted() {
    for (String command : new String[] {"solve", "compile", "show", "generate", "cache"}) {
      assertEquals(0, cli.run(command, "--help"));
      assertTrue(cli.out().contains("Exit codes: 0"), command + ": " + cli.out());
    }
    assertEquals(0, cli.run("solve", "--help"));
    for (String algorithm : AlgorithmSpec.knownAlgorithms()) {
      assertTrue(cli.out().contains(algorithm), "algorithms come from the registry: " + algorithm);
    }
    assertEquals(0, cli.run("--version"));
    assertTrue(cli.out().startsWith("fgc "), cli.out());
  }

  private static List<Grid> read(String text) throws Exception {
    List<Grid> grids = new ArrayList<>();
    try (PuzzleReader reader = PuzzleReader.of(new StringReader(text), "test")) {
      while (reader.hasNext()) {
        PuzzleReader.Entry e = reader.next();
        assertTrue(e.isPuzzle(), String.valueOf(e.error()));
        grids.add(e.grid());
      }
    }
    return grids;
  }

  @Test
  void theEliminationLineSaysItFitsOnlyWhenTheFitsLineListsElimination() throws Exception {
    fgc.model.Model m =
        FgcLanguage.parse("t.fg", "model t; var x[2] in 0..1; neq(x[0], x[1]);\n", Map.of());
    String fits = ShowCommand.elimination(m, ShowCommand.fitting(m));
    assertTrue(fits.endsWith("(exact inference fits)"), fits);
    // A plan whose solver is over the limits (the heap, a class's size) is not said to fit.
    String over = ShowCommand.elimination(m, List.of("none"));
    assertTrue(
        over.startsWith("width 1, largest clique 4 entries") && !over.contains("fits"), over);
  }
}
