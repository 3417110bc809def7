package fgc.compiler.emit;

import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.JavaFile;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.TypeSpec;
import fgc.model.Model;
import fgc.plan.Footprint;
import fgc.plan.Lowered;
import fgc.plan.PairwisePlan;
import fgc.plan.Semiring;
import fgc.solver.Numerics;
import fgc.solver.PairFamilies;
import fgc.solver.PairwiseKernels;
import javax.lang.model.element.Modifier;

/**
 * Emits loopy sum-product BP on pairwise factors as one final class. Sizes, degree, damping and the
 * edge table become constants; state is a few flat {@code double[]} allocated once; a sweep visits
 * the variables in order and updates each one's outgoing messages in place (a sequential schedule:
 * later variables already see this sweep's messages).
 *
 * <p>The arithmetic of one variable update, in the reference interpreter's order up to the
 * normalisation: prefix products {@code pre[k]} of the prior and the first {@code k} incoming
 * messages, and, while the edges are visited from the last, the running suffix product of the
 * messages after edge {@code k}, each kept from underflow by {@link fgc.solver.Numerics#rescale}
 * (exact powers of two); the cavity {@code pre[k]} times that suffix; the {@code neq} message
 * {@code out(v) = sum of the cavity over u != v} as a left sum plus a right sum. Then it damps
 * every entry that is not an exact zero (a ruled-out value must stay ruled out) and normalises,
 * with one reciprocal per message. The reference divides entry by entry and normalises before and
 * after damping, so the two agree to rounding (about 1e-16 per update), no longer bit for bit. An
 * {@code eq} or table edge computes its message in {@link fgc.solver.PairwiseKernels} instead, and
 * unary weights sit in the prior ({@link PairwiseKindsEmitter}).
 *
 * <p>Tree-reweighted, when the lowering holds {@code RHO}: the products take each message raised to
 * {@code RHO}, each edge's prefix is divided by the receiver's own message ({@link
 * fgc.solver.PairwiseKernels#divideByOwn}) before its cavity is formed, and the pair weights are
 * raised to {@code 1 / RHO}.
 */
public final class PairwiseBpEmitter {
  /**
   * Up to this many values, a model of {@code neq} edges only gets {@link #updateVariableUnrolled}:
   * the loops over the values written out, the suffix product, the cavity and the left sums in
   * locals instead of the shared arrays.
   */
  static final int UNROLLED_WIDTH = 16;

  private PairwiseBpEmitter() {}

  /**
   * The class name for a key: derived from the key alone, so no model text reaches an identifier.
   */
  public static String simpleName(String key, boolean dirichlet) {
    return (dirichlet ? "EpDirichlet_" : "BpPairwise_") + key.substring(0, 16);
  }

  /**
   * What {@link #emit} writes for {@code plan}, added up before it is written: the plan's constants
   * as {@code lowered} writes them, and the state arrays of the class (kept in step with the fields
   * below).
   */
  public static Footprint footprint(PairwisePlan plan, Lowered lowered, Model model) {
    Footprint footprint =
        new Footprint(EmitSupport.algorithmOf(lowered), model, plan.layout().width());
    EmitSupport support = support(plan, lowered);
    support.account(footprint);
    // The edge tables are made when the class loads: counted from the pairs the factors join (a
    // pair joined twice counted twice), so from above, without making them here.
    long e = 2 * plan.pairOccurrences();
    long w = plan.layout().width();
    long n = plan.variableCount();
    PairwiseKindsEmitter.account(footprint, plan, e);
    return footprint
        .state(
            "REVERSE, OFFSET", e + n + 1, Integer.BYTES, "entries (directed edges and variables)")
        .state(
            "messages",
            e * w,
            Double.BYTES,
            "entries (up to " + Footprint.count(e) + " directed edges x " + w + " values)")
        .state(
            "pre",
            (Math.min(e, plan.degreeBound()) + 1L) * w,
            Double.BYTES,
            "entries (degree x values)")
        .state("suf, out, cav", 3 * w, Double.BYTES, "entries");
  }

