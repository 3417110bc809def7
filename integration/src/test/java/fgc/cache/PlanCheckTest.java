package fgc.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.compilation.AlgorithmSpec;
import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.model.Model;
import fgc.solver.GeneratedAlgorithm;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A class is tied to its model by the plan digest: a genuine class of another model with the same
 * variables, its key written into its bytes and its manifest sealed again, passes every byte check
 * and the smoke run, and is refused at the plan check by a load and by verify. And the smoke run
 * tells a class's fault from the model's: a model whose own weights make the start degenerate is
 * not a corrupt class.
 */
class PlanCheckTest {
  private static final Model CHAIN =
      FgcLanguage.bundled("chain", Map.of(), DataSet.example("umbrella"));

  /** The same variables, another transition table. */
  private static final Model CHAIN_B =
      FgcLanguage.parse(
          "chainB.fg",
          FgcLanguage.bundledText("chain").replace("[0.7, 0.3, 0.3, 0.7]", "[0.2, 0.8, 0.8, 0.2]"),
          Map.of(),
          DataSet.example("umbrella"));

  private static final AlgorithmSpec SUMPRODUCT = AlgorithmSpec.named(AlgorithmSpec.SUMPRODUCT);

  @TempDir java.nio.file.Path root;

  private final List<String> notices = new ArrayList<>();

  @Test
  void anotherModelsClassWithThisKeyWrittenInIsRefusedAtThePlanCheckAndRecompiled()
      throws Exception {
    refusedAtThePlanCheck(SUMPRODUCT);
  }

  @Test
  void eliminationEntriesAreStoredAndCheckedLikeTheOthers() throws Exception {
    // Stored (the doctored entry is found on disk), refused at the plan check, then a hit again.
    refusedAtThePlanCheck(AlgorithmSpec.named(AlgorithmSpec.ELIMINATION));
  }

  private void refusedAtThePlanCheck(AlgorithmSpec spec) throws Exception {
    SolverCache cache = new SolverCache(root, notices::add);
    String keyA = cache.load(CHAIN, spec).key();
    String keyB = cache.load(CHAIN_B, spec).key();
    String answerA = marginals(cache.load(CHAIN, spec));
    assertFalse(
        answerA.equals(marginals(cache.load(CHAIN_B, spec))), "the two models' marginals differ");
    CacheFixtures.doctor(
        cache.entryFolder(keyA), keyA, CacheFixtures.snapshot(cache.entryFolder(keyB)), keyB);

    List<EntryInfo> report = cache.verify(false);
    EntryInfo a = report.stream().filter(e -> e.key().equals(keyA)).findFirst().orElseThrow();
    EntryInfo b = report.stream().filter(e -> e.key().equals(keyB)).findFirst().orElseThrow();
    assertTrue(
        a.problem() != null && a.problem().contains("made for another model"),
        String.valueOf(a.problem()));
    assertEquals(null, b.problem());

    notices.clear();
    LoadedSolver loaded = cache.load(CHAIN, spec);
    assertEquals(LoadedSolver.Origin.RECOVERED, loaded.origin());
    assertEquals(LoadStage.PLAN, loaded.rejectedAt());
    assertEquals(answerA, marginals(loaded), "the model's own marginals, not the other model's");
    assertEquals(1, notices.size(), notices.toString());
    assertTrue(
        notices.get(0).contains("failed its check")
            && notices.get(0).contains("made for another model"),
        notices.get(0));
    assertEquals(LoadedSolver.Origin.CACHE_HIT, cache.load(CHAIN, spec).origin());
  }

