package fgc.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import fgc.algorithms.Algorithm;
import fgc.algorithms.Algorithms;
import fgc.compilation.AlgorithmSpec;
import fgc.compilation.CompiledSolver;
import fgc.model.Limits;
import fgc.model.Model;
import fgc.plan.Footprint;
import fgc.plan.PlanException;
import fgc.plan.SolverLimits;
import fgc.plan.TooLargeException;
import fgc.solver.GeneratedAlgorithm;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The compiler's limits ({@link SolverLimits}): models up to the model limits ({@link Limits}) are
 * planned, and either fit (the smaller ones are compiled and swept here) or are refused before any
 * code is written, with a message that names the model, the algorithm and the limit; nothing else
 * is thrown. The footprint the planner adds up bounds the class it describes.
 */
class SolverLimitsTest {
  /** The refusals the planner documents, by the words that start or end them. */
  private static final Pattern DOCUMENTED =
      Pattern.compile(
          "("
              + alternatives()
              + ") cannot take model .+: .+"
              + "|(sumproduct|maxproduct) computes exact factor"
              + " messages over subsets of the \\d+ values .+"
              + "|factor \\d+ \\(alldiff\\) needs \\d+ different"
              + " values but the model has only \\d+: it can never hold"
              + "|"
              + Pattern.quote(fgc.plan.Planner.pairwiseBp())
              + " (takes table factors over 1 or 2 variables|has no messages for).+",
          Pattern.DOTALL);

  /**
   * Every algorithm's name, and the pairwise plan's name for them all, as alternatives of a
   * pattern.
   */
  private static String alternatives() {
    StringBuilder names = new StringBuilder(Pattern.quote(fgc.plan.Planner.pairwiseBp()));
    for (String name : Algorithms.names()) {
      names.append('|').append(Pattern.quote(name));
    }
    return names.toString();
  }

  /**
   * Classes up to this size are compiled and swept by the sweep (larger ones take seconds each).
   */
  private static final long COMPILE_BELOW = 128L << 10;

  /**
   * Variables of the largest models swept here: Limits.MAX_VARIABLES (2^24) under every algorithm
   * would take minutes and gigabytes; past this size the planner's limits and the heap decide, and
   * the refusals for them have tests of their own.
   */
  private static final int SWEPT_VARIABLES = 100_000;

  @Test
  void modelsPastTheMessageArrayAreRefusedBeforeAnyCodeIsWritten() {
    // 9 alldiffs of 1024 variables over 256 values: 9.4 million directed edges, 2.4e9 message
    // entries; before, 75 MB of source and 18 s of Janino ended in an internal error.
    Model blocks = SizeModels.blocks(9, 1024, 1, 256);
    for (String algorithm : new String[] {"bp-pairwise", "ep-dirichlet"}) {
      PlanException e =
          assertTimeoutPreemptively(
              Duration.ofSeconds(20),
              () ->
                  assertThrows(
                      PlanException.class,
                      () -> ModelCompiler.generateSource(blocks, AlgorithmSpec.named(algorithm))));
      assertEquals(
          algorithm
              + " cannot take model blocks (9,216 variables of up to 256 values, 9 factors):"
              + " its messages array would need"
              + " 2,413,559,808 entries (up to 9,427,968 directed edges x 256 values),"
              + " over the 2,147,483,639 of the largest array the JVM"
              + " allocates; no other algorithm fits",
          e.getMessage());
    }
    // Sudoku 14x14 boxes: the messages would need 4.2e9 entries (the int product overflowed
    // before),
    // 4.4e9 as counted from the pairs the families join (a pair in a row and a box counted twice).
    Model sudoku = TestModels.sudoku(14);
    PlanException e =
        assertTimeoutPreemptively(
            Duration.ofSeconds(20),
            () ->
                assertThrows(
                    PlanException.class,
                    () ->
                        ModelCompiler.generateSource(sudoku, AlgorithmSpec.named("bp-pairwise"))));
    assertTrue(
        e.getMessage()
            .startsWith(
                "bp-pairwise cannot take model sudoku"
                    + " (38,416 variables of up to 196 values, 588 factors):"
                    + " its messages array would need 4,404,778,560 entries"),
        e.getMessage());
  }