  /**
   * The class's support: under Dirichlet priors when the lowering holds their pseudo-counts ({@code
   * FREE_COUNT}, {@code GIVEN_COUNT}: {@code ep-dirichlet}), else hard evidence.
   */
  private static EmitSupport support(PairwisePlan plan, Lowered lowered) {
    if (!lowered.has("FREE_COUNT")) {
      return new EmitSupport(lowered, plan.layout());
    }
    return EmitSupport.dirichlet(
        lowered,
        plan.layout(),
        (Double) lowered.constant("FREE_COUNT").value(),
        (Double) lowered.constant("GIVEN_COUNT").value());
  }

  /**
   * The class for {@code plan}: {@code bp-pairwise}, or in the max semiring {@code bp-pairwise-max}
   * (each entry the largest term instead of the sum; {@code neq}: the largest cavity entry off the
   * value); under Dirichlet priors ({@code ep-dirichlet}) the same messages through the {@code neq}
   * factors, each variable's value distribution under a Dirichlet (EP: the cell sees the prior's
   * mean; its posterior is the moment-matched projection, see {@link fgc.solver.Dirichlets}).
   */
  public static JavaFile emit(
      PairwisePlan plan,
      Lowered lowered,
      String key,
      String algorithmText,
      String compilerId,
      double damping,
      Semiring semiring) {
    return emit(
        plan,
        key,
        algorithmText,
        compilerId,
        damping,
        support(plan, lowered),
        EmitSupport.algorithmOf(lowered),
        semiring == Semiring.MAX,
        lowered.has("RHO"));
  }

  private static JavaFile emit(
      PairwisePlan plan,
      String key,
      String algorithmText,
      String compilerId,
      double damping,
      EmitSupport plainSupport,
      String algorithm,
      boolean max,
      boolean reweighted) {
    boolean dirichlet = plainSupport.dirichlet();
    EmitSupport support = plan.anyUnary() ? plainSupport.weighingPriors() : plainSupport;
    String factors = plan.onlyNeq() ? "neq factors" : "factors";
    TypeSpec.Builder type =
        support
            .classWithCommonMembers(simpleName(key, dirichlet), algorithm, key, plan.modelName())
            .addJavadoc(
                "$L on pairwise $L for model $S, generated by fgc $L.\n",
                dirichlet
                    ? "EP with Dirichlet priors"
                    : max
                        ? "Loopy max-product BP"
                        : reweighted ? "Tree-reweighted BP" : "Loopy sum-product BP",
                factors,
                plan.modelName(),
                compilerId)
            .addJavadoc(
                "$L variables, $L values, $L factor families joining $L pairs (repeats counted)."
                    + " Algorithm: $L.\n",
                plan.variableCount(),
                plan.layout().width(),
                plan.familyCount(),
                plan.pairOccurrences(),
                algorithmText);
    // The class holds the families; the edge tables are made from them when its first instance is
    // made (PairFamilies).
    type.addField(support.constant("PAIR_FAMILIES"));
    type.addField(support.constant("FAMILY_WEIGHTS"));
    EmitSupport.addShared(
        type,
        PairFamilies.class,
        "tables",
        CodeBlock.of(
            "$T.of(V, W, $L, $L, PAIR_FAMILIES, FAMILY_WEIGHTS)",
            PairFamilies.class,
            plan.layout().uniformDomains() ? "null" : "VAR_LO",
            plan.layout().uniformDomains() ? "null" : "VAR_SIZE"));
    PairwiseKindsEmitter.addTo(type, plan, dirichlet, reweighted);
    if (reweighted) {
      type.addField(support.constant("RHO"));
    }
    type.addField(EmitSupport.state(int.class, "EDGES", "tables().edgeCount()"));
    type.addField(EmitSupport.state(int.class, "MAX_DEGREE", "tables().maxDegree()"));
    type.addField(support.constant("DAMPING"));
    type.addField(support.constant("KEEP"));
    type.addField(EmitSupport.state(int[].class, "REVERSE", "tables().reverses()"));
    type.addField(EmitSupport.state(int[].class, "OFFSET", "tables().offsets()"));
    type.addField(EmitSupport.state(double[].class, "messages", "new double[EDGES * W]"));
    type.addField(EmitSupport.state(double[].class, "pre", "new double[(MAX_DEGREE + 1) * W]"));
    type.addField(EmitSupport.state(double[].class, "suf", "new double[W]"));
    type.addField(EmitSupport.state(double[].class, "out", "new double[W]"));
    type.addField(EmitSupport.state(double[].class, "cav", "new double[W]"));

    String first = "OFFSET[i]";
    String deg = "OFFSET[i + 1] - OFFSET[i]";

    EmitSupport.addSchedule(type, "messages", "V", "updateVariable");
    type.addMethod(
        MethodSpec.methodBuilder("computeBelief")
            .addModifiers(Modifier.PRIVATE)
            .addJavadoc(
                "The prior times every incoming message, normalised; returns the sum before"
                    + " normalising.\n")
            .addParameter(int.class, "i")
            .returns(double.class)
            .addStatement("final int last = prefixes(i) * W")
            .addStatement("double sum = 0.0")
            .beginControlFlow("for (int v = 0; v < W; v++)")
            .addStatement("sum = sum + pre[last + v]")
            .endControlFlow()
            .beginControlFlow("for (int v = 0; v < W; v++)")
            .addStatement("belief[i * W + v] = sum > 0.0 ? pre[last + v] / sum : 0.0")
            .endControlFlow()
            .addStatement("return sum")
            .build());
    type.addMethod(prefixes(first, deg, reweighted));
    // The closed form of an observed variable's messages, and the unrolled update, are BP's.
    boolean observedShortcut =
        !dirichlet && !reweighted && !plan.anyEdgeKernel() && plan.layout().width() >= 2;
    int width = plan.layout().width();
    // The unrolled update writes out the neq sums; the max-product one takes the loops.
    if (!max && !reweighted && !plan.anyEdgeKernel() && width <= UNROLLED_WIDTH) {
      type.addMethod(updateVariableUnrolled(first, width, damping != 0.0, observedShortcut));
    } else {
      type.addMethod(
          updateVariable(
              first, plan.anyEdgeKernel(), damping != 0.0, observedShortcut, max, reweighted));
    }
    if (observedShortcut) {
      type.addMethod(updateObserved(first, deg, damping != 0.0));
    }
    return support.file(type.build(), compilerId);
  }