  @Test
  void aHitIsCheckedWithoutAnInstanceAndItsFirstInstanceIsSmokeRunThenRecompiledWhenItFails()
      throws Exception {
    SolverCache cache = new SolverCache(root, notices::add);
    Model model = CacheFixtures.SUDOKU4;
    LoadedSolver genuine = cache.load(model, CacheFixtures.BP);
    String key = genuine.key();
    String digest = genuine.newInstance().planDigest();
    String answer = CacheFixtures.answers(genuine);
    java.nio.file.Path entry = cache.entryFolder(key);
    Manifest manifest =
        Manifest.parse(java.nio.file.Files.readAllBytes(entry.resolve(Manifest.FILE_NAME)));
    // A class that reports the entry's key and the model's digest as its constants, so that only
    // the smoke run of an instance can tell it from the genuine one: its start is not a
    // distribution where the model's is.
    int dot = manifest.className.lastIndexOf('.');
    String source =
        "package "
            + manifest.className.substring(0, dot)
            + ";\n"
            + "public final class "
            + manifest.className.substring(dot + 1)
            + " implements fgc.solver.GeneratedAlgorithm {\n"
            + "  public static final String KEY = \""
            + key
            + "\";\n"
            + "  public static final String PLAN_DIGEST = \""
            + digest
            + "\";\n"
            + "  public String key() { return KEY; }\n"
            + "  public String planDigest() { return PLAN_DIGEST; }\n"
            + "  public String algorithm() { return \""
            + CacheFixtures.BP.name()
            + "\"; }\n"
            + "  public int variableCount() { return "
            + model.variableCount()
            + "; }\n"
            + "  public int lowestValue(int i) { return "
            + model.domainOf(0).lo()
            + "; }\n"
            + "  public int domainSize(int i) { return "
            + model.domainOf(0).size()
            + "; }\n"
            + "  public void setObserved(int i, int v) {}\n"
            + "  public void clearObserved(int i) {}\n"
            + "  public void clearAllObserved() {}\n"
            + "  public void reset() {}\n"
            + "  public void resetWithNoise(long seed, double scale) {}\n"
            + "  public double update(int sweeps) { return 0; }\n"
            + "  public int sweepsDone() { return 0; }\n"
            + "  public void marginal(int i, double[] out)"
            + " { java.util.Arrays.fill(out, Double.NaN); }\n"
            + "  public boolean contradiction() { return false; }\n"
            + "}\n";
    Map<String, byte[]> forged =
        fgc.compiler.backend.JaninoBackend.compile(
            "Forged.java", source, GeneratedAlgorithm.class.getClassLoader());
    byte[] bytes = forged.get(manifest.className);
    java.nio.file.Files.write(entry.resolve(manifest.className + ".class"), bytes);
    Map<String, Manifest.FileRecord> files = new java.util.LinkedHashMap<>(manifest.files);
    files.put(
        manifest.className + ".class",
        new Manifest.FileRecord(fgc.compilation.SolverKey.sha256Hex(bytes), bytes.length));
    java.nio.file.Files.write(
        entry.resolve(Manifest.FILE_NAME),
        new Manifest(
                manifest.key,
                manifest.compiler,
                manifest.model,
                manifest.kind,
                manifest.algorithm,
                manifest.className,
                files)
            .toBytes());

    notices.clear();
    LoadedSolver forgedHit = cache.load(model, CacheFixtures.BP);
    // The key and digest are the class's constants: the hit is taken without an instance.
    assertEquals(LoadedSolver.Origin.CACHE_HIT, forgedHit.origin());
    assertEquals(List.of(), notices);
    GeneratedAlgorithm first = forgedHit.newInstance();
    double[] start = new double[model.domainOf(0).size()];
    first.marginal(0, start);
    assertTrue(EntryDefiner.isDistribution(start, start.length), Arrays.toString(start));
    assertEquals(LoadedSolver.Origin.RECOVERED, forgedHit.origin());
    assertEquals(LoadStage.SMOKE, forgedHit.rejectedAt());
    assertEquals(1, notices.size(), notices.toString());
    assertTrue(notices.get(0).contains("failed its check"), notices.get(0));
    assertEquals(1, CacheFixtures.count(root.resolve("quarantine")));
    assertEquals(answer, CacheFixtures.answers(forgedHit), "the recompiled solver's answers");
    LoadedSolver again = cache.load(model, CacheFixtures.BP);
    assertEquals(LoadedSolver.Origin.CACHE_HIT, again.origin());
    again.newInstance();
    assertEquals(1, notices.size(), "the recompiled entry passes its first instance's check");
  }

