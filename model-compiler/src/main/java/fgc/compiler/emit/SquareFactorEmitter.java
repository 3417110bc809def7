package fgc.compiler.emit;

import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import fgc.algorithm.Numerics;
import javax.lang.model.element.Modifier;

/**
 * Straight-line factor updates for models of at most {@link #MAX_WIDTH} values: when a factor's
 * free slots and free values make a square of {@code K = 2 .. W} (every row of a 4x4 Sudoku once
 * its givens leave), one method per {@code K} computes the cavity rows, the messages and the damped
 * stores with every loop unrolled and every entry in a local, so nothing goes through the shared
 * row and message arrays, the column table is read once per factor, and no kernel is dispatched.
 * At these sizes the loops and their bookkeeping, not the arithmetic, were most of a sweep.
 *
 * <p>The arithmetic is that of the general path, operation for operation: {@code cavityRow}'s fast
 * path, the closed forms of {@code SmallAlldiff} and {@code store}, with sums taken in the same
 * order (a sum that starts from {@code 0.0} is its first term, as entries are never negative).
 * A factor whose rows the fast path cannot take (a variable not in three factors, or a product
 * small enough to need a rescale) returns {@code -1} before it stores anything and goes the general
 * way. Generated-versus-reference tests cover both.
 */
final class SquareFactorEmitter {
  /** Widths up to this get the straight-line updates; beyond, the general path with its kernels. */
  static final int MAX_WIDTH = 4;

  private SquareFactorEmitter() {}

  /**
   * The dispatch at the head of the general update, after its {@code impossible} case: a square of
   * two to {@code width} rows takes its straight-line method unless that returns {@code -1}.
   */
  static CodeBlock dispatch(int width) {
    CodeBlock.Builder code = CodeBlock.builder()
        .beginControlFlow("if (free == width && free >= 2)")
        .addStatement("final double square")
        .beginControlFlow("switch (free)");
    for (int k = 2; k <= width; k++) {
      code.add("case $L:\n", k).indent().addStatement("square = updateSquare$L(f, first)", k).addStatement("break").unindent();
    }
    return code.add("default:\n").indent().addStatement("square = -1.0").unindent()
        .endControlFlow()
        .beginControlFlow("if (square >= 0.0)").addStatement("return square").endControlFlow()
        .endControlFlow()
        .build();
  }

  /** {@code updateSquareK} for a square of {@code k} free slots and values, in a model of {@code width} values. */
  static MethodSpec updateSquare(int k, int width, boolean maxProduct, boolean damped, boolean uniformDomains) {
    MethodSpec.Builder method = MethodSpec.methodBuilder("updateSquare" + k).addModifiers(Modifier.PRIVATE)
        .addJavadoc("Factor {@code f}'s messages when its $L free slots take its $L free values, in closed form; "
            + "returns the largest change, or -1 with nothing stored when a row needs the general way.\n", k, k)
        .addParameter(int.class, "f").addParameter(int.class, "first").returns(double.class)
        .addStatement("final int cols = f * W");
    for (int j = 0; j < k; j++) {
      method.addStatement("final int c$L = column[cols + $L]", j, j);
    }
    for (int r = 0; r < k; r++) {
      method.addCode(cavityRow(r, k, uniformDomains));
    }
    method.addCode(messages(k, maxProduct));
    method.addStatement("double change = 0.0");
    for (int r = 0; r < k; r++) {
      method.addCode(store(r, k, width, damped));
    }
    return method.addStatement("return change").build();
  }

  /**
   * Row {@code r}: the product of the variable's two other messages (and its prior, unless every
   * domain is the whole range) over the free values, normalised into {@code r<r>_<j>}.
   */
  private static CodeBlock cavityRow(int r, int k, boolean uniformDomains) {
    CodeBlock.Builder code = CodeBlock.builder()
        .addStatement("final int e$L = freeEdge[first + $L]", r, r)
        .addStatement("final int a$L = OTHER_EDGES[2 * e$L]", r, r)
        .beginControlFlow("if (a$L >= E * W)", r).addStatement("return -1.0").endControlFlow()
        .addStatement("final int b$L = OTHER_EDGES[2 * e$L + 1]", r, r);
    if (!uniformDomains) {
      code.addStatement("final int i$L = EDGE_VAR[e$L] * W", r, r);
    }
    for (int j = 0; j < k; j++) {
      if (uniformDomains) {
        code.addStatement("final double p$L_$L = toVariable[a$L + c$L]", r, j, r, j);
      } else {
        code.addStatement("final double p$L_$L = $T.times(prior[i$L + c$L], toVariable[a$L + c$L])", r, j, Numerics.class, r, j, r, j);
      }
      code.addStatement("final double q$L_$L = $T.times(p$L_$L, toVariable[b$L + c$L])", r, j, Numerics.class, r, j, r, j);
    }
    code.addStatement("final double s$L = $L", r, sum("q" + r + "_", k))
        .beginControlFlow("if (!($L >= $L * $T.RESCALE_BELOW && s$L >= $L * $T.RESCALE_BELOW))",
            sum("p" + r + "_", k), k, Numerics.class, r, k, Numerics.class)
        .addStatement("return -1.0")
        .endControlFlow()
        .addStatement("final double z$L = 1.0 / s$L", r, r);
    for (int j = 0; j < k; j++) {
      code.addStatement("final double r$L_$L = q$L_$L * z$L", r, j, r, j, r);
    }
    return code.build();
  }