  /**
   * Fills {@code pre} for variable {@code i} from the current messages; returns its degree. Each
   * block's sum is kept while it is multiplied, so the rescale test costs no second pass.
   */
  private static MethodSpec prefixes(String first, String deg, boolean reweighted) {
    return MethodSpec.methodBuilder("prefixes")
        .addModifiers(Modifier.PRIVATE)
        .addParameter(int.class, "i")
        .returns(int.class)
        .addStatement("final int first = $L", first)
        .addStatement("final int degree = $L", deg)
        .addStatement("final double[] m = messages")
        .beginControlFlow("for (int v = 0; v < W; v++)")
        .addStatement("pre[v] = prior[i * W + v]")
        .endControlFlow()
        .beginControlFlow("for (int k = 0; k < degree; k++)")
        .addStatement("final int in = REVERSE[first + k] * W")
        .addStatement("final int a = k * W")
        .addCode(
            EmitSupport.productRescaledBySum(
                "v",
                "W",
                "pre[a + W + v]",
                "pre[a + v], " + incoming("m[in + v]", reweighted),
                "pre, a + W"))
        .endControlFlow()
        .addStatement("return degree")
        .build();
  }

  /**
   * The {@code neq} message from the cavity {@code pre[a ..] * suf[..]}, normalised, damped and
   * stored on edge offset {@code o}, in two passes. The message is a left sum plus a right sum (no
   * subtraction, so no entry cancels to a false zero) and its total {@code sum} is {@code (W - 1)}
   * times the cavity's sum; the first pass also folds this edge's incoming message into the running
   * suffix product {@code suf}. An entry is zero exactly where the cavity has no mass off its
   * value, so the old entries that damping keeps ({@code kept}) follow from where the cavity is not
   * zero, and the damped message's sum, {@code sum * (KEEP + DAMPING * kept)} before normalising,
   * is known before the second pass: it finishes each entry, and one division per message
   * normalises (a division's latency, not its count, is what a message waits for).
   */
  private static CodeBlock neqMessageAndStore(boolean damped, boolean reweighted) {
    CodeBlock.Builder code =
        CodeBlock.builder().addStatement("double left = 0.0").addStatement("double mass = 0.0");
    if (damped) {
      code.addStatement("double olds = 0.0")
          .addStatement("int nonZero = 0")
          .addStatement("int at = 0");
    }
    code.beginControlFlow("for (int v = 0; v < W; v++)")
        .addStatement("final double x = $T.times(pre[a + v], suf[v])", Numerics.class)
        .addStatement("cav[v] = x")
        .addStatement("out[v] = left")
        .addStatement("left = left + x");
    if (damped) {
      code.beginControlFlow("if (x != 0.0)")
          .addStatement("nonZero++")
          .addStatement("at = v")
          .endControlFlow()
          .addStatement("olds = olds + messages[o + v]");
    }
    code.addStatement(
            "final double y = $T.times($L, suf[v])",
            Numerics.class,
            incoming("messages[in + v]", reweighted))
        .addStatement("suf[v] = y")
        .addStatement("mass = mass + y")
        .endControlFlow()
        .add(rescaleSuffix())
        .add(neqScale(damped));
    return code.addStatement("double right = 0.0")
        .beginControlFlow("for (int v = W - 1; v >= 0; v--)")
        .addStatement("final double x = out[v] + right")
        .addStatement("right = right + cav[v]")
        .addStatement("final double old = messages[o + v]")
        .addStatement(
            damped
                ? "final double y = x == 0.0 ? 0.0 : (KEEP * x + dampSum * old) * scale"
                : "final double y = x * scale")
        .addStatement("final double d = $T.abs(y - old)", Math.class)
        .beginControlFlow("if (d > change)")
        .addStatement("change = d")
        .endControlFlow()
        .addStatement("messages[o + v] = y")
        .endControlFlow()
        .build();
  }

