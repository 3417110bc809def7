package fgc.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.lang.FgcLanguage;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A linear relation too large for a table becomes a {@link FactorKind#LINEAR} factor: its
 * coefficients, comparison and constant mean what the relation says, and a small one stays a table.
 */
class LinearFactorTest {
  private static final String SEND_MORE_MONEY =
      "var S, E, N, D, M, O, R, Y in 0..9;\n"
          + "1000*S + 100*E + 10*N + D + 1000*M + 100*O + 10*R + E"
          + " == 10000*M + 1000*O + 100*N + 10*E + Y;\n";

  @Test
  void sendMoreMoneyAsOneEquationIsALinearFactor() {
    Model m = FgcLanguage.parse("smm.fg", SEND_MORE_MONEY, Map.of());
    Factor f = m.factors().get(0);
    assertEquals(FactorKind.LINEAR, f.kind());
    assertEquals(Factor.Comparison.EQUAL, f.comparison());
    assertEquals(0, f.total());
    long[] c = new long[f.arity()];
    for (int p = 0; p < c.length; p++) {
      c[p] = f.coefficient(p);
    }
    // S E N D M O R Y, as they first appear; the right side moved to the left.
    assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, f.scope());
    assertArrayEquals(new long[] {1000, 91, -90, 1, -9000, -900, 10, -1}, c);
    assertTrue(f.allows(new int[] {9, 5, 6, 7, 1, 0, 8, 2}), "9567 + 1085 = 10652");
    assertTrue(!f.allows(new int[] {9, 5, 6, 7, 1, 0, 8, 3}));
    assertTrue(
        m.canonicalText()
            .contains("linear 0 1 2 3 4 5 6 7 = 0 : == 1000 91 -90 1 -9000 -900 10 -1"),
        m.canonicalText());
  }

  @Test
  void aSmallLinearRelationStaysATable() {
    Model m =
        FgcLanguage.parse("t.fg", "var x[3] in 0..9;\n2*x[0] + 3*x[1] - x[2] <= 10;", Map.of());
    assertEquals(List.of(FactorKind.TABLE), List.of(m.factors().get(0).kind()));
  }

  /**
   * Every comparison, written either way round, with random coefficients and constants over 8
   * variables (10^8 joint values): the factor allows exactly where the relation holds.
   */
  @Test
  void everyComparisonMeansWhatTheRelationSays() {
    Random r = new Random(33);
    Formula.Op[] ops = {
      Formula.Op.EQ, Formula.Op.NE, Formula.Op.LT, Formula.Op.LE, Formula.Op.GT, Formula.Op.GE
    };
    int kinds = 0;
    for (int round = 0; round < 60; round++) {
      ModelBuilder b = Model.builder("r");
      VariableArray x = b.variables("x", Domain.range(-3, 6), 8);
      Formula[] terms = new Formula[8];
      for (int i = 0; i < 8; i++) {
        long coefficient = r.nextBoolean() ? 1 + r.nextInt(5) : -1 - r.nextInt(5);
        terms[i] = Formula.mul(Formula.constant(coefficient), Formula.variable(x.at(i)));
      }
      Formula left = Formula.add(terms);
      Formula right = Formula.constant(r.nextInt(21) - 10);
      Formula.Op op = ops[round % ops.length];
      Formula relation =
          r.nextBoolean() ? Formula.compare(op, left, right) : Formula.compare(op, right, left);
      b.relation(relation);
      Factor f = b.build().factors().get(0);
      assertEquals(FactorKind.LINEAR, f.kind(), relation.text());
      kinds |= 1 << f.comparison().ordinal();
      int[] values = new int[8];
      for (int sample = 0; sample < 2000; sample++) {
        for (int i = 0; i < 8; i++) {
          values[i] = -3 + r.nextInt(10);
        }
        assertEquals(relation.holds(values), f.allows(values), relation.text());
      }
    }
    assertEquals(7, kinds, "==, != and <= all made");
  }

  @Test
  void theBuildersLinearFactorRefusesWhatCannotBeOne() {
    ModelBuilder b = Model.builder("bad");
    VariableArray x = b.variables("x", Domain.range(0, 9), 2);
    Formula x0 = Formula.variable(x.at(0));
    Formula x1 = Formula.variable(x.at(1));
    assertThrows(
        ModelException.class,
        () -> b.linear(Formula.compare(Formula.Op.LE, Formula.mul(x0, x1), Formula.constant(3))));
    assertEquals(
        "the relation holds for no values of x[0], x[1]",
        assertThrows(
                ModelException.class,
                () ->
                    b.linear(
                        Formula.compare(Formula.Op.GT, Formula.add(x0, x1), Formula.constant(18))))
            .getMessage());
    assertEquals(
        "the linear relation's terms can add up past 2^60 in magnitude",
        assertThrows(
                ModelException.class,
                () ->
                    b.linear(
                        new long[] {1L << 59, 1}, Factor.Comparison.AT_MOST, 0, x.at(0), x.at(1)))
            .getMessage());
  }
}
