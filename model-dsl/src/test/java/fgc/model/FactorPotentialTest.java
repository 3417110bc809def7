package fgc.model;

import static fgc.model.Formula.constant;
import static fgc.model.Formula.variable;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.model.Formula.Op;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * {@link Factor#potential}, the one definition of what a factor allows and weighs, for every kind;
 * {@link Factor#table()} against it; and the builder's relations, weights and cpts: each expanded
 * table against a direct evaluation on every assignment, the factor kind each relation gets, and
 * the canonical text kept compact.
 */
class FactorPotentialTest {
  @Test
  void everyKindWeighsAsItsDefinitionSays() {
    ModelBuilder b = Model.builder("kinds");
    VariableArray x = b.variables("x", Domain.range(1, 3), 3);
    VariableArray y = b.variables("y", Domain.range(0, 1), 1);
    b.alldiff(x.at(0), x.at(1), x.at(2))
        .neq(x.at(0), x.at(1))
        .eq(x.at(1), x.at(2))
        .sum(5, x.at(0), x.at(1));
    b.table(new int[] {x.at(0), y.at(0)}, new double[] {0.5, 1, 2, 3, 0, 4});
    b.prior(y.at(0), new double[] {0.25, 0.75});
    Model m = b.build();
    List<Factor> f = m.factors();
    assertPotential(f.get(0), v -> v[0] != v[1] && v[1] != v[2] && v[0] != v[2] ? 1 : 0);
    assertPotential(f.get(1), v -> v[0] != v[1] ? 1 : 0);
    assertPotential(f.get(2), v -> v[0] == v[1] ? 1 : 0);
    assertPotential(f.get(3), v -> v[0] + v[1] == 5 ? 1 : 0);
    assertPotential(f.get(4), v -> new double[] {0.5, 1, 2, 3, 0, 4}[(v[0] - 1) * 2 + v[1]]);
    assertPotential(f.get(5), v -> v[0] == 0 ? 0.25 : 0.75);
    assertEquals(
        0.0, f.get(1).potential(new int[] {0, 2}), "a value outside its domain has potential 0");
    assertFalse(f.get(3).allows(new int[] {4, 2}));
    assertTrue(f.get(3).allows(new int[] {3, 2}));
  }

  @Test
  void relationsGetTheKindThatSaysThemAndTablesOtherwise() {
    ModelBuilder b = Model.builder("r");
    VariableArray x = b.variables("x", Domain.range(1, 4), 4);
    Formula x0 = variable(x.at(0));
    Formula x1 = variable(x.at(1));
    Formula x2 = variable(x.at(2));
    b.relation(Formula.compare(Op.EQ, x0, x1));
    b.relation(Formula.compare(Op.NE, x1, x0));
    b.relation(Formula.compare(Op.EQ, Formula.add(x0, x1, x2), constant(6)));
    b.relation(Formula.compare(Op.EQ, constant(7), Formula.add(x2, x1)));
    b.relation(Formula.compare(Op.LT, x0, x1));
    b.relation(Formula.compare(Op.EQ, Formula.add(x0, x0), constant(4)));
    b.relation(Formula.compare(Op.EQ, x0, constant(3)));
    Model m = b.build();
    assertEquals(
        List.of(
            FactorKind.EQ,
            FactorKind.NEQ,
            FactorKind.SUM,
            FactorKind.SUM,
            FactorKind.TABLE,
            FactorKind.TABLE,
            FactorKind.TABLE),
        m.factors().stream().map(Factor::kind).toList());
    assertEquals(6, m.factors().get(2).total());
    assertEquals(7, m.factors().get(3).total());
    assertArrayEquals(new int[] {x.at(2), x.at(1)}, m.factors().get(3).scope());
    assertArrayEquals(
        new int[] {x.at(0)},
        m.factors().get(5).scope(),
        "x0 + x0 is one variable, coefficient 2: a table");
    assertPotential(m.factors().get(4), v -> v[0] < v[1] ? 1 : 0);
    assertPotential(m.factors().get(5), v -> 2 * v[0] == 4 ? 1 : 0);
    assertPotential(m.factors().get(6), v -> v[0] == 3 ? 1 : 0);
  }

  @Test
  void expandedTablesEqualTheFormulaOnEveryAssignment() {
    ModelBuilder b = Model.builder("e");
    VariableArray x = b.variables("x", Domain.range(-2, 3), 3);
    VariableArray s = b.variables("s", Domain.range(-1, 1), 2);
    Formula x0 = variable(x.at(0));
    Formula x1 = variable(x.at(1));
    Formula x2 = variable(x.at(2));
    List<Formula> relations =
        List.of(
            Formula.compare(Op.NE, Formula.abs(Formula.sub(x0, x1)), constant(2)),
            Formula.compare(Op.EQ, Formula.mul(x0, x1), x2),
            Formula.compare(Op.GE, Formula.mod(x0, x1), Formula.min(x1, x2)),
            Formula.or(
                Formula.compare(Op.EQ, Formula.div(x0, x1), constant(1)),
                Formula.not(Formula.compare(Op.GT, x2, constant(0)))),
            Formula.compare(
                Op.LE,
                Formula.add(Formula.mul(constant(2), x0), Formula.neg(x1), constant(1)),
                Formula.max(x1, x2)),
            Formula.compare(Op.EQ, Formula.count(constant(1), List.of(x0, x1, x2)), constant(2)));
    for (Formula r : relations) {
      b.relation(r);
    }
    Formula weight =
        Formula.exp(Formula.mul(Formula.real(0.5), variable(s.at(0)), variable(s.at(1))));
    b.weight(new int[] {s.at(0), s.at(1)}, weight);
    Model m = b.build();
    for (int k = 0; k < relations.size(); k++) {
      Factor f = m.factors().get(k);
      Formula bound = f.formula().orElseThrow();
      assertEquals(relations.get(k).bind(f.scope()).text(), bound.text());
      assertPotential(f, bound::valueAt);
    }
    Factor ising = m.factors().get(relations.size());
    assertPotential(ising, v -> Math.exp(0.5 * v[0] * v[1]));
    assertEquals(Math.exp(-0.5), ising.potential(new int[] {1, -1}), 0.0);
  }

  @Test
  void theCanonicalTextWritesAFormulaWhenItIsShorterThanItsTable() {
    ModelBuilder b = Model.builder("c");
    VariableArray q = b.variables("q", Domain.range(0, 29), 2);
    VariableArray y = b.variables("y", Domain.range(0, 1), 1);
    b.relation(
        Formula.compare(
            Op.NE, Formula.abs(Formula.sub(variable(q.at(0)), variable(q.at(1)))), constant(1)));
    b.relation(Formula.compare(Op.EQ, variable(y.at(0)), constant(1)));
    String text = b.build().canonicalText();
    assertTrue(text.contains("\ntable 0 1 ~ (!= (abs (- $0 $1)) 1)\n"), text);
    assertTrue(
        text.contains("\ntable 2 : 0.0 1.0\n"), "two weights are shorter than (== $0 1): " + text);
    assertTrue(text.length() < 200, "900 entries are not in the key: " + text.length());
  }

  @Test
  void aTableFromAFormulaIsTheSameFactorAsItsWeightsGivenOneByOne() {
    ModelBuilder b = Model.builder("s");
    VariableArray q = b.variables("q", Domain.range(0, 2), 2);
    b.relation(Formula.compare(Op.LT, variable(q.at(0)), variable(q.at(1))));
    b.table(new int[] {q.at(0), q.at(1)}, new double[] {0, 1, 1, 0, 0, 1, 0, 0, 0});
    Model m = b.build();
    assertEquals(m.factors().get(0), m.factors().get(1));
    assertTrue(m.factors().get(0).formula().isPresent() && m.factors().get(1).formula().isEmpty());
  }

  @Test
  void tableIsThePotentialOfEveryJointValueForEveryKind() {
    ModelBuilder b = Model.builder("t");
    VariableArray x = b.variables("x", Domain.range(2, 4), 3);
    b.alldiff(x.at(0), x.at(1), x.at(2)).sum(9, x.at(0), x.at(1), x.at(2));
    Model m = b.build();
    for (Factor f : m.factors()) {
      double[] table = f.table();
      assertEquals(27, table.length);
      int k = 0;
      for (int a = 2; a <= 4; a++) {
        for (int c = 2; c <= 4; c++) {
          for (int d = 2; d <= 4; d++) {
            assertEquals(f.potential(new int[] {a, c, d}), table[k++], 0.0);
          }
        }
      }
    }
    ModelBuilder wide = Model.builder("w");
    VariableArray z = wide.variables("z", Domain.range(1, 10), 7);
    int[] all = new int[7];
    for (int i = 0; i < 7; i++) {
      all[i] = z.at(i);
    }
    Factor big = wide.alldiff(all).build().factors().get(0);
    assertThrows(ModelException.class, big::table, "10^7 joint values");
  }

  @Test
  void builderErrorsNameTheCulprit() {
    ModelBuilder b = Model.builder("bad");
    VariableArray x = b.variables("x", Domain.range(1, 9), 8);
    Formula x0 = variable(x.at(0));
    assertEquals(
        "the relation involves no variable (it is always true)",
        assertThrows(
                ModelException.class,
                () -> b.relation(Formula.compare(Op.LT, constant(1), constant(2))))
            .getMessage());
    assertEquals(
        "the relation holds for no values of x[0]",
        assertThrows(
                ModelException.class, () -> b.relation(Formula.compare(Op.GT, x0, constant(9))))
            .getMessage());
    assertEquals(
        "sum of 2 variables can only be 2..18, never 30",
        assertThrows(
                ModelException.class,
                () ->
                    b.relation(
                        Formula.compare(Op.EQ, Formula.add(x0, variable(x.at(1))), constant(30))))
            .getMessage());
    Formula twice =
        Formula.mul(
            constant(2),
            Formula.add(
                java.util.stream.IntStream.range(0, 8).mapToObj(i -> variable(x.at(i))).toList()));
    assertEquals(
        "the relation holds for no values of x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7]",
        assertThrows(
                ModelException.class, () -> b.relation(Formula.compare(Op.LE, twice, constant(15))))
            .getMessage());
    Formula cancels = Formula.add(twice, Formula.neg(Formula.mul(constant(2), x0)));
    String tooBig =
        assertThrows(
                ModelException.class,
                () -> b.relation(Formula.compare(Op.LE, cancels, constant(40))))
            .getMessage();
    assertTrue(
        tooBig.startsWith(
            "relation over 8 variables"
                + " (x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7]) would need a table of "
                + "43046721 entries; the limit is 1048576;"
                + " a linear relation needs no table, but in this"),
        tooBig);
    assertEquals(
        "the weight formula uses x[1], which is not in its scope (x[0])",
        assertThrows(
                ModelException.class,
                () -> b.weight(new int[] {x.at(0)}, Formula.add(x0, variable(x.at(1)))))
            .getMessage());
    assertEquals(
        "the weight formula gives -1.0 where x[0] = 1; weights must be finite and non-negative",
        assertThrows(
                ModelException.class,
                () -> b.weight(new int[] {x.at(0)}, Formula.sub(x0, Formula.real(2.0))))
            .getMessage());
    assertEquals(
        "division by zero in the weight where x[0] = 1",
        assertThrows(
                ModelException.class,
                () ->
                    b.weight(
                        new int[] {x.at(0)},
                        Formula.div(constant(10), Formula.sub(x0, constant(1)))))
            .getMessage());
    assertEquals(
        "alldiff can never hold: items 1 and 3 are both 4",
        assertThrows(ModelException.class, () -> b.alldiffOf(List.of(constant(4), x0, constant(4))))
            .getMessage());
  }

  @Test
  void cptsCheckTheirShapeAndEveryRow() {
    ModelBuilder b = Model.builder("bn");
    VariableArray c = b.variables("c", Domain.range(0, 1));
    VariableArray r = b.variables("r", Domain.range(0, 2));
    int cloudy = c.at();
    int rain = r.at();
    b.cpt(rain, new int[] {cloudy}, new double[][] {{0.7, 0.2, 0.1}, {0.1, 0.1, 0.8}});
    Factor f = b.build().factors().get(0);
    assertArrayEquals(new int[] {cloudy, rain}, f.scope(), "parents first, then the child");
    assertEquals(0.8, f.potential(new int[] {1, 2}));
    assertEquals(
        "cpt of r given c needs 2 rows (one per joint value of c), got 1",
        assertThrows(
                ModelException.class,
                () -> b.cpt(rain, new int[] {cloudy}, new double[][] {{0.7, 0.2, 0.1}}))
            .getMessage());
    assertEquals(
        "row 2 of cpt of r given c (c = 1) adds up to 0.9, not 1",
        assertThrows(
                ModelException.class,
                () ->
                    b.cpt(
                        rain,
                        new int[] {cloudy},
                        new double[][] {{0.7, 0.2, 0.1}, {0.1, 0.1, 0.7}}))
            .getMessage());
    assertEquals(
        "row 1 of cpt of r given c (c = 0) has 2 entries; r has 3 values",
        assertThrows(
                ModelException.class,
                () -> b.cpt(rain, new int[] {cloudy}, new double[][] {{0.5, 0.5}, {0.1, 0.1, 0.8}}))
            .getMessage());
    assertEquals(
        null,
        ModelBuilder.cptRowProblem(new double[] {0.1, 0.2, 0.7}),
        "0.1 + 0.2 + 0.7 is 1 within 1e-9");
    assertEquals(
        "has entry 1 = -0.5; probabilities are finite and non-negative",
        ModelBuilder.cptRowProblem(new double[] {-0.5, 1.5}));
  }

  /**
   * {@code f}'s potential equals {@code expected} on every joint value of its scope (and its table
   * says the same).
   */
  static void assertPotential(Factor f, ToDoubleFunction<int[]> expected) {
    int[] values = new int[f.arity()];
    for (int p = 0; p < values.length; p++) {
      values[p] = f.domain(p).lo();
    }
    double[] table = f.kind().weighted() ? f.weights() : null;
    long joint = f.jointSize();
    for (int k = 0; k < joint; k++) {
      double want = expected.applyAsDouble(values);
      assertEquals(
          want, f.potential(values), 1e-15, f + " at " + java.util.Arrays.toString(values));
      if (table != null) {
        assertEquals(want, table[k], 1e-15, "table entry " + k + " of " + f);
      }
      assertEquals(want > 0, f.allows(values));
      Factor.next(values, domains(f));
    }
  }

  private static Domain[] domains(Factor f) {
    Domain[] d = new Domain[f.arity()];
    for (int p = 0; p < d.length; p++) {
      d[p] = f.domain(p);
    }
    return d;
  }
}
