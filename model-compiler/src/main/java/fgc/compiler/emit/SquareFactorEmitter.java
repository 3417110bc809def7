package fgc.compiler.emit;

import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import fgc.solver.Numerics;
import javax.lang.model.element.Modifier;

/**
 * Straight-line factor updates for models of at most {@link #MAX_WIDTH} values: when a factor's
 * free slots and free values make a square of {@code K = 2 .. W} (every row of a 4x4 Sudoku once
 * its givens leave), one method per {@code K} computes the cavity rows, the messages and the damped
 * stores with every loop unrolled and every entry in a local, so nothing goes through the shared
 * row and message arrays, the column table is read once per factor, and no kernel is dispatched. At
 * these sizes the loops and their bookkeeping, not the arithmetic, were most of a sweep.
 *
 * <p>The messages are those of the general path ({@code cavityRow}, the closed forms of {@code
 * SmallAlldiff}, {@code store}) up to rounding, and zero exactly where it gives zero:
 *
 * <ul>
 *   <li>Cavity rows are products through {@link Numerics#times}, as there, but not normalised: a
 *       message is the same up to a factor per row, which its store divides out.
 *   <li>When every cavity entry of a square of three or four is zero or at least {@code 2^-166}
 *       (none exceeds 1), no product of up to three of them comes near {@code TINY}, so the
 *       messages take plain products: the floors would change nothing. Otherwise they take the
 *       general path's normalised rows and floored products, and a row small enough to need a
 *       rescale sends the factor the general way ({@code -1}, returned before anything is stored).
 *   <li>The damped store divides once: {@code (KEEP m + DAMPING sum old) / (sum (KEEP + DAMPING
 *       kept))} is the general store's {@code (KEEP m / sum + DAMPING old) / (KEEP + DAMPING
 *       kept)}.
 * </ul>
 *
 * Each of these took a share of the 4x4 sweep; generated-versus-reference tests cover both
 * branches.
 */
final class SquareFactorEmitter {
  /** Widths up to this get the straight-line updates; beyond, the general path with its kernels. */
  static final int MAX_WIDTH = 4;

  /**
   * Cavity entries at or above this (or zero) let a square's messages skip the {@code TINY} floor:
   * a product of three is then at least {@code 2^-498}, above {@code TINY = 2^-500}.
   */
  static final String CLEAR_BELOW = "0x1p-166";

  private SquareFactorEmitter() {}

  /**
   * The sweep's per-factor step: the straight-line method of the square {@code layout()} found for
   * factor {@code f} ({@code squareKind[f]}, 0 for none), else, or when that returns {@code -1},
   * the general update. Small enough for the JIT to inline into the sweep, so a square costs one
   * call and no re-reading of the factor's layout; the general update no longer looks for squares.
   */
  static MethodSpec sweepFactor(int width, String first) {
    CodeBlock.Builder code =
        CodeBlock.builder()
            .addStatement("final double square")
            .beginControlFlow("switch (squareKind[f])");
    for (int k = 2; k <= width; k++) {
      code.add("case $L:\n", k)
          .indent()
          .addStatement("square = updateSquare$L(f, $L)", k, first)
          .addStatement("break")
          .unindent();
    }
    code.add("default:\n")
        .indent()
        .addStatement("return updateFactor(f)")
        .unindent()
        .endControlFlow();
    return MethodSpec.methodBuilder("sweepFactor")
        .addModifiers(Modifier.PRIVATE)
        .addJavadoc(
            "Factor {@code f}'s update in a sweep: its square's straight-line method when it has"
                + " one, else the general way.\n")
        .addParameter(int.class, "f")
        .returns(double.class)
        .addCode(code.build())
        .addStatement("return square >= 0.0 ? square : updateFactor(f)")
        .build();
  }