  @Test
  void aModelWhoseOwnWeightsMakeTheStartDegenerateIsNotACorruptClass() {
    // Priors whose product overflows: a degenerate start under bp-pairwise, as the reference has it
    // too
    // (unless the planner normalises them, when the start is simply sound). Either way, never
    // corrupt.
    Model overflow =
        FgcLanguage.parse(
            "overflow.fg",
            "model overflow;\nvar w[2] in 0..1;\n"
                + "prior(w[0]) = [1e308, 1e308];\nprior(w[0]) = [1e308, 1e308];\n"
                + "prior(w[0]) = [1e308, 1e308];\nneq(w[0], w[1]);\n",
            Map.of());
    AlgorithmSpec pairwise = AlgorithmSpec.named(AlgorithmSpec.BP_PAIRWISE);
    SolverCache cache = new SolverCache(root, notices::add);
    LoadedSolver first = cache.load(overflow, pairwise);
    first.newInstance(); // the smoke run of a class is on its first instance
    assertEquals(LoadedSolver.Origin.COMPILED, first.origin());
    LoadedSolver second = cache.load(overflow, pairwise);
    second.newInstance();
    assertEquals(LoadedSolver.Origin.CACHE_HIT, second.origin(), notices.toString());
    assertTrue(notices.stream().noneMatch(n -> n.contains("failed its check")), notices.toString());
    assertEquals(0, CacheFixtures.count(root.resolve("quarantine")));
  }

  @Test
  void aDegenerateStartIsTheClassesFaultOnlyWhereTheReferenceGivesADistribution() {
    Model model = CacheFixtures.SUDOKU4;
    GeneratedAlgorithm nan = new NanStart(model);
    ModelChecks real = new PlannerChecks();
    assertTrue(real.startIsDistribution(model, CacheFixtures.BP), "Sudoku starts uniform");
    SolverCache withReference =
        new SolverCache(
            root,
            notices::add,
            CacheSafety.forCurrentUser(),
            null,
            real,
            SolverCache.MAX_FILE_BYTES);
    CorruptEntryException e =
        assertThrows(
            CorruptEntryException.class,
            () -> withReference.smokeTest(nan, model, CacheFixtures.BP));
    assertEquals(LoadStage.SMOKE, e.stage());
    assertTrue(
        e.getMessage().contains("where the reference semantics give a distribution"),
        e.getMessage());
    // The model's fault: the reference is as degenerate, so the class is not blamed.
    ModelChecks degenerate =
        new ModelChecks() {
          @Override
          public String planDigest(Model m, AlgorithmSpec spec) {
            return real.planDigest(m, spec);
          }

          @Override
          public boolean startIsDistribution(Model m, AlgorithmSpec spec) {
            return false;
          }
        };
    new SolverCache(
            root,
            notices::add,
            CacheSafety.forCurrentUser(),
            null,
            degenerate,
            SolverCache.MAX_FILE_BYTES)
        .smokeTest(nan, model, CacheFixtures.BP);
  }

