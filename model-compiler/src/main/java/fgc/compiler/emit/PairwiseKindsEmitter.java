package fgc.compiler.emit;

import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.TypeSpec;
import fgc.algorithm.Numerics;
import fgc.algorithm.PairwiseKernels;
import fgc.compiler.plan.Footprint;
import fgc.compiler.plan.PairPotentials;
import javax.lang.model.element.Modifier;

/**
 * Adds to a pairwise BP class what models with more than {@code neq} need: the edge tables and the
 * call of {@link PairwiseKernels} for {@code eq} and table edges, and {@code weighPrior(i)}, which
 * multiplies a variable's unary weights into its prior (for {@code ep-dirichlet}, into the Dirichlet
 * mean, then normalises). A model with only {@code neq} and {@code alldiff} gets none of it, so its
 * class is what it always was.
 */
public final class PairwiseKindsEmitter {
  private PairwiseKindsEmitter() {}

  static void addTo(TypeSpec.Builder type, PairPotentials potentials, boolean dirichlet) {
    if (potentials.anyEdgeKernel()) {
      type.addField(EmitSupport.constant(int[].class, "EDGE_KIND", Tables.decodeCall(potentials.edgeKinds())));
      type.addField(EmitSupport.constant(int[].class, "EDGE_INFO", Tables.decodeCall(potentials.edgeInfos())));
      type.addField(EmitSupport.constant(int[].class, "PAIR_INFO", Tables.decodeCall(potentials.info())));
      type.addField(EmitSupport.constant(double[].class, "PAIR_WEIGHTS", Tables.decodeCall(potentials.weights())));
    }
    if (potentials.anyUnary()) {
      type.addField(EmitSupport.constant(int[].class, "UNARY_AT", Tables.decodeCall(potentials.unaryAt())));
      type.addField(EmitSupport.constant(double[].class, "UNARY", Tables.decodeCall(potentials.unary())));
      type.addMethod(weighPrior(dirichlet));
    }
  }

  /** Adds the tables {@link #addTo} writes to {@code footprint}. */
  static void account(Footprint footprint, PairPotentials potentials) {
    if (potentials.anyEdgeKernel()) {
      Tables.account(footprint, "EDGE_KIND", potentials.edgeKinds());
      Tables.account(footprint, "EDGE_INFO", potentials.edgeInfos());
      Tables.account(footprint, "PAIR_INFO", potentials.info());
      Tables.account(footprint, "PAIR_WEIGHTS", potentials.weights());
    }
    if (potentials.anyUnary()) {
      Tables.account(footprint, "UNARY_AT", potentials.unaryAt());
      Tables.account(footprint, "UNARY", potentials.unary());
    }
  }

  /**
   * The message along edge {@code first + k} from the cavity {@code pre[a ..] * suf[0 ..]}, when it
   * is not a neq edge: summed over the sender's values, or their largest term when {@code max}.
   */
  static CodeBlock kernelMessage(boolean max) {
    return CodeBlock.of("$T.$L(EDGE_KIND[first + k], pre, a, suf, 0, W, PAIR_INFO, EDGE_INFO[first + k], PAIR_WEIGHTS, out);\n",
        PairwiseKernels.class, max ? "maxMessage" : "message");
  }

  private static MethodSpec weighPrior(boolean dirichlet) {
    MethodSpec.Builder method = MethodSpec.methodBuilder("weighPrior").addModifiers(Modifier.PRIVATE)
        .addJavadoc(dirichlet
            ? "Multiplies variable {@code i}'s unary weights into the Dirichlet mean it sees, and normalises.\n"
            : "Multiplies variable {@code i}'s unary weights into its prior.\n")
        .addParameter(int.class, "i")
        .addStatement("final int at = UNARY_AT[i]")
        .beginControlFlow("if (at > 0)")
        .addStatement("final int from = (at - 1) * W")
        .beginControlFlow("for (int v = 0; v < W; v++)")
        .addStatement("prior[i * W + v] = $T.times(prior[i * W + v], UNARY[from + v])", Numerics.class)
        .endControlFlow();
    if (dirichlet) {
      method.addStatement("double sum = 0.0")
          .beginControlFlow("for (int v = 0; v < W; v++)").addStatement("sum = sum + prior[i * W + v]").endControlFlow()
          .beginControlFlow("if (sum > 0.0)")
          .beginControlFlow("for (int v = 0; v < W; v++)").addStatement("prior[i * W + v] = prior[i * W + v] / sum").endControlFlow()
          .endControlFlow();
    }
    return method.endControlFlow().build();
  }
}