  /** {@code x0 + x1 + ...}, left to right: the general path's running sum from {@code 0.0}. */
  private static String sum(String prefix, int k) {
    StringBuilder text = new StringBuilder(prefix).append(0);
    for (int j = 1; j < k; j++) {
      text.append(" + ").append(prefix).append(j);
    }
    return text.toString();
  }

  /** The semiring's sum; for max-product {@code Math.max}, which equals the kernels' {@code x > y ? x : y} on products (never NaN or -0.0). */
  private static String combine(boolean max, String x, String y) {
    return max ? "Math.max(" + x + ", " + y + ")" : x + " + " + y;
  }

  private static String times(String x, String y) {
    return "Numerics.times(" + x + ", " + y + ")";
  }

  /**
   * The messages {@code m<r>_<j>}, as {@code SmallAlldiff} computes them: two rows swap, three
   * rows take the other two rows' two assignments, four rows go through the pair tables of rows
   * (0, 1) and (2, 3).
   */
  private static CodeBlock messages(int k, boolean max) {
    CodeBlock.Builder code = CodeBlock.builder();
    if (k == 2) {
      return code.addStatement("final double m0_0 = r1_1").addStatement("final double m0_1 = r1_0")
          .addStatement("final double m1_0 = r0_1").addStatement("final double m1_1 = r0_0").build();
    }
    if (k == 3) {
      for (int r = 0; r < 3; r++) {
        int p = r == 0 ? 1 : 0;
        int q = r == 2 ? 1 : 2;
        for (int v = 0; v < 3; v++) {
          int x = v == 0 ? 1 : 0;
          int y = v == 2 ? 1 : 2;
          code.addStatement("final double m$L_$L = $L", r, v, combine(max,
              times("r" + p + "_" + x, "r" + q + "_" + y), times("r" + p + "_" + y, "r" + q + "_" + x)));
        }
      }
      return code.build();
    }
    for (int u = 0; u < 4; u++) {
      for (int w = u + 1; w < 4; w++) {
        int pair = (1 << u) | (1 << w);
        code.addStatement("final double top$L = $L", pair, combine(max, times("r0_" + u, "r1_" + w), times("r0_" + w, "r1_" + u)));
        code.addStatement("final double bottom$L = $L", pair, combine(max, times("r2_" + u, "r3_" + w), times("r2_" + w, "r3_" + u)));
      }
    }
    // Row 0 pairs with row 1 against the (2, 3) table, and so on, as in SmallAlldiff.four.
    String[] partner = {"r1_", "r0_", "r3_", "r2_"};
    String[] table = {"bottom", "bottom", "top", "top"};
    for (int r = 0; r < 4; r++) {
      for (int v = 0; v < 4; v++) {
        String acc = null;
        for (int u = 0; u < 4; u++) {
          if (u != v) {
            String term = times(partner[r] + u, table[r] + (15 ^ (1 << v) ^ (1 << u)));
            // combine(0.0, t) is t: a product of non-negative entries is never -0.0 or NaN.
            acc = acc == null ? term : combine(max, acc, term);
          }
        }
        code.addStatement("final double m$L_$L = $L", r, v, acc);
      }
    }
    return code.build();
  }

  /**
   * Stores row {@code r}'s message on its edge as the general {@code store} does: normalised, damped
   * where it is not an exact zero, normalised again; the taken values get zero.
   */
  private static CodeBlock store(int r, int k, int width, boolean damped) {
    CodeBlock.Builder code = CodeBlock.builder().addStatement("final int o$L = e$L * W", r, r);
    for (int j = 0; j < k; j++) {
      code.addStatement("final double old$L_$L = toVariable[o$L + c$L]", r, j, r, j);
    }
    code.addStatement("final double sum$L = $L", r, sum("m" + r + "_", k))
        .addStatement("final double scale$L = sum$L > 0.0 ? 1.0 / sum$L : 0.0", r, r, r);
    if (damped) {
      StringBuilder kept = new StringBuilder();
      for (int j = 0; j < k; j++) {
        kept.append(j == 0 ? "" : " + ").append("(m").append(r).append('_').append(j).append(" == 0.0 ? 0.0 : old")
            .append(r).append('_').append(j).append(')');
      }
      code.addStatement("final double kept$L = $L", r, kept)
          .addStatement("final double again$L = sum$L > 0.0 ? 1.0 / (KEEP * (sum$L * scale$L) + DAMPING * kept$L) : 0.0", r, r, r, r, r);
    }
    for (int j = 0; j < k; j++) {
      code.addStatement("final double x$L_$L = m$L_$L * scale$L", r, j, r, j, r);
      if (damped) {
        code.addStatement("final double y$L_$L = x$L_$L == 0.0 ? 0.0 : (KEEP * x$L_$L + DAMPING * old$L_$L) * again$L",
            r, j, r, j, r, j, r, j, r);
      } else {
        code.addStatement("final double y$L_$L = x$L_$L", r, j, r, j);
      }
      code.addStatement("final double d$L_$L = $T.abs(y$L_$L - old$L_$L)", r, j, Math.class, r, j, r, j)
          .beginControlFlow("if (d$L_$L > change)", r, j).addStatement("change = d$L_$L", r, j).endControlFlow()
          .addStatement("toVariable[o$L + c$L] = y$L_$L", r, j, r, j);
    }
    if (k < width) {
      code.beginControlFlow("for (int c = $L; c < W; c++)", k)
          .addStatement("final int v = column[cols + c]")
          .addStatement("final double d = $T.abs(toVariable[o$L + v])", Math.class, r)
          .beginControlFlow("if (d > change)").addStatement("change = d").endControlFlow()
          .addStatement("toVariable[o$L + v] = 0.0", r)
          .endControlFlow();
    }
    return code.build();
  }
}