  @Test
  void theSmokeRunOfAnExactClassNeverRunsItsInference() {
    // An exact class's first marginal is its whole inference (68 s on a band of 2^24-entry cliques,
    // before a word of warning): the smoke run checks its variables and domains, never a marginal.
    Model model = CacheFixtures.SUDOKU4;
    GeneratedAlgorithm exact =
        new NanStart(model) {
          @Override
          public boolean exact() {
            return true;
          }

          @Override
          public void marginal(int variable, double[] out) {
            throw new AssertionError("the smoke run ran the inference");
          }
        };
    SolverCache cache =
        new SolverCache(
            root,
            notices::add,
            CacheSafety.forCurrentUser(),
            null,
            new PlannerChecks(),
            SolverCache.MAX_FILE_BYTES);
    cache.smokeTest(exact, model, AlgorithmSpec.named(AlgorithmSpec.ELIMINATION));
    // The variables and domains are still checked.
    GeneratedAlgorithm shorter =
        new NanStart(model) {
          @Override
          public boolean exact() {
            return true;
          }

          @Override
          public int variableCount() {
            return model.variableCount() - 1;
          }
        };
    CorruptEntryException e =
        assertThrows(
            CorruptEntryException.class,
            () -> cache.smokeTest(shorter, model, AlgorithmSpec.named(AlgorithmSpec.ELIMINATION)));
    assertEquals(LoadStage.SMOKE, e.stage());
  }

  @Test
  void aModelThePlannerRefusesOnAHitIsTheModelsErrorAndTheEntryStays() {
    SolverCache cache = new SolverCache(root, notices::add);
    String key = cache.load(CacheFixtures.SUDOKU4, CacheFixtures.BP).key();
    ModelChecks refusing =
        new ModelChecks() {
          @Override
          public String planDigest(Model m, AlgorithmSpec spec) {
            throw new IllegalArgumentException("the model has no solution");
          }

          @Override
          public boolean startIsDistribution(Model m, AlgorithmSpec spec) {
            return true;
          }
        };
    SolverCache strict =
        new SolverCache(
            root,
            notices::add,
            CacheSafety.forCurrentUser(),
            null,
            refusing,
            SolverCache.MAX_FILE_BYTES);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> strict.load(CacheFixtures.SUDOKU4, CacheFixtures.BP));
    assertEquals("the model has no solution", e.getMessage());
    assertTrue(notices.isEmpty(), notices.toString());
    assertTrue(java.nio.file.Files.isDirectory(cache.entryFolder(key)), "not quarantined");
    assertEquals(0, CacheFixtures.count(root.resolve("quarantine")));
  }

  /** A solver of the model's shape whose every belief is NaN. */
  private static class NanStart implements GeneratedAlgorithm {
    private final Model model;

    NanStart(Model model) {
      this.model = model;
    }

    @Override
    public String key() {
      return "";
    }

    @Override
    public String algorithm() {
      return "nan";
    }

    @Override
    public int variableCount() {
      return model.variableCount();
    }

    @Override
    public int lowestValue(int variable) {
      return model.domainOf(variable).lo();
    }

    @Override
    public int domainSize(int variable) {
      return model.domainOf(variable).size();
    }

    @Override
    public void setObserved(int variable, int value) {}

    @Override
    public void clearObserved(int variable) {}

    @Override
    public void clearAllObserved() {}

    @Override
    public void reset() {}

    @Override
    public void resetWithNoise(long seed, double scale) {}

    @Override
    public double update(int sweeps) {
      return 0;
    }

    @Override
    public int sweepsDone() {
      return 0;
    }

    @Override
    public void marginal(int variable, double[] out) {
      Arrays.fill(out, 0, domainSize(variable), Double.NaN);
    }

    @Override
    public boolean contradiction() {
      return false;
    }
  }

  /** The marginals after 20 sweeps with umbrella.fgd's sightings as evidence. */
  private static String marginals(LoadedSolver loaded) {
    GeneratedAlgorithm solver = loaded.newInstance();
    int seen = CHAIN.array("seen").firstIndex();
    int[] sightings = {1, 1, 0, -1, 1, 1};
    for (int t = 0; t < sightings.length; t++) {
      if (sightings[t] >= 0) {
        solver.setObserved(seen + t, sightings[t]);
      }
    }
    solver.reset();
    solver.update(20);
    StringBuilder sb = new StringBuilder();
    double[] m = new double[2];
    for (int i = 0; i < solver.variableCount(); i++) {
      solver.marginal(i, m);
      sb.append(Arrays.toString(m));
    }
    return sb.toString();
  }
}
