package fgc.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.driver.Assignments;
import fgc.driver.Drivers;
import fgc.driver.SolveResult;
import fgc.lang.FgcLanguage;
import fgc.model.Evidence;
import fgc.model.Model;
import fgc.puzzles.EmbeddedPuzzles;
import fgc.puzzles.Grid;
import fgc.puzzles.GridValidator;
import fgc.puzzles.PuzzleGenerator;
import fgc.puzzles.PuzzleReader;
import fgc.runtime.Marginals;
import fgc.runtime.Solver;
import fgc.spark.models.ChainSumProduct;
import fgc.spark.models.CountingLatin4;
import fgc.spark.models.Latin4;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Spark in local mode on two cores: every answer checked valid, and the rows equal, line for line,
 * what a plain loop in this JVM gets with {@link Solver} directly.
 */
class FgcSparkTest {
  static final PrecompiledModel LATIN =
      PrecompiledModel.bundled("latin", Map.of("n", 4L), Latin4.class.getName());
  static final PrecompiledModel CHAIN =
      PrecompiledModel.bundled("chain", Map.of(), ChainSumProduct.class.getName());

  static SparkSession spark;

  @BeforeAll
  static void start() {
    spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("fgc spark test")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.sql.shuffle.partitions", "2")
            .config(
                "spark.local.dir", Paths.get("target", "spark-local").toAbsolutePath().toString())
            .getOrCreate();
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  /** What a row holds, for comparing Spark's rows with the plain loop's. */
  static List<Object> fields(Row row) {
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < row.length(); i++) {
      out.add(row.get(i));
    }
    return out;
  }

  private static List<String> corpus;

  /**
   * A few thousand generated puzzles (4x4 and 9x9), then the embedded ones of every size; made
   * once.
   */
  static synchronized List<String> puzzleCorpus() {
    if (corpus != null) {
      return corpus;
    }
    List<String> lines = new ArrayList<>();
    for (long seed = 0; seed < 2_500; seed++) {
      lines.add(PuzzleGenerator.generate(4, seed).toLine());
    }
    for (long seed = 0; seed < 300; seed++) {
      lines.add(PuzzleGenerator.generate(9, seed).toLine());
    }
    for (Grid g : EmbeddedPuzzles.all()) {
      lines.add(g.toLine());
    }
    corpus = List.copyOf(lines);
    return corpus;
  }

  /**
   * The rows of {@link FgcSpark#SOLVED} that a plain loop gets for puzzles, with Solver and
   * GridValidator.
   */
  static List<List<Object>> plainLoop(List<String> puzzles, String driverName) {
    Map<Integer, Solver> solvers = new HashMap<>();
    List<List<Object>> rows = new ArrayList<>();
    for (String line : puzzles) {
      Grid puzzle = PuzzleReader.of(new StringReader(line), "test").next().grid();
      int side = puzzle.side();
      Solver solver =
          solvers.computeIfAbsent(
              side,
              s ->
                  Solver.precompiled(
                      FgcLanguage.bundled("sudoku", Map.of("n", (long) puzzle.boxSize())),
                      newSudoku(s)));
      Evidence.Builder givens = Evidence.builder(solver.model());
      for (int k = 0; k < puzzle.cellCount(); k++) {
        if (puzzle.get(k) != 0) {
          givens.set("cell[" + k / side + "][" + k % side + "]", puzzle.get(k));
        }
      }
      SolveResult result = solver.solve(givens.build(), Drivers.named(driverName));
      if (!result.solved()) {
        rows.add(Arrays.asList(line, null, result.status().name(), null, null));
        continue;
      }
      Grid answer = Grid.of(side, Arrays.copyOf(result.values(), puzzle.cellCount()));
      GridValidator.Verdict verdict = GridValidator.check(puzzle, answer);
      rows.add(Arrays.asList(line, answer.toLine(), "SOLVED", verdict.valid(), verdict.reason()));
    }
    return rows;
  }

