package fgc.model;

import static fgc.model.Formula.constant;
import static fgc.model.Formula.real;
import static fgc.model.Formula.variable;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.model.Formula.Op;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The formula IR: one form per expression (folded, flattened), its canonical text, and its meaning.
 */
class FormulaTest {
  private static final Formula X = variable(0);
  private static final Formula Y = variable(1);
  private static final Formula Z = variable(2);

  @Test
  void constantsFoldAndChainsFlattenSoOneExpressionHasOneText() {
    assertEquals(
        "(+ $0 $1 $2 7)",
        Formula.add(Formula.add(X, constant(3)), Formula.add(Y, Z), constant(4)).text());
    assertEquals("(* 6 $0 $1)", Formula.mul(constant(2), X, Formula.mul(constant(3), Y)).text());
    assertEquals("$0", Formula.add(X, constant(0)).text());
    assertEquals("$0", Formula.mul(constant(1), X).text());
    assertEquals("$0", Formula.neg(Formula.neg(X)).text());
    assertEquals("12", Formula.mul(constant(3), constant(4)).text());
    assertEquals("true", Formula.compare(Op.LT, constant(1), constant(2)).text());
    assertEquals("(< $0 $1)", Formula.and(Formula.bool(true), Formula.compare(Op.LT, X, Y)).text());
    assertEquals("false", Formula.and(Formula.compare(Op.LT, X, Y), Formula.bool(false)).text());
    assertEquals("true", Formula.or(Formula.compare(Op.LT, X, Y), Formula.bool(true)).text());
    assertEquals("$1", Formula.ifThen(Formula.bool(false), X, Y).text());
    assertEquals(
        "(!= (abs (- $0 $1)) 3)",
        Formula.compare(Op.NE, Formula.abs(Formula.sub(X, Y)), constant(3)).text());
    assertEquals("(exp (* 0.5 $0 $1))", Formula.exp(Formula.mul(real(0.5), X, Y)).text());
    assertEquals(
        "(+ (ind (== $0 2)) (ind (== $1 2)))", Formula.count(constant(2), List.of(X, Y)).text());
    assertEquals(
        Formula.Type.REAL,
        Formula.add(X, real(0.0)).type(),
        "a decimal zero keeps an integer sum a decimal");
    assertEquals(
        "(* 0.5 $0)",
        Formula.add(Formula.mul(real(0.5), X), constant(0), real(0.0)).text(),
        "but adds nothing to a decimal");
    assertEquals("(* 0.5 $0)", Formula.mul(Formula.mul(real(0.5), X), real(1.0)).text());
    assertEquals("0.0", real(-0.0).text(), "-0.0 prints as 0.0, so equal formulas print alike");
  }

  @Test
  void variablesAreListedOnceInTheOrderTheyFirstAppear() {
    Formula f =
        Formula.compare(
            Op.LT, Formula.add(variable(7), variable(3)), Formula.mul(variable(7), variable(5)));
    assertEquals(List.of(7, 3, 5), java.util.Arrays.stream(f.variables()).boxed().toList());
    assertEquals("(< (+ $0 $1) (* $0 $2))", f.bind(new int[] {7, 3, 5}).text());
  }

  @Test
  void integersAreExactAndDivisionTruncatesAsInJava() {
    Formula q = Formula.div(X, Y);
    assertEquals(-2.0, q.valueAt(new int[] {-7, 3}));
    assertEquals(-1.0, Formula.mod(X, Y).valueAt(new int[] {-7, 3}));
    assertEquals(3.5, Formula.div(X, real(2.0)).valueAt(new int[] {7}));
    ModelException overflow =
        assertThrows(
            ModelException.class,
            () -> Formula.mul(X, constant(Long.MAX_VALUE)).valueAt(new int[] {2}));
    assertEquals("integer overflow in " + Long.MAX_VALUE + " * 2", overflow.getMessage());
    assertThrows(ModelException.class, () -> Formula.add(constant(Long.MAX_VALUE), constant(1)));
  }

  @Test
  void aComparisonOverADivisionByZeroIsFalseAndItsNegationTrue() {
    Formula twice = Formula.compare(Op.EQ, Formula.div(X, Y), constant(2));
    assertTrue(twice.holds(new int[] {4, 2}));
    assertFalse(twice.holds(new int[] {4, 0}));
    assertTrue(Formula.not(twice).holds(new int[] {4, 0}));
    assertThrows(
        ModelException.class,
        () -> Formula.div(X, Y).valueAt(new int[] {4, 0}),
        "a number has no value there");
    assertEquals(
        0.0,
        Formula.ifThen(Formula.compare(Op.EQ, Y, constant(0)), constant(0), Formula.div(X, Y))
            .valueAt(new int[] {4, 0}),
        "only the branch taken is evaluated");
  }

  @Test
  void typesAreChecked() {
    Formula c = Formula.compare(Op.LT, X, Y);
    assertThrows(ModelException.class, () -> Formula.add(X, c));
    assertThrows(ModelException.class, () -> Formula.and(X));
    assertThrows(ModelException.class, () -> Formula.compare(Op.LT, X, real(0.5)));
    assertThrows(ModelException.class, () -> Formula.mod(X, real(2.0)));
    assertThrows(ModelException.class, () -> Formula.compare(Op.ADD, X, Y));
  }

  @Test
  void nestingIsBounded() {
    Formula f = X;
    for (int k = 1; k < Formula.MAX_DEPTH; k++) {
      f = Formula.abs(f);
    }
    Formula deepest = f;
    assertThrows(ModelException.class, () -> Formula.abs(deepest));
  }
}
