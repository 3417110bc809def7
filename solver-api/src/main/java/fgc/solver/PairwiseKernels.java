package fgc.solver;

import java.util.Arrays;

/**
 * Messages of pairwise BP along one directed edge {@code i -> j} whose potential is not a plain
 * {@code neq} (the generated class computes that one inline). The cavity of {@code i} is {@code
 * pre[preAt + u] * suf[sufAt + u]} over the {@code width} aligned values; the message is {@code
 * out(v) = sum over u of psi(u, v) * cavity(u)}, summed in ascending {@code u}.
 *
 * <ul>
 *   <li>{@link #EQ}: {@code psi(u, v) = [u == v]}, so the message is the cavity itself.
 *   <li>{@link #MATRIX}: {@code info[at ..] = weightStart, senderOffset, senderSize,
 *       receiverOffset, receiverSize}; {@code psi} is zero outside the two ranges and inside them
 *       row-major, the sender's value the row. Entries of {@code out} outside the receiver's range
 *       are zero.
 * </ul>
 */
public final class PairwiseKernels {
  /** The potential {@code [u != v]}, which generated classes compute inline. */
  public static final int NEQ = 0;

  /** The potential {@code [u == v]}. */
  public static final int EQ = 1;

  /** A matrix of weights over the two variables' values. */
  public static final int MATRIX = 2;

  private PairwiseKernels() {}

  /**
   * Writes the message along one edge into {@code out}, from the cavity of its sender.
   *
   * @param kind which potential: {@link #EQ} or {@link #MATRIX}
   * @param pre the products of the sender's messages before this edge
   * @param preAt where the sender's prefix product starts in {@code pre}
   * @param suf the products of the sender's messages after this edge
   * @param sufAt where the sender's suffix product starts in {@code suf}
   * @param width how many aligned values a message has
   * @param info the descriptions of the potentials (see the class comment)
   * @param at where this edge's description starts in {@code info}
   * @param weights the weight tables of {@link #MATRIX} potentials
   * @param out receives the message, {@code width} entries
   */
  public static void message(
      int kind,
      double[] pre,
      int preAt,
      double[] suf,
      int sufAt,
      int width,
      int[] info,
      int at,
      double[] weights,
      double[] out) {
    switch (kind) {
      case EQ:
        for (int v = 0; v < width; v++) {
          out[v] = Numerics.times(pre[preAt + v], suf[sufAt + v]);
        }
        break;
      case MATRIX:
        matrix(pre, preAt, suf, sufAt, width, info, at, weights, out);
        break;
      default:
        throw new IllegalArgumentException("no pairwise kernel for edge kind " + kind);
    }
  }

  private static void matrix(
      double[] pre,
      int preAt,
      double[] suf,
      int sufAt,
      int width,
      int[] info,
      int at,
      double[] weights,
      double[] out) {
    Arrays.fill(out, 0, width, 0.0);
    int w = info[at];
    int senderOffset = info[at + 1];
    int senderSize = info[at + 2];
    int receiverOffset = info[at + 3];
    int receiverSize = info[at + 4];
    // Sender values outer, so each cavity entry is computed once; every out(v) still adds its terms
    // in ascending u, and a zero cavity entry would only add zeros.
    for (int a = 0; a < senderSize; a++) {
      int u = senderOffset + a;
      double c = Numerics.times(pre[preAt + u], suf[sufAt + u]);
      if (c != 0.0) {
        int row = w + a * receiverSize;
        for (int b = 0; b < receiverSize; b++) {
          out[receiverOffset + b] = out[receiverOffset + b] + Numerics.times(weights[row + b], c);
        }
      }
    }
  }

  /**
   * {@link #message} in the max-product semiring: {@code out(v) = max over u of psi(u, v) *
   * cavity(u)}. The {@link #EQ} message is the cavity itself, as in the sum.
   *
   * @param kind which potential: {@link #EQ} or {@link #MATRIX}
   * @param pre the products of the sender's messages before this edge
   * @param preAt where the sender's prefix product starts in {@code pre}
   * @param suf the products of the sender's messages after this edge
   * @param sufAt where the sender's suffix product starts in {@code suf}
   * @param width how many aligned values a message has
   * @param info the descriptions of the potentials (see the class comment)
   * @param at where this edge's description starts in {@code info}
   * @param weights the weight tables of {@link #MATRIX} potentials
   * @param out receives the message, {@code width} entries
   */
  public static void maxMessage(
      int kind,
      double[] pre,
      int preAt,
      double[] suf,
      int sufAt,
      int width,
      int[] info,
      int at,
      double[] weights,
      double[] out) {
    if (kind != MATRIX) {
      message(kind, pre, preAt, suf, sufAt, width, info, at, weights, out);
      return;
    }
    Arrays.fill(out, 0, width, 0.0);
    int w = info[at];
    int senderOffset = info[at + 1];
    int senderSize = info[at + 2];
    int receiverOffset = info[at + 3];
    int receiverSize = info[at + 4];
    for (int a = 0; a < senderSize; a++) {
      int u = senderOffset + a;
      double c = Numerics.times(pre[preAt + u], suf[sufAt + u]);
      if (c != 0.0) {
        int row = w + a * receiverSize;
        for (int b = 0; b < receiverSize; b++) {
          out[receiverOffset + b] =
              Math.max(out[receiverOffset + b], Numerics.times(weights[row + b], c));
        }
      }
    }
  }

  /**
   * Tree-reweighted BP's cavity: multiplies {@code pre[preAt ..]}, the product of the prior and the
   * other messages, by the receiver's own message {@code messages[at ..]} raised to {@code rho - 1}
   * (the belief divided by that message), in place; zero where that message is zero (a division by
   * zero taken as zero, as libDAI does).
   *
   * @param pre the prefix products, one block of {@code width} per edge
   * @param preAt where this edge's block starts
   * @param messages the messages
   * @param at where the receiver's message to this variable starts
   * @param width how many values
   * @param rho the edge appearance probability
   */
  public static void divideByOwn(
      double[] pre, int preAt, double[] messages, int at, int width, double rho) {
    for (int v = 0; v < width; v++) {
      double m = messages[at + v];
      pre[preAt + v] = m == 0.0 ? 0.0 : Numerics.times(pre[preAt + v], Math.pow(m, rho - 1.0));
    }
  }

  /**
   * {@code weights} raised entry by entry to {@code power}, in a new array: tree-reweighted BP's
   * pair potentials ({@code power = 1 / rho}).
   *
   * @param weights the pair weights
   * @param power the power
   * @return the powered weights
   */
  public static double[] powered(double[] weights, double power) {
    double[] out = new double[weights.length];
    for (int k = 0; k < weights.length; k++) {
      out[k] = Math.pow(weights[k], power);
    }
    return out;
  }
}