  /**
   * The neq message's sum ({@code W - 1} times the cavity's, {@code left}) and the one reciprocal
   * that normalises the message, damped or not; damped, also {@code dampSum}, the old entries'
   * weight before normalising.
   */
  private static CodeBlock neqScale(boolean damped) {
    CodeBlock.Builder code = CodeBlock.builder().addStatement("final double sum = left * (W - 1)");
    if (damped) {
      return code.addStatement(
              "final double kept = nonZero >= 2 ? olds : nonZero == 1 ? olds - messages[o + at] :"
                  + " 0.0")
          .addStatement(
              "final double scale = sum > 0.0 ? 1.0 / (sum * (KEEP + DAMPING * kept)) : 0.0")
          .addStatement("final double dampSum = DAMPING * sum")
          .build();
    }
    return code.addStatement("final double scale = sum > 0.0 ? 1.0 / sum : 0.0").build();
  }

  private static CodeBlock rescaleSuffix() {
    return CodeBlock.builder()
        .beginControlFlow("if (mass < W * $T.RESCALE_BELOW)", Numerics.class)
        .addStatement("$T.rescale(suf, 0, W)", Numerics.class)
        .endControlFlow()
        .build();
  }

  /**
   * The max-product {@code neq} message from the cavity {@code pre[a ..] * suf[..]}: at each value
   * the largest cavity entry off it, so the largest entry everywhere but at its own value, which
   * gets the second largest. The first pass also folds this edge's incoming message into {@code
   * suf}; the message, and its sum, are then normalised, damped and stored as a kernel's are.
   */
  private static CodeBlock neqMaxAndStore(boolean damped, boolean reweighted) {
    return CodeBlock.builder()
        .addStatement("double best = 0.0")
        .addStatement("double second = 0.0")
        .addStatement("int bestAt = -1")
        .addStatement("double mass = 0.0")
        .beginControlFlow("for (int v = 0; v < W; v++)")
        .addStatement("final double x = $T.times(pre[a + v], suf[v])", Numerics.class)
        .beginControlFlow("if (x > best)")
        .addStatement("second = best")
        .addStatement("best = x")
        .addStatement("bestAt = v")
        .nextControlFlow("else if (x > second)")
        .addStatement("second = x")
        .endControlFlow()
        .addStatement(
            "final double y = $T.times($L, suf[v])",
            Numerics.class,
            incoming("messages[in + v]", reweighted))
        .addStatement("suf[v] = y")
        .addStatement("mass = mass + y")
        .endControlFlow()
        .add(rescaleSuffix())
        .addStatement("double sum = 0.0")
        .beginControlFlow("for (int v = 0; v < W; v++)")
        .addStatement("out[v] = v == bestAt ? second : best")
        .addStatement("sum = sum + out[v]")
        .endControlFlow()
        .add(dampAndStore(damped))
        .build();
  }