  static fgc.solver.GeneratedAlgorithm newSudoku(int side) {
    return switch (side) {
      case 4 -> new fgc.generated.Sudoku4();
      case 9 -> new fgc.generated.Sudoku9();
      default -> new fgc.generated.Sudoku16();
    };
  }

  static List<List<Object>> onSpark(List<String> lines, int partitions, String driver) {
    List<List<Object>> rows = new ArrayList<>();
    for (Row r :
        FgcSpark.solvePuzzles(FgcSpark.lines(spark, lines, partitions), driver).collectAsList()) {
      rows.add(fields(r));
    }
    return rows;
  }

  @Test
  void exactSearchOnTwoCoresEqualsAPlainLoopAndEveryAnswerIsValid() {
    List<String> corpus = puzzleCorpus();
    List<List<Object>> spark = onSpark(corpus, 8, "exact");
    assertEquals(plainLoop(corpus, "exact"), spark);
    for (List<Object> row : spark) {
      assertEquals("SOLVED", row.get(2), () -> "not solved: " + row.get(0));
      assertEquals(true, row.get(3), () -> row.get(0) + ": " + row.get(4));
    }
  }

  @Test
  void decimationOnTwoCoresEqualsAPlainLoopAndEveryAnswerGivenIsValid() {
    List<String> corpus =
        puzzleCorpus()
            .subList(2_000, 2_800 + EmbeddedPuzzles.all().size()); // 4x4, 9x9, the embedded ones
    List<List<Object>> spark = onSpark(corpus, 5, "decimate");
    assertEquals(plainLoop(corpus, "decimate"), spark);
    long solved = 0;
    for (List<Object> row : spark) {
      if (row.get(1) != null) {
        assertEquals(true, row.get(3), () -> row.get(0) + ": " + row.get(4));
        solved++;
      }
    }
    assertTrue(
        solved > corpus.size() * 9 / 10,
        "decimation solved only " + solved + " of " + corpus.size());
  }

  @Test
  void badLinesGetARowThatSaysWhyAndCommentsGetNone() {
    String clash = "11" + ".".repeat(14);
    List<String> lines =
        Arrays.asList(
            "# a comment", "", ".".repeat(80), ".".repeat(625), clash, null, "1234?...........");
    List<Row> rows =
        FgcSpark.solvePuzzles(FgcSpark.lines(spark, lines, 2), "exact").collectAsList();
    assertEquals(5, rows.size(), rows.toString());
    assertEquals(
        Arrays.asList(".".repeat(80), null, "BAD_INPUT", null), fields(rows.get(0)).subList(0, 4));
    assertTrue(rows.get(0).getString(4).contains("80"), rows.get(0).getString(4));
    assertEquals("BAD_INPUT", rows.get(1).getString(2));
    assertTrue(
        rows.get(1).getString(4).contains("no precompiled Sudoku solver for 25x25"),
        rows.get(1).getString(4));
    assertEquals(clash, rows.get(2).getString(0));
    assertTrue(rows.get(2).isNullAt(1));
    assertEquals("BAD_INPUT", rows.get(2).getString(2), "the reader refuses clashing givens");
    assertTrue(
        rows.get(2).getString(4).contains("1 appears twice in row 1"), rows.get(2).getString(4));
    assertTrue(rows.get(2).isNullAt(3), "no answer, so nothing checked");
    assertTrue(rows.get(3).isNullAt(0));
    assertEquals("BAD_INPUT", rows.get(3).getString(2));
    assertEquals("BAD_INPUT", rows.get(4).getString(2));
    assertTrue(rows.get(4).getString(4).contains("'?'"), rows.get(4).getString(4));
  }

