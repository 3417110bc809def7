package fgc.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** A weight given as a shape and the variables it stands for is the factor its formula gives. */
class ShapedWeightTest {
  /** {@code exp(0.5 * $0 * $1) + $1}, its variables numbered as a shape's. */
  private static final Formula SHAPE =
      Formula.add(
          Formula.exp(Formula.mul(Formula.real(0.5), Formula.variable(0), Formula.variable(1))),
          Formula.variable(1));

  @Test
  void shapedWeightsAreTheFactorsOfTheirFormulasAndShareOneTable() {
    ModelBuilder shaped = Model.builder("m");
    ModelBuilder plain = Model.builder("m");
    VariableArray a = shaped.variables("a", Domain.range(0, 2), 6);
    VariableArray b = shaped.variables("b", Domain.range(1, 3), 2);
    plain.variables("a", Domain.range(0, 2), 6);
    plain.variables("b", Domain.range(1, 3), 2);
    int[][] scopes = {
      {a.at(0), a.at(1)},
      {a.at(1), a.at(2)},
      {a.at(3), a.at(2)},
      {a.at(4), b.at(0)},
      {a.at(5), a.at(4)},
      {b.at(1), a.at(5)}
    };
    int[][] variables = {
      {a.at(0), a.at(1)},
      {a.at(1), a.at(2)},
      {a.at(2), a.at(3)},
      {a.at(4), b.at(0)},
      {a.at(4), a.at(5)},
      {a.at(5), b.at(1)}
    };
    for (int k = 0; k < scopes.length; k++) {
      shaped.weight(scopes[k], SHAPE, variables[k]);
      plain.weight(scopes[k], SHAPE.renumbered(variables[k]));
    }
    Model m = shaped.build();
    assertEquals(plain.build().canonicalText(), m.canonicalText());
    assertSame(m.factors().get(0).formula().get(), m.factors().get(1).formula().get());
    assertEquals("(+ (exp (* 0.5 $1 $0)) $0)", m.factors().get(2).formula().get().text());
  }

  @Test
  void shapedWeightsFailAsTheirFormulasDo() {
    sameError(
        x -> new int[][] {{x.at(0), x.at(1)}, {x.at(0), x.at(2)}}); // x[2] is not in the scope
    sameError(x -> new int[][] {{x.at(0), x.at(0)}, {x.at(0), x.at(0)}}); // x[0] twice
    sameError(x -> new int[][] {{x.at(0), 99}, {x.at(0), 99}}); // not declared
    sameError(x -> new int[][] {{}, {}}); // no scope
    ModelBuilder b = Model.builder("m");
    VariableArray x = b.variables("x", Domain.range(0, 1), 2);
    ModelException e =
        assertThrows(
            ModelException.class,
            () -> b.weight(new int[] {x.at(0), x.at(1)}, SHAPE, new int[] {x.at(0)}));
    assertEquals(
        "the formula uses variable 1 but only 1 variables are given for it", e.getMessage());
    Formula negative = Formula.sub(Formula.variable(0), Formula.constant(1));
    ModelException n =
        assertThrows(
            ModelException.class,
            () -> b.weight(new int[] {x.at(0)}, negative, new int[] {x.at(0)}));
    assertEquals(
        assertThrows(
                ModelException.class,
                () -> b.weight(new int[] {x.at(0)}, negative.renumbered(new int[] {x.at(0)})))
            .getMessage(),
        n.getMessage());
  }

  /** {@code scopeAndVariables} gives a scope and the shape's variables over an array x of 3. */
  private static void sameError(
      java.util.function.Function<VariableArray, int[][]> scopeAndVariables) {
    ModelBuilder b = Model.builder("m");
    VariableArray x = b.variables("x", Domain.range(0, 1), 3);
    int[][] given = scopeAndVariables.apply(x);
    ModelException shaped =
        assertThrows(ModelException.class, () -> b.weight(given[0], SHAPE, given[1]));
    ModelException plain =
        assertThrows(ModelException.class, () -> b.weight(given[0], SHAPE.renumbered(given[1])));
    assertEquals(plain.getMessage(), shaped.getMessage());
  }
}