  @Test
  void maxProductPlansSudokuOfTwoHundredFiftySixValuesAndRefusesAHeapTooSmallForItsMessages() {
    // Box size 16: 256 values (the language's limit; the observed values of a factor used to be one
    // long, 64 values), 768 alldiffs of 256 cells, 196,608 edges x 256 values of messages.
    Model sudoku = TestModels.sudoku(16);
    Footprint footprint = planned(Algorithms.named("maxproduct"), sudoku);
    footprint.check(4L << 30);
    assertTrue(
        footprint.stateBytes() >= 196_608L * 256 * Double.BYTES
            && footprint.heapBytes() < (1L << 30),
        footprint.stateBytes() + " bytes of state, " + footprint.heapBytes() + " of heap");
    TooLargeException e = assertThrows(TooLargeException.class, () -> footprint.check(512L << 20));
    assertEquals(
        "maxproduct cannot take model sudoku"
            + " (65,536 variables of up to 256 values, 768 factors): its toVariable array alone"
            + " would take 384.0 MiB, over half of this JVM's 512.0 MiB heap,"
            + " the most its collector can be counted on to place in one"
            + " piece; a larger heap (java -Xmx, e.g. JAVA_TOOL_OPTIONS=-Xmx2g) may take it",
        e.getMessage());
  }

  @Test
  void pairwiseBpRefusesToCollectMorePairsThanHalfTheHeapHolds() {
    // The same Sudoku joins 25 million pairs (768 alldiffs of 256 cells): 383 MiB to collect and
    // sort, which ran a 512 MiB JVM out of memory (a stack trace) before the messages were sized.
    Model sudoku = TestModels.sudoku(16);
    TooLargeException e =
        assertThrows(
            TooLargeException.class,
            () -> fgc.plan.Planner.pairwise(sudoku, "bp-pairwise", 512L << 20));
    assertEquals(
        "bp-pairwise cannot take model sudoku"
            + " (65,536 variables of up to 256 values, 768 factors): collecting its"
            + " 25,067,520 pairs of variables would take 382.5 MiB,"
            + " over half of this JVM's 512.0 MiB heap; a larger heap"
            + " (java -Xmx, e.g. JAVA_TOOL_OPTIONS=-Xmx2g) may take it",
        e.getMessage());
    // With room for the pairs, the plan goes on to size the messages, past the largest array: from
    // the pairs its families join, a pair in a row and a box counted twice (24,084,480 distinct).
    e =
        assertThrows(
            TooLargeException.class,
            () -> fgc.plan.Planner.pairwise(sudoku, "bp-pairwise", 4L << 30));
    assertTrue(
        e.getMessage().contains("its messages array would need 12,834,570,240 entries"),
        e.getMessage());
  }

  /**
   * The footprint {@link ModelCompiler} checks, sweep included, without its check against this
   * JVM's heap.
   */
  private static <P> Footprint planned(Algorithm<P> algorithm, Model model) {
    return footprint(algorithm, model).sweep(algorithm.sweepCost(model));
  }

  @Test
  void aClassPastTheCachesLargestFileIsRefusedNamingItsLargestTableAsItIsWritten() {
    // 9 alldiffs of 1024 variables over 2 values: 9.4 million directed edges, whose reverse-edge
    // table was 71 MiB of decimal text and refused; packed, the whole class is a few hundred KB.
    Footprint blocks =
        ModelCompiler.footprint(
            SizeModels.blocks(9, 1024, 0, 1), AlgorithmSpec.named("bp-pairwise"));
    assertTrue(
        blocks.classBytes() < (1 << 20) && blocks.sourceBytes() < (1 << 20),
        blocks.classBytes() + " bytes");
    // Eight tables of 2^20 random weights: 8.4 million doubles that pack to no less than their
    // bits. Checked by the one algorithm (the refusal of the compiler tries the others too).
    TooLargeException e =
        assertThrows(
            TooLargeException.class,
            () ->
                footprint(
                        Algorithms.of(AlgorithmSpec.named("sumproduct")),
                        SizeModels.wideTables(8, 20, 2, 1))
                    .check());
    assertTrue(
        e.getMessage()
            .matches(
                "sumproduct cannot take model wide"
                    + " \\(160 variables of up to 2 values, 8 factors\\):"
                    + " its class would take about (7\\d|8\\d)\\.\\d MiB"
                    + " \\(the largest table, WEIGHTS, holds 8,388,608 entries"
                    + " in about (7\\d|8\\d)\\.\\d MiB\\),"
                    + " over the 64.0 MiB limit of a class \\(the cache's largest file\\)"),
        e.getMessage());
  }

