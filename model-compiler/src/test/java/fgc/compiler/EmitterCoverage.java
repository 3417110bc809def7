package fgc.compiler;

import fgc.algorithms.Algorithms;
import fgc.compilation.AlgorithmSpec;
import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.model.Domain;
import fgc.model.Model;
import fgc.model.ModelBuilder;
import fgc.model.VariableArray;
import fgc.plan.PlanException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Models that between them take every branch of the emitters (square and wide factors, factor
 * kinds, edge kernels, unary weights, irregular degrees, uneven domains, unrolled and general
 * pairwise updates), each with every algorithm that plans it.
 */
final class EmitterCoverage {
  private EmitterCoverage() {}

  /** A model and an algorithm that plans it. */
  static final class Case {
    final String label;
    final Model model;
    final AlgorithmSpec spec;

    Case(String label, Model model, AlgorithmSpec spec) {
      this.label = label;
      this.model = model;
      this.spec = spec;
    }

    @Override
    public String toString() {
      return label + " " + spec.canonicalText();
    }
  }

  static List<Case> cases() {
    List<Case> out = new ArrayList<>();
    List<Object[]> models =
        List.of(
            new Object[] {"sudoku 4x4", FgcLanguage.bundled("sudoku", Map.of("n", 2L))},
            new Object[] {"sudoku 9x9", FgcLanguage.bundled("sudoku", Map.of("n", 3L))},
            new Object[] {
              "killer 9x9", FgcLanguage.bundled("killer", Map.of(), DataSet.example("killer-9x9"))
            },
            new Object[] {
              "chain", FgcLanguage.bundled("chain", Map.of(), DataSet.example("umbrella"))
            },
            new Object[] {
              "colouring", FgcLanguage.bundled("colouring", Map.of(), DataSet.example("petersen"))
            },
            new Object[] {
              "colouring, 17 colours",
              FgcLanguage.bundled("colouring", Map.of("k", 17L), DataSet.example("petersen"))
            },
            new Object[] {"mixed", mixed()});
    for (Object[] m : models) {
      for (String algorithm : AlgorithmSpec.knownAlgorithms()) {
        if (!Algorithms.names().contains(algorithm)) {
          continue; // its classes are never cached, so never checked against a plan
        }
        AlgorithmSpec spec = AlgorithmSpec.named(algorithm);
        try {
          ModelCompiler.generateSource((Model) m[1], spec);
        } catch (PlanException e) {
          continue; // this algorithm does not take this model
        }
        out.add(new Case((String) m[0], (Model) m[1], spec));
      }
    }
    return out;
  }

  /** Uneven domains, every pairwise kind, a unary weight and an irregular degree. */
  static Model mixed() {
    ModelBuilder b = Model.builder("mixed");
    VariableArray x = b.variables("x", Domain.range(1, 3), 3);
    VariableArray y = b.variables("y", Domain.range(0, 4));
    b.neq(x.at(0), x.at(1));
    b.eq(x.at(1), x.at(2));
    b.table(
        new int[] {x.at(0), y.at()},
        new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});
    b.prior(y.at(), new double[] {1, 1, 2, 3, 5});
    return b.observe("x").build();
  }
}