  /**
   * {@code updateSquareK} for a square of {@code k} free slots and values, in a model of {@code
   * width} values.
   */
  static MethodSpec updateSquare(
      int k, int width, boolean maxProduct, boolean damped, boolean uniformDomains) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder("updateSquare" + k)
            .addModifiers(Modifier.PRIVATE)
            .addJavadoc(
                "Factor {@code f}'s messages when its $L free slots take its $L free values, in"
                    + " closed form; "
                    + "returns the largest change, or -1 with nothing stored when a row needs the"
                    + " general way.\n",
                k,
                k)
            .addParameter(int.class, "f")
            .addParameter(int.class, "first")
            .returns(double.class)
            .addStatement("final int cols = f * W");
    for (int j = 0; j < k; j++) {
      method.addStatement("final int c$L = column[cols + $L]", j, j);
    }
    for (int r = 0; r < k; r++) {
      method.addCode(cavityRow(r, k, uniformDomains));
    }
    if (k == 2) {
      // Two rows swap: no products, so nothing to floor; the guard keeps rows that need a rescale
      // general.
      for (int r = 0; r < 2; r++) {
        method.addCode(guard(r, k));
      }
      method.addCode(messages(k, maxProduct, "q", false, "final double "));
    } else {
      method.addStatement("final boolean clear = $L", clear(k));
      StringBuilder names = new StringBuilder();
      for (int r = 0; r < k; r++) {
        for (int v = 0; v < k; v++) {
          names.append(names.length() == 0 ? "" : ", ").append('m').append(r).append('_').append(v);
        }
      }
      method
          .addStatement("double $L", names)
          .beginControlFlow("if (clear)")
          .addCode(messages(k, maxProduct, "q", false, ""))
          .nextControlFlow("else");
      for (int r = 0; r < k; r++) {
        method.addCode(guard(r, k));
      }
      for (int r = 0; r < k; r++) {
        method.addStatement("final double z$L = 1.0 / s$L", r, r);
        for (int j = 0; j < k; j++) {
          method.addStatement("final double r$L_$L = q$L_$L * z$L", r, j, r, j, r);
        }
      }
      method.addCode(messages(k, maxProduct, "r", true, "")).endControlFlow();
    }
    method.addStatement("double change = 0.0");
    for (int r = 0; r < k; r++) {
      method.addCode(store(r, k, width, damped));
    }
    return method.addStatement("return change").build();
  }

  /**
   * Row {@code r}: the product {@code q<r>_<j>} of the variable's two other messages (and its
   * prior, unless every domain is the whole range) over the free values.
   */
  private static CodeBlock cavityRow(int r, int k, boolean uniformDomains) {
    CodeBlock.Builder code =
        CodeBlock.builder()
            .addStatement("final int e$L = freeEdge[first + $L]", r, r)
            .addStatement("final int a$L = OTHER_EDGES[2 * e$L]", r, r)
            .beginControlFlow("if (a$L >= E * W)", r)
            .addStatement("return -1.0")
            .endControlFlow()
            .addStatement("final int b$L = OTHER_EDGES[2 * e$L + 1]", r, r);
    if (!uniformDomains) {
      code.addStatement("final int i$L = EDGE_VAR[e$L] * W", r, r);
    }
    for (int j = 0; j < k; j++) {
      if (uniformDomains) {
        code.addStatement("final double p$L_$L = toVariable[a$L + c$L]", r, j, r, j);
      } else {
        code.addStatement(
            "final double p$L_$L = $T.times(prior[i$L + c$L], toVariable[a$L + c$L])",
            r,
            j,
            Numerics.class,
            r,
            j,
            r,
            j);
      }
      code.addStatement(
          "final double q$L_$L = $T.times(p$L_$L, toVariable[b$L + c$L])",
          r,
          j,
          Numerics.class,
          r,
          j,
          r,
          j);
    }
    return code.build();
  }

  /**
   * Row {@code r}'s sum {@code s<r>}, and the general path's rescale test: a row whose products (or
   * whose first factor) fall below {@code RESCALE_BELOW} on average goes the general way.
   */
  private static CodeBlock guard(int r, int k) {
    return CodeBlock.builder()
        .addStatement("final double s$L = $L", r, sum("q" + r + "_", k))
        .beginControlFlow(
            "if (!($L >= $L * $T.RESCALE_BELOW && s$L >= $L * $T.RESCALE_BELOW))",
            sum("p" + r + "_", k),
            k,
            Numerics.class,
            r,
            k,
            Numerics.class)
        .addStatement("return -1.0")
        .endControlFlow()
        .build();
  }

  /**
   * Whether every cavity entry is zero or at least {@link #CLEAR_BELOW}. None exceeds 1: messages
   * are normalised, and in factor BP a prior entry is 0 or 1 (unary weights are factors of their
   * own).
   */
  private static String clear(int k) {
    StringBuilder test = new StringBuilder();
    for (int r = 0; r < k; r++) {
      for (int j = 0; j < k; j++) {
        String q = "q" + r + "_" + j;
        // Non-short-circuit operators: one pass of comparisons, no branch per entry.
        test.append(test.length() == 0 ? "" : " & ")
            .append('(')
            .append(q)
            .append(" == 0.0 | ")
            .append(q)
            .append(" >= ")
            .append(CLEAR_BELOW)
            .append(')');
      }
    }
    return test.toString();
  }

  /** {@code x0 + x1 + ...}, left to right: the general path's running sum from {@code 0.0}. */
  private static String sum(String prefix, int k) {
    StringBuilder text = new StringBuilder(prefix).append(0);
    for (int j = 1; j < k; j++) {
      text.append(" + ").append(prefix).append(j);
    }
    return text.toString();
  }

  /**
   * The semiring's sum; for max-product {@link Numerics#larger}, as products are never NaN or -0.0.
   */
  private static String combine(boolean max, String x, String y) {
    return max ? "Numerics.larger(" + x + ", " + y + ")" : x + " + " + y;
  }

  private static String times(boolean floored, String x, String y) {
    return floored ? "Numerics.times(" + x + ", " + y + ")" : x + " * " + y;
  }

  /**
   * The messages {@code m<r>_<j>} from the rows named {@code <row><r>_<j>}, as {@code SmallAlldiff}
   * computes them: two rows swap, three rows take the other two rows' two assignments, four rows go
   * through the pair tables of rows (0, 1) and (2, 3). {@code declare} is {@code "final double "}
   * or empty, for messages declared before a branch.
   */
  private static CodeBlock messages(
      int k, boolean max, String row, boolean floored, String declare) {
    CodeBlock.Builder code = CodeBlock.builder();
    if (k == 2) {
      return code.addStatement("$Lm0_0 = $L1_1", declare, row)
          .addStatement("$Lm0_1 = $L1_0", declare, row)
          .addStatement("$Lm1_0 = $L0_1", declare, row)
          .addStatement("$Lm1_1 = $L0_0", declare, row)
          .build();
    }
    if (k == 3) {
      for (int r = 0; r < 3; r++) {
        int p = r == 0 ? 1 : 0;
        int q = r == 2 ? 1 : 2;
        for (int v = 0; v < 3; v++) {
          int x = v == 0 ? 1 : 0;
          int y = v == 2 ? 1 : 2;
          code.addStatement(
              "$Lm$L_$L = $L",
              declare,
              r,
              v,
              combine(
                  max,
                  times(floored, row + p + "_" + x, row + q + "_" + y),
                  times(floored, row + p + "_" + y, row + q + "_" + x)));
        }
      }
      return code.build();
    }
    for (int u = 0; u < 4; u++) {
      for (int w = u + 1; w < 4; w++) {
        int pair = (1 << u) | (1 << w);
        code.addStatement(
            "final double top$L = $L",
            pair,
            combine(
                max,
                times(floored, row + "0_" + u, row + "1_" + w),
                times(floored, row + "0_" + w, row + "1_" + u)));
        code.addStatement(
            "final double bottom$L = $L",
            pair,
            combine(
                max,
                times(floored, row + "2_" + u, row + "3_" + w),
                times(floored, row + "2_" + w, row + "3_" + u)));
      }
    }
    // Row 0 pairs with row 1 against the (2, 3) table, and so on, as in SmallAlldiff.four.
    String[] partner = {row + "1_", row + "0_", row + "3_", row + "2_"};
    String[] table = {"bottom", "bottom", "top", "top"};
    for (int r = 0; r < 4; r++) {
      for (int v = 0; v < 4; v++) {
        String acc = null;
        for (int u = 0; u < 4; u++) {
          if (u != v) {
            String term = times(floored, partner[r] + u, table[r] + (15 ^ (1 << v) ^ (1 << u)));
            // combine(0.0, t) is t: a product of non-negative entries is never -0.0 or NaN.
            acc = acc == null ? term : combine(max, acc, term);
          }
        }
        code.addStatement("$Lm$L_$L = $L", declare, r, v, acc);
      }
    }
    return code.build();
  }

  /**
   * Stores row {@code r}'s message on its edge as the general {@code store} does: normalised,
   * damped where it is not an exact zero, normalised again; the taken values get zero. Damped, it
   * divides once: {@code y = (KEEP m + DAMPING sum old) / (sum (KEEP + DAMPING kept))}, the general
   * {@code (KEEP m / sum + DAMPING old) / (KEEP + DAMPING kept)} with {@code sum} multiplied
   * through.
   */
  private static CodeBlock store(int r, int k, int width, boolean damped) {
    CodeBlock.Builder code = CodeBlock.builder().addStatement("final int o$L = e$L * W", r, r);
    for (int j = 0; j < k; j++) {
      code.addStatement("final double old$L_$L = toVariable[o$L + c$L]", r, j, r, j);
    }
    code.addStatement("final double sum$L = $L", r, sum("m" + r + "_", k));
    if (damped) {
      StringBuilder kept = new StringBuilder();
      for (int j = 0; j < k; j++) {
        kept.append(j == 0 ? "" : " + ")
            .append("(m")
            .append(r)
            .append('_')
            .append(j)
            .append(" == 0.0 ? 0.0 : old")
            .append(r)
            .append('_')
            .append(j)
            .append(')');
      }
      code.addStatement("final double kept$L = $L", r, kept)
          .addStatement(
              "final double scale$L = sum$L > 0.0 ? 1.0 / (sum$L * (KEEP + DAMPING * kept$L)) :"
                  + " 0.0",
              r,
              r,
              r,
              r)
          .addStatement("final double held$L = DAMPING * sum$L", r, r);
    } else {
      code.addStatement("final double scale$L = sum$L > 0.0 ? 1.0 / sum$L : 0.0", r, r, r);
    }
    for (int j = 0; j < k; j++) {
      if (damped) {
        code.addStatement(
            "final double y$L_$L = m$L_$L == 0.0 ? 0.0 : (KEEP * m$L_$L + held$L * old$L_$L) *"
                + " scale$L",
            r,
            j,
            r,
            j,
            r,
            j,
            r,
            r,
            j,
            r);
      } else {
        code.addStatement("final double y$L_$L = m$L_$L * scale$L", r, j, r, j, r);
      }
      code.addStatement(
              "final double d$L_$L = $T.abs(y$L_$L - old$L_$L)", r, j, Math.class, r, j, r, j)
          .beginControlFlow("if (d$L_$L > change)", r, j)
          .addStatement("change = d$L_$L", r, j)
          .endControlFlow()
          .addStatement("toVariable[o$L + c$L] = y$L_$L", r, j, r, j);
    }
    if (k < width) {
      code.beginControlFlow("for (int c = $L; c < W; c++)", k)
          .addStatement("final int v = column[cols + c]")
          .addStatement("final double d = $T.abs(toVariable[o$L + v])", Math.class, r)
          .beginControlFlow("if (d > change)")
          .addStatement("change = d")
          .endControlFlow()
          .addStatement("toVariable[o$L + v] = 0.0", r)
          .endControlFlow();
    }
    return code.build();
  }
}
