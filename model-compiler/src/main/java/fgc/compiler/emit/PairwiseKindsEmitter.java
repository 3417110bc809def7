package fgc.compiler.emit;

import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.FieldSpec;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.TypeSpec;
import fgc.plan.Footprint;
import fgc.plan.PairwisePlan;
import fgc.solver.Numerics;
import fgc.solver.PairwiseKernels;
import javax.lang.model.element.Modifier;

/**
 * Adds to a pairwise BP class what models with more than {@code neq} need: the edge tables and the
 * call of {@link PairwiseKernels} for {@code eq} and table edges, and {@code weighPrior(i)}, which
 * multiplies a variable's unary weights into its prior (for {@code ep-dirichlet}, into the
 * Dirichlet mean, then normalises). A model with only {@code neq} and {@code alldiff} gets none of
 * it, so its class is what it always was.
 */
public final class PairwiseKindsEmitter {
  private PairwiseKindsEmitter() {}

  static void addTo(
      TypeSpec.Builder type, PairwisePlan plan, boolean dirichlet, boolean reweighted) {
    // Made from the families with the first instance ({@code tables()}).
    if (plan.anyEdgeKernel()) {
      type.addField(EmitSupport.state(int[].class, "EDGE_KIND", "tables().edgeKinds()"));
      type.addField(EmitSupport.state(int[].class, "EDGE_INFO", "tables().edgeInfos()"));
      type.addField(EmitSupport.state(int[].class, "PAIR_INFO", "tables().pairInfo()"));
      // Tree-reweighted BP's pair potentials are raised to 1 / RHO.
      type.addField(
          reweighted
              ? FieldSpec.builder(double[].class, "PAIR_WEIGHTS", Modifier.PRIVATE, Modifier.FINAL)
                  .initializer(
                      "$T.powered(tables().pairWeights(), 1.0 / RHO)", PairwiseKernels.class)
                  .build()
              : EmitSupport.state(double[].class, "PAIR_WEIGHTS", "tables().pairWeights()"));
    }
    if (plan.anyUnary()) {
      type.addField(EmitSupport.state(int[].class, "UNARY_AT", "tables().unaryAt()"));
      type.addField(EmitSupport.state(double[].class, "UNARY", "tables().unary()"));
      type.addMethod(weighPrior(dirichlet));
    }
  }

  /**
   * Adds the tables {@link #addTo} makes at load to {@code footprint}, for up to {@code edges}
   * directed edges. The matrices are stored once each, a few for a model of few tables: not
   * counted.
   */
  static void account(Footprint footprint, PairwisePlan plan, long edges) {
    if (plan.anyEdgeKernel()) {
      footprint.state("EDGE_KIND, EDGE_INFO", 2 * edges, Integer.BYTES, "entries (directed edges)");
    }
    if (plan.anyUnary()) {
      footprint
          .state("UNARY_AT", plan.variableCount(), Integer.BYTES, "entries (variables)")
          .state(
              "UNARY",
              (long) plan.variableCount() * plan.layout().width(),
              Double.BYTES,
              "entries (variables x values)");
    }
  }

  /**
   * The message along edge {@code first + k} from the cavity {@code pre[a ..] * suf[0 ..]}, when it
   * is not a neq edge: summed over the sender's values, or their largest term when {@code max}.
   */
  static CodeBlock kernelMessage(boolean max) {
    return CodeBlock.of(
        "$T.$L(EDGE_KIND[first + k], pre, a, suf, 0, W, PAIR_INFO, EDGE_INFO[first + k],"
            + " PAIR_WEIGHTS, out);\n",
        PairwiseKernels.class,
        max ? "maxMessage" : "message");
  }

  private static MethodSpec weighPrior(boolean dirichlet) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder("weighPrior")
            .addModifiers(Modifier.PRIVATE)
            .addJavadoc(
                dirichlet
                    ? "Multiplies variable {@code i}'s unary weights into the Dirichlet mean it"
                        + " sees, and normalises.\n"
                    : "Multiplies variable {@code i}'s unary weights into its prior.\n")
            .addParameter(int.class, "i")
            .addStatement("final int at = UNARY_AT[i]")
            .beginControlFlow("if (at > 0)")
            .addStatement("final int from = (at - 1) * W")
            .beginControlFlow("for (int v = 0; v < W; v++)")
            .addStatement(
                "prior[i * W + v] = $T.times(prior[i * W + v], UNARY[from + v])", Numerics.class)
            .endControlFlow();
    if (dirichlet) {
      method
          .addStatement("double sum = 0.0")
          .beginControlFlow("for (int v = 0; v < W; v++)")
          .addStatement("sum = sum + prior[i * W + v]")
          .endControlFlow()
          .beginControlFlow("if (sum > 0.0)")
          .beginControlFlow("for (int v = 0; v < W; v++)")
          .addStatement("prior[i * W + v] = prior[i * W + v] / sum")
          .endControlFlow()
          .endControlFlow();
    }
    return method.endControlFlow().build();
  }
}
