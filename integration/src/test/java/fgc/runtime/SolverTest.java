package fgc.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.cache.SolverCache;
import fgc.compilation.AlgorithmSpec;
import fgc.compilation.CompiledSolver;
import fgc.compiler.ModelCompiler;
import fgc.driver.Assignments;
import fgc.driver.SolveResult;
import fgc.lang.FgcLanguage;
import fgc.model.Evidence;
import fgc.model.Model;
import fgc.solver.GeneratedAlgorithm;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SolverTest {
  static GeneratedAlgorithm instance(Model model, String algorithm) throws Exception {
    CompiledSolver compiled = ModelCompiler.compile(model, AlgorithmSpec.named(algorithm));
    ClassLoader loader =
        new ClassLoader(GeneratedAlgorithm.class.getClassLoader()) {
          @Override
          protected Class<?> findClass(String name) throws ClassNotFoundException {
            byte[] bytes = compiled.classes().get(name);
            if (bytes == null) {
              throw new ClassNotFoundException(name);
            }
            return defineClass(name, bytes, 0, bytes.length);
          }
        };
    return (GeneratedAlgorithm)
        loader.loadClass(compiled.className()).getDeclaredConstructor().newInstance();
  }

  @Test
  void marginalsOfAChainAreExactAndConverge() throws Exception {
    Model chain = FgcLanguage.bundled("chain", Map.of("days", 3L));
    Solver solver = Solver.precompiled(chain, instance(chain, "sumproduct"));
    Evidence seen =
        Evidence.builder(chain).set("seen[0]", 1).set("seen[1]", 1).set("seen[2]", 0).build();
    Marginals m = solver.marginals(seen);
    assertTrue(m.converged());
    assertEquals("sumproduct", m.algorithm());
    // Enumeration over the 8 weather sequences.
    double[] rain = new double[3];
    double total = 0;
    double[][] move = {{0.7, 0.3}, {0.3, 0.7}};
    double[][] emit = {{0.8, 0.2}, {0.1, 0.9}};
    int[] obs = {1, 1, 0};
    for (int w = 0; w < 8; w++) {
      int[] x = {w >> 2 & 1, w >> 1 & 1, w & 1};
      double p =
          0.5
              * move[x[0]][x[1]]
              * move[x[1]][x[2]]
              * emit[x[0]][obs[0]]
              * emit[x[1]][obs[1]]
              * emit[x[2]][obs[2]];
      total += p;
      for (int t = 0; t < 3; t++) {
        rain[t] += x[t] == 1 ? p : 0;
      }
    }
    for (int t = 0; t < 3; t++) {
      assertEquals(rain[t] / total, m.probability("weather[" + t + "]", 1), 1e-9);
      assertEquals(1 - rain[t] / total, m.of("weather[" + t + "]")[0], 1e-9);
    }
  }

  @Test
  void decimationAndSearchGiveCheckedAnswers() throws Exception {
    Model sudoku = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    Solver solver = Solver.precompiled(sudoku, instance(sudoku, "maxproduct"));
    Evidence givens =
        Evidence.builder(sudoku)
            .set("cell[0][0]", 1)
            .set("cell[1][2]", 4)
            .set("cell[2][1]", 3)
            .build();
    for (SolveResult r : new SolveResult[] {solver.decimate(givens), solver.search(givens)}) {
      assertTrue(r.solved(), r.status().toString());
      assertEquals(null, Assignments.firstViolation(sudoku, r.values()));
      assertEquals(1, r.values()[sudoku.variableIndex("cell[0][0]")]);
    }
  }

  @Test
  void aClassMadeForAnotherModelIsRefused() throws Exception {
    Model four = FgcLanguage.bundled("sudoku", Map.of("n", 2L));
    Model latin = FgcLanguage.bundled("latin", Map.of("n", 5L));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Solver.precompiled(latin, instance(four, "maxproduct")));
    assertTrue(e.getMessage().contains("generated for another model"), e.getMessage());
  }

  @Test
  void aCachedSolverIsCompiledOnceAndThenLoaded(@TempDir Path root) {
    Model chain = FgcLanguage.bundled("chain", Map.of("days", 3L));
    List<String> notices = new ArrayList<>();
    SolverCache cache = new SolverCache(root, notices::add);
    Solver first = Solver.cached(chain, AlgorithmSpec.named("sumproduct"), cache);
    Solver second =
        Solver.cached(
            chain,
            AlgorithmSpec.named("sumproduct"),
            new SolverCache(root, notices::add).loadOnly());
    Evidence seen = Evidence.builder(chain).set("seen[0]", 1).build();
    assertEquals(
        first.marginals(seen).probability("weather[1]", 1),
        second.marginals(seen).probability("weather[1]", 1),
        0.0);
    assertEquals(List.of(), notices);
  }
}