  /**
   * The sum of a message that a kernel computed into {@code out}, then this edge's message folded
   * into {@code suf}.
   */
  private static CodeBlock kernelMessageAndSum(boolean max, boolean reweighted) {
    return CodeBlock.builder()
        .add(PairwiseKindsEmitter.kernelMessage(max))
        .addStatement("double sum = 0.0")
        .beginControlFlow("for (int v = 0; v < W; v++)")
        .addStatement("sum = sum + out[v]")
        .endControlFlow()
        .add(
            EmitSupport.productRescaledBySum(
                "v",
                "W",
                "suf[v]",
                incoming("messages[in + v]", reweighted) + ", suf[v]",
                "suf, 0"))
        .build();
  }

  /**
   * The messages of an observed variable (hard evidence, {@code neq} edges only), in closed form:
   * its cavity is a point mass at its value {@code g} whatever the messages' sizes, so the raw
   * message along an edge is 1 off {@code g} and 0 at {@code g}, with sum {@code W - 1}; or all
   * zero when the cavity has no mass there (its prior, or an incoming message other than the edge's
   * own, is zero at {@code g}). Normalised, damped and stored as the general way does.
   */
  private static MethodSpec updateObserved(String first, String deg, boolean damped) {
    return MethodSpec.methodBuilder("updateObserved")
        .addModifiers(Modifier.PRIVATE)
        .addJavadoc(
            "Recomputes every message of observed variable {@code i} (at message entry {@code g});"
                + " returns the largest change.\n")
        .addParameter(int.class, "i")
        .addParameter(int.class, "g")
        .returns(double.class)
        .addStatement("final int first = $L", first)
        .addStatement("final int degree = $L", deg)
        .addStatement("int zeros = 0")
        .addStatement("int zeroEdge = -1")
        .beginControlFlow("for (int k = 0; k < degree; k++)")
        .beginControlFlow("if (messages[REVERSE[first + k] * W + g] == 0.0)")
        .addStatement("zeros++")
        .addStatement("zeroEdge = k")
        .endControlFlow()
        .endControlFlow()
        .addStatement("final boolean none = prior[i * W + g] == 0.0 || zeros > 1")
        .addStatement("double change = 0.0")
        .beginControlFlow("for (int k = 0; k < degree; k++)")
        .addStatement("final int o = (first + k) * W")
        .addStatement("final double mass = none || zeros == 1 && zeroEdge != k ? 0.0 : 1.0")
        .beginControlFlow("for (int v = 0; v < W; v++)")
        .addStatement("out[v] = v == g ? 0.0 : mass")
        .endControlFlow()
        .addStatement("final double sum = mass * (W - 1)")
        .addCode(dampAndStore(damped))
        .endControlFlow()
        .addStatement("return change")
        .build();
  }

  /**
   * Normalises the message {@code out} (whose sum is {@code sum}), damps it where it is not an
   * exact zero, and stores it on edge offset {@code o}, keeping the largest {@code change}. The
   * damped entries are formed before normalising ({@code KEEP * out + DAMPING * sum * old}), so one
   * reciprocal of their sum normalises them: one division per message.
   */
  private static CodeBlock dampAndStore(boolean damped) {
    CodeBlock.Builder code = CodeBlock.builder();
    if (damped) {
      code.addStatement("double scale = 0.0")
          .beginControlFlow("if (sum > 0.0)")
          .addStatement("final double dampSum = DAMPING * sum")
          .addStatement("double damped = 0.0")
          .beginControlFlow("for (int v = 0; v < W; v++)")
          .addStatement(
              "final double x = out[v] == 0.0 ? 0.0 : KEEP * out[v] + dampSum * messages[o + v]")
          .addStatement("out[v] = x")
          .addStatement("damped = damped + x")
          .endControlFlow()
          .addStatement("scale = 1.0 / damped")
          .endControlFlow();
    } else {
      code.addStatement("final double scale = sum > 0.0 ? 1.0 / sum : 0.0");
    }
    return code.beginControlFlow("for (int v = 0; v < W; v++)")
        .addStatement("final double x = out[v] * scale")
        .addStatement("final double d = $T.abs(x - messages[o + v])", Math.class)
        .beginControlFlow("if (d > change)")
        .addStatement("change = d")
        .endControlFlow()
        .addStatement("messages[o + v] = x")
        .endControlFlow()
        .build();
  }