  private static <P> Footprint footprint(Algorithm<P> algorithm, Model model) {
    P plan = algorithm.plan(model);
    return Emitters.of(algorithm)
        .footprint(plan, algorithm.lower(plan, AlgorithmSpec.named(algorithm.name())), model);
  }

  @Test
  void aSweepPastTheBudgetIsRefusedAndALongSumIsEstimated() {
    // 40,000 alldiffs of 16 of 1000 variables over 16 values: the subset passes cost 3 x 16 x 2^16
    // a factor, 1.3e11 a sweep; max-product's assignment solves cost 2 x 16^3, pairwise BP's at
    // most
    // 499,500 pairs 6 x 16 each.
    fgc.model.ModelBuilder b = Model.builder("many");
    fgc.model.VariableArray x = b.variables("x", fgc.model.Domain.range(1, 16), 1000);
    java.util.Random random = new java.util.Random(1);
    for (int f = 0; f < 40_000; f++) {
      int[] scope = random.ints(0, 1000).distinct().limit(16).map(x::at).toArray();
      b.alldiff(scope);
    }
    Model many = b.build();
    TooLargeException e =
        assertThrows(
            TooLargeException.class,
            () -> ModelCompiler.footprint(many, AlgorithmSpec.named("sumproduct")));
    assertTrue(
        e.getMessage()
            .matches(
                "sumproduct cannot take model many"
                    + " \\(1,000 variables of up to 16 values, 40,000 factors\\):"
                    + " one sweep would take about 1\\.\\de11 operations, 3\\.\\de6"
                    + " in factor \\d+ \\(alldiff over 16 variables of 16 values\\),"
                    + " over the budget of 1\\.0e11 per sweep; "
                    + Pattern.quote(TestModels.othersThatFit(many, "sumproduct"))),
        e.getMessage());
    assertTrue(
        e.getMessage().contains("; maxproduct, bp-pairwise"),
        "the factor-node and pairwise alternatives fit: " + e.getMessage());
    fgc.plan.SweepCost sum = fgc.plan.SweepCost.factorNodes(SizeModels.longSum(1024, 16), false);
    // 3 x 16 x (1024 + 15 x 1024 x 1023 / 2) for the passes, 2 x 1024 x 16 for the stores and
    // incoming products.
    assertEquals(3L * 16 * (1024 + 15L * 1024 * 1023 / 2) + 2L * 1024 * 16, sum.operations());
    assertEquals("most of it in factor 0 (sum over 1024 variables of 16 values)", sum.dominant());
  }