  @Test
  void anUnknownDriverOrAMissingClassFailsBeforeAnyTask() {
    Throwable driver =
        assertThrows(
            IllegalArgumentException.class,
            () -> FgcSpark.solvePuzzles(FgcSpark.lines(spark, List.of("."), 1), "fastest"));
    assertTrue(driver.getMessage().contains("known: decimate"), driver.getMessage());
    PrecompiledModel missing =
        PrecompiledModel.bundled("latin", Map.of("n", 4L), "com.acme.NoSuchSolver");
    Throwable cls =
        assertThrows(
            IllegalArgumentException.class,
            () -> FgcSpark.solveEvidence(FgcSpark.lines(spark, List.of(""), 1), missing, "exact"));
    assertTrue(
        cls.getMessage().contains("com.acme.NoSuchSolver is not on the class path"),
        cls.getMessage());
    PrecompiledModel notASolver =
        PrecompiledModel.bundled("latin", Map.of("n", 4L), String.class.getName());
    Throwable type =
        assertThrows(
            IllegalArgumentException.class,
            () -> FgcSpark.marginals(FgcSpark.lines(spark, List.of(""), 1), notASolver));
    assertTrue(type.getMessage().contains("is not a generated solver"), type.getMessage());
    PrecompiledModel otherModel =
        PrecompiledModel.bundled("latin", Map.of("n", 5L), Latin4.class.getName());
    Throwable other =
        assertThrows(
            IllegalArgumentException.class,
            () -> FgcSpark.marginals(FgcSpark.lines(spark, List.of(""), 1), otherModel));
    assertTrue(other.getMessage().contains("generated for another model"), other.getMessage());
  }