  private static MethodSpec updateVariable(
      String first,
      boolean kernels,
      boolean damped,
      boolean observedShortcut,
      boolean max,
      boolean reweighted) {
    CodeBlock neq =
        max ? neqMaxAndStore(damped, reweighted) : neqMessageAndStore(damped, reweighted);
    return MethodSpec.methodBuilder("updateVariable")
        .addModifiers(Modifier.PRIVATE)
        .addJavadoc(
            "Recomputes every message variable {@code i} sends, in place; returns the largest"
                + " change.\n")
        .addParameter(int.class, "i")
        .returns(double.class)
        .addCode(observedShortcut(observedShortcut))
        .addStatement("final int degree = prefixes(i)")
        .addStatement("final int first = $L", first)
        .addStatement("double change = 0.0")
        .beginControlFlow("for (int v = 0; v < W; v++)")
        .addStatement("suf[v] = 1.0")
        .endControlFlow()
        .beginControlFlow("for (int k = degree - 1; k >= 0; k--)")
        .addStatement("final int a = k * W")
        .addStatement("final int in = REVERSE[first + k] * W")
        .addStatement("final int o = (first + k) * W")
        .addCode(
            reweighted
                ? CodeBlock.of(
                    "$T.divideByOwn(pre, a, messages, in, W, RHO);\n", PairwiseKernels.class)
                : CodeBlock.of(""))
        .addCode(
            kernels
                ? CodeBlock.builder()
                    .beginControlFlow("if (EDGE_KIND[first + k] == 0)")
                    .add(neq)
                    .nextControlFlow("else")
                    .add(kernelMessageAndSum(max, reweighted))
                    .add(dampAndStore(damped))
                    .endControlFlow()
                    .build()
                : neq)
        .endControlFlow()
        .addStatement("return change")
        .build();
  }

  /**
   * A message entry {@code entry} as the products take it: raised to {@code RHO} in tree-reweighted
   * BP.
   */
  private static String incoming(String entry, boolean reweighted) {
    return reweighted ? "Math.pow(" + entry + ", RHO)" : entry;
  }

  /** The observed-variable shortcut at the head of an update, when the class has one. */
  private static CodeBlock observedShortcut(boolean observedShortcut) {
    return observedShortcut
        ? CodeBlock.builder()
            .beginControlFlow("if (observedIndex[i] >= 0)")
            .addStatement("return updateObserved(i, observedIndex[i])")
            .endControlFlow()
            .build()
        : CodeBlock.of("");
  }