  @Test
  void everyAlgorithmPlansEveryModelSizeUpToTheLimitsOrRefusesIt() throws Exception {
    Map<String, Model> models = new LinkedHashMap<>();
    for (int n :
        new int[] {
          2, 3, 5, 8, 10, 16
        }) { // 16: the most values a domain may have (12 has a test of its own)
      models.put("sudoku n=" + n, TestModels.sudoku(n));
    }
    for (int blocks : new int[] {1, 8, 65, SWEPT_VARIABLES / Limits.MAX_ARITY}) {
      models.put(
          blocks + " alldiffs of the most variables over 256 values",
          SizeModels.blocks(blocks, Limits.MAX_ARITY, 1, Limits.MAX_DOMAIN));
    }
    models.put("2 alldiffs of 1024 over 2 values", SizeModels.blocks(2, Limits.MAX_ARITY, 1, 2));
    models.put(
        "a ring of 100,000 variables, 256 values",
        SizeModels.ring(SWEPT_VARIABLES, 1, 0, Limits.MAX_DOMAIN - 1));
    models.put("a ring of a million factors, 2 values", SizeModels.ring(SWEPT_VARIABLES, 10, 0, 1));
    models.put("a table of the most entries, 2 values", SizeModels.wideTable(20, 2, 1));
    models.put("a table of the most entries, 32 values", SizeModels.wideTable(4, 32, 2));
    models.put("pair tables", SizeModels.pairTables(8, 64, 3));
    for (int values : new int[] {2, 16, 64, Limits.MAX_DOMAIN}) {
      models.put(
          "a sum of the most variables, " + values + " values",
          SizeModels.longSum(Limits.MAX_ARITY, values));
    }
    models.put("a mixed chain", SizeModels.mixed(40, 16, 4));
    int accepted = 0;
    int refused = 0;
    for (Map.Entry<String, Model> entry : models.entrySet()) {
      for (String algorithm : AlgorithmSpec.knownAlgorithms()) {
        AlgorithmSpec spec = AlgorithmSpec.named(algorithm);
        String what = algorithm + " on " + entry.getKey();
        Footprint footprint;
        try {
          footprint = ModelCompiler.footprint(entry.getValue(), spec);
        } catch (PlanException e) {
          assertTrue(DOCUMENTED.matcher(e.getMessage()).matches(), what + ": " + e.getMessage());
          refused++;
          continue;
        } catch (Throwable t) {
          fail(what + " threw " + t, t);
          return;
        }
        accepted++;
        assertTrue(footprint.largestArrayEntries() <= SolverLimits.MAX_ARRAY_ENTRIES, what);
        assertTrue(footprint.classBytes() <= SolverLimits.MAX_CLASS_BYTES, what);
        assertTrue(footprint.sourceBytes() <= SolverLimits.MAX_CLASS_BYTES, what);
        if (footprint.classBytes() < COMPILE_BELOW && footprint.stateBytes() < (64L << 20)) {
          GeneratedAlgorithm solver =
              DifferentialTest.instantiate(ModelCompiler.compile(entry.getValue(), spec));
          solver.update(1);
          double[] p = new double[solver.domainSize(0)];
          solver.marginal(0, p);
          assertEquals(1.0, java.util.Arrays.stream(p).sum(), 1e-9, what);
        }
      }
    }
    assertTrue(accepted > 10 && refused > 10, accepted + " accepted, " + refused + " refused");
  }

  @Test
  void theFootprintBoundsTheClassItDescribes() throws Exception {
    Map<String, Model> models = new LinkedHashMap<>();
    for (int n : new int[] {2, 3, 4, 6}) {
      models.put("sudoku n=" + n, TestModels.sudoku(n));
    }
    models.put("mixed", SizeModels.mixed(60, 16, 5));
    models.put("mixed wide", SizeModels.mixed(30, 64, 6));
    models.put("mixed narrow", SizeModels.mixed(30, 4, 9));
    models.put("wide table", SizeModels.wideTable(10, 2, 8));
    models.put("long sum", SizeModels.longSum(200, 8));
    models.put("ring", SizeModels.ring(2000, 3, 0, 3));
    for (Map.Entry<String, Model> entry : models.entrySet()) {
      for (String algorithm : AlgorithmSpec.knownAlgorithms()) {
        AlgorithmSpec spec = AlgorithmSpec.named(algorithm);
        Footprint footprint;
        try {
          footprint = ModelCompiler.footprint(entry.getValue(), spec);
        } catch (PlanException e) {
          continue; // refusals are the sweep's business
        }
        CompiledSolver compiled = ModelCompiler.compile(entry.getValue(), spec);
        byte[] bytes = compiled.classes().get(compiled.className());
        ClassFileFacts facts = ClassFileFacts.read(bytes);
        String what = algorithm + " on " + entry.getKey();
        assertTrue(
            bytes.length <= footprint.classBytes(),
            what + ": class " + bytes.length + " > " + footprint.classBytes());
        assertTrue(
            footprint.classBytes() - bytes.length < (48 << 10),
            what + ": class " + bytes.length + " of " + footprint.classBytes());
        assertTrue(
            compiled.source().length() <= footprint.sourceBytes(),
            what + ": source " + compiled.source().length());
        assertTrue(
            footprint.sourceBytes() - compiled.source().length() < (64 << 10),
            what + ": source " + compiled.source().length());
        assertTrue(
            facts.constantPoolCount - 1 <= footprint.constantPoolEntries(), what + ": constants");
        assertTrue(
            facts.codeBytesByMethod.get("<clinit>()V") <= footprint.initializerBytes(),
            what + ": initialiser");
      }
    }
  }
}