  /** Seeded evidence lines for the 4x4 Latin square: up to five observations, some clashing. */
  static List<String> latinLines(int count) {
    SplittableRandom random = new SplittableRandom(19);
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      StringBuilder sb = new StringBuilder();
      boolean[] seen = new boolean[16];
      for (int k = random.nextInt(6); k > 0; k--) {
        int cell = random.nextInt(16);
        if (!seen[cell]) {
          seen[cell] = true;
          sb.append(sb.length() == 0 ? "" : "  ")
              .append("x[")
              .append(cell / 4)
              .append("][")
              .append(cell % 4)
              .append("]=")
              .append(1 + random.nextInt(4));
        }
      }
      lines.add(sb.toString());
    }
    return lines;
  }

  @Test
  void evidenceLinesOfAnyModelEqualAPlainLoopWithOneSolverPerPartition() {
    List<String> lines = latinLines(400);
    Model model = FgcLanguage.bundled("latin", Map.of("n", 4L));
    Solver solver = Solver.precompiled(model, new Latin4());
    List<List<Object>> expected = new ArrayList<>();
    for (String line : lines) {
      Evidence evidence = Evidence.none(model);
      for (String token : line.split("\\s+")) {
        evidence = token.isEmpty() ? evidence : FgcLanguage.observe(model, evidence, token);
      }
      SolveResult r = solver.search(evidence);
      if (!r.solved()) {
        expected.add(Arrays.asList(line, null, r.status().name(), null, null));
        continue;
      }
      StringBuilder answer = new StringBuilder();
      for (int v = 0; v < model.variableCount(); v++) {
        answer
            .append(v == 0 ? "" : " ")
            .append(model.variableName(v))
            .append('=')
            .append(r.values()[v]);
        assertTrue(!evidence.isObserved(v) || evidence.value(v) == r.values()[v]);
      }
      assertNull(Assignments.firstViolation(model, r.values()));
      expected.add(Arrays.asList(line, answer.toString(), "SOLVED", true, null));
    }

    CountingLatin4.MADE.set(0);
    PrecompiledModel counting =
        PrecompiledModel.bundled("latin", Map.of("n", 4L), CountingLatin4.class.getName());
    List<List<Object>> rows = new ArrayList<>();
    for (Row r :
        FgcSpark.solveEvidence(FgcSpark.lines(spark, lines, 4), counting, "exact")
            .collectAsList()) {
      rows.add(fields(r));
    }
    assertEquals(expected, rows);
    assertEquals(
        1 + 4,
        CountingLatin4.MADE.get(),
        "one solver for the check on the driver, then one per partition");
    assertTrue(rows.stream().anyMatch(r -> !"SOLVED".equals(r.get(2))), "some lines clash");
  }

  @Test
  void badObservationsSayWhichColumnAndWhy() {
    List<String> lines =
        List.of(
            "x[0][0]=1 x[4][0]=1",
            "x[0][0]=1 x[0][0]=2",
            "y=1",
            "x[0][0]=9",
            "x[0][0]=1 x[0][0]=1",
            "# skipped",
            "x[0][0]=1 # a note after the evidence");
    List<Row> rows =
        FgcSpark.solveEvidence(FgcSpark.lines(spark, lines, 2), LATIN, "exact").collectAsList();
    assertEquals(6, rows.size());
    assertEquals(
        "column 13 (x[4][0]=1): index 4 is out of range 0..3 in dimension 1 of 'x'",
        rows.get(0).getString(4));
    assertEquals(
        "column 11 (x[0][0]=2): x[0][0] is given twice on this line", rows.get(1).getString(4));
    assertTrue(
        rows.get(2)
            .getString(4)
            .startsWith("column 1 (y=1): model latin has no variable array 'y'"),
        rows.get(2).getString(4));
    assertTrue(
        rows.get(3)
            .getString(4)
            .startsWith("column 9 (x[0][0]=9): x[0][0] = 9 is outside its domain"),
        rows.get(3).getString(4));
    // The one evidence-line format (fgc run --input's): a variable named twice is an error.
    assertEquals(
        "column 11 (x[0][0]=1): x[0][0] is given twice on this line", rows.get(4).getString(4));
    for (int i = 0; i < 5; i++) {
      assertEquals("BAD_INPUT", rows.get(i).getString(2));
      assertTrue(rows.get(i).isNullAt(1));
    }
    assertEquals("SOLVED", rows.get(5).getString(2), "a comment after the evidence is no error");
    assertEquals(true, rows.get(5).getAs("valid"));
  }

  @Test
  void marginalsEqualAPlainLoopAndPassTheirCheck() {
    SplittableRandom random = new SplittableRandom(3);
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      StringBuilder sb = new StringBuilder();
      for (int t = 0; t < 6; t++) {
        if (random.nextInt(3) > 0) {
          sb.append("seen[").append(t).append("]=").append(random.nextInt(2)).append(' ');
        }
      }
      lines.add(sb.toString());
    }
    Model model = FgcLanguage.bundled("chain", Map.of());
    Solver solver = Solver.precompiled(model, new ChainSumProduct());
    List<Row> rows = FgcSpark.marginals(FgcSpark.lines(spark, lines, 3), CHAIN).collectAsList();
    assertEquals(lines.size(), rows.size());
    for (int i = 0; i < lines.size(); i++) {
      Row row = rows.get(i);
      Evidence evidence = Evidence.none(model);
      for (String token : lines.get(i).trim().split("\\s+")) {
        evidence = token.isEmpty() ? evidence : FgcLanguage.observe(model, evidence, token);
      }
      Marginals m = solver.marginals(evidence);
      assertEquals(lines.get(i), row.getString(0));
      assertEquals("CONVERGED", row.getString(1));
      assertEquals(m.sweeps(), row.getInt(2));
      scala.collection.Map<String, scala.collection.Seq<Object>> beliefs = row.getMap(3);
      assertEquals(model.variableCount(), beliefs.size());
      for (int v = 0; v < model.variableCount(); v++) {
        scala.collection.Seq<Object> got = beliefs.apply(model.variableName(v));
        double[] want = m.of(v);
        assertEquals(want.length, got.length());
        for (int k = 0; k < want.length; k++) {
          assertEquals(
              want[k], (double) got.apply(k), 0.0, lines.get(i) + " " + model.variableName(v));
        }
      }
      assertEquals(true, row.getAs("valid"), () -> row.getString(5));
    }
  }

  @Test
  void theMarginalsCheckCatchesBeliefsThatAreNotDistributions() {
    PrecompiledModel broken =
        PrecompiledModel.bundled("chain", Map.of(), fgc.spark.models.HalvedChain.class.getName());
    Row row =
        FgcSpark.marginals(FgcSpark.lines(spark, List.of("seen[0]=1"), 1), broken)
            .collectAsList()
            .get(0);
    assertEquals(false, row.getAs("valid"));
    assertEquals("weather[0]'s belief sums to 0.5", row.getString(5));
  }

  @Test
  void theJobWritesOneRowPerPuzzleAndNeverWritesOverItsOutput(
      @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Path input = dir.resolve("puzzles.txt");
    List<String> puzzles = puzzleCorpus().subList(2_490, 2_510);
    Files.write(input, puzzles);
    Path output = dir.resolve("out");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    SolveJob.Options options =
        SolveJob.Options.parse(input.toString(), output.toString(), "--partitions", "3");
    int code =
        SolveJob.run(
            spark,
            options,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    String printed = out.toString(StandardCharsets.UTF_8);
    assertEquals(0, code, printed + "\n" + err.toString(StandardCharsets.UTF_8));
    assertTrue(printed.startsWith("20 puzzle line(s) in "), printed);
    assertTrue(printed.contains(": 20 solved and checked valid"), printed);
    List<Row> written =
        spark.read().json(output.toString()).select("input", "answer", "valid").collectAsList();
    assertEquals(20, written.size());
    for (Row r : written) {
      assertTrue(puzzles.contains(r.getString(0)));
      assertTrue(r.getBoolean(2));
      assertTrue(
          GridValidator.check(
                  Grid.of(r.getString(0).length() == 16 ? 4 : 9, parse(r.getString(0))),
                  Grid.of(r.getString(1).length() == 16 ? 4 : 9, parse(r.getString(1))))
              .valid());
    }

    List<String> before;
    try (var files = Files.list(output)) {
      before = files.map(Path::toString).sorted().toList();
    }
    err.reset();
    assertEquals(
        2,
        SolveJob.run(
            spark,
            options,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8)));
    assertTrue(
        err.toString(StandardCharsets.UTF_8).contains("already exists"),
        err.toString(StandardCharsets.UTF_8));
    try (var files = Files.list(output)) {
      assertEquals(before, files.map(Path::toString).sorted().toList());
    }

    Files.write(input, List.of(puzzles.get(0), "not a puzzle"));
    SolveJob.Options second =
        SolveJob.Options.parse(
            input.toString(), dir.resolve("out2").toString(), "--driver", "decimate");
    assertEquals(
        1,
        SolveJob.run(
            spark,
            second,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8)));
  }

  @Test
  void theJobRefusesBadOptions() {
    assertThrows(IllegalArgumentException.class, () -> SolveJob.Options.parse("in"));
    assertThrows(
        IllegalArgumentException.class,
        () -> SolveJob.Options.parse("in", "out", "--driver", "fastest"));
    assertThrows(
        IllegalArgumentException.class,
        () -> SolveJob.Options.parse("in", "out", "--partitions", "0"));
    assertThrows(
        IllegalArgumentException.class,
        () -> SolveJob.Options.parse("in", "out", "--format", "xml"));
  }

  private static int[] parse(String line) {
    int side = line.length() == 16 ? 4 : 9;
    int[] cells = new int[line.length()];
    for (int k = 0; k < cells.length; k++) {
      cells[k] = line.charAt(k) == '.' ? 0 : fgc.puzzles.Symbols.valueOf(side, line.charAt(k));
    }
    return cells;
  }
}