  /**
   * {@link #updateVariable} for {@code neq} edges only, with every loop over the {@code width}
   * values written out: the running suffix product is {@code s<v>}, the cavity {@code c<v>}, the
   * left sums {@code l<v>} and the right sums {@code r<v>}, all locals, so the chain from one edge
   * to the next runs through registers rather than through the {@code suf}, {@code cav} and {@code
   * out} arrays. The operations and their order are those of the loops, value for value: a sum that
   * starts from {@code 0.0} starts from its first term instead, which is the same number for the
   * non-negative entries here.
   */
  private static MethodSpec updateVariableUnrolled(
      String first, int width, boolean damped, boolean observedShortcut) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder("updateVariable")
            .addModifiers(Modifier.PRIVATE)
            .addJavadoc(
                "Recomputes every message variable {@code i} sends, in place; returns the largest"
                    + " change.\n")
            .addParameter(int.class, "i")
            .returns(double.class)
            .addCode(observedShortcut(observedShortcut))
            .addStatement("final int degree = prefixes(i)")
            .addStatement("final int first = $L", first)
            .addStatement("double change = 0.0");
    for (int v = 0; v < width; v++) {
      method.addStatement("double s$L = 1.0", v);
    }
    method
        .beginControlFlow("for (int k = degree - 1; k >= 0; k--)")
        .addStatement("final int a = k * W")
        .addStatement("final int in = REVERSE[first + k] * W")
        .addStatement("final int o = (first + k) * W");
    if (damped) {
      method.addStatement("int nonZero = 0").addStatement("int at = 0");
    }
    for (int v = 0; v < width; v++) {
      method.addStatement("final double c$L = $T.times(pre[a + $L], s$L)", v, Numerics.class, v, v);
      if (damped) {
        method
            .beginControlFlow("if (c$L != 0.0)", v)
            .addStatement("nonZero++")
            .addStatement("at = $L", v)
            .endControlFlow();
      }
    }
    // l<v>: the sum of the cavity before value v (l0 is 0); left: all of it.
    for (int v = 2; v < width; v++) {
      method.addStatement(
          "final double l$L = $L", v, v == 2 ? "c0 + c1" : "l" + (v - 1) + " + c" + (v - 1));
    }
    method.addStatement(
        "final double left = $L",
        width == 1 ? "c0" : width == 2 ? "c0 + c1" : "l" + (width - 1) + " + c" + (width - 1));
    for (int v = 0; v < width; v++) {
      method.addStatement("final double m$L = messages[o + $L]", v, v);
    }
    if (damped) {
      method.addStatement("final double olds = $L", chain("m", width));
    }
    for (int v = 0; v < width; v++) {
      method.addStatement("s$L = $T.times(messages[in + $L], s$L)", v, Numerics.class, v, v);
    }
    method
        .beginControlFlow("if ($L < W * $T.RESCALE_BELOW)", chain("s", width), Numerics.class)
        .addStatement("double max = 0.0");
    for (int v = 0; v < width; v++) {
      method.beginControlFlow("if (s$L > max)", v).addStatement("max = s$L", v).endControlFlow();
    }
    method
        .beginControlFlow("if (max > 0.0 && max < $T.RESCALE_BELOW)", Numerics.class)
        .addStatement("final int shift = -$T.getExponent(max)", Math.class);
    for (int v = 0; v < width; v++) {
      method.addStatement("s$L = $T.scalb(s$L, shift)", v, Math.class, v);
    }
    method.endControlFlow().endControlFlow().addCode(neqScale(damped));
    // The message at v: the cavity left of v plus the cavity right of it (r<v>, summed from the
    // last value).
    for (int v = width - 1; v >= 0; v--) {
      String x;
      if (v == width - 1) {
        x = width == 1 ? "0.0" : width == 2 ? "c0" : "l" + v;
      } else {
        String right = v == width - 2 ? "c" + (width - 1) : "r" + (v + 1) + " + c" + (v + 1);
        method.addStatement("final double r$L = $L", v, right);
        x = v == 0 ? "r0" : v == 1 ? "c0 + r1" : "l" + v + " + r" + v;
      }
      method
          .addStatement("final double x$L = $L", v, x)
          .addStatement(
              damped
                  ? "final double y$L = x$L == 0.0 ? 0.0 : (KEEP * x$L + dampSum * m$L) * scale"
                  : "final double y$L = x$L * scale",
              damped ? new Object[] {v, v, v, v} : new Object[] {v, v})
          .addStatement("final double d$L = $T.abs(y$L - m$L)", v, Math.class, v, v)
          .beginControlFlow("if (d$L > change)", v)
          .addStatement("change = d$L", v)
          .endControlFlow()
          .addStatement("messages[o + $L] = y$L", v, v);
    }
    return method.endControlFlow().addStatement("return change").build();
  }

  /** {@code p0 + p1 + ...}, left to right. */
  private static String chain(String prefix, int width) {
    StringBuilder text = new StringBuilder(prefix).append(0);
    for (int v = 1; v < width; v++) {
      text.append(" + ").append(prefix).append(v);
    }
    return text.toString();
  }
}
