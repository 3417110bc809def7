package fgc.compiler.emit;

import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.FieldSpec;
import com.squareup.javapoet.JavaFile;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.TypeSpec;
import fgc.model.Limits;
import fgc.model.Model;
import fgc.plan.FactorPlan;
import fgc.plan.Footprint;
import fgc.plan.Lowered;
import fgc.plan.Semiring;
import fgc.solver.AlldiffKernels;
import fgc.solver.AssignmentKernels;
import fgc.solver.FamilyTables;
import fgc.solver.IntTables;
import fgc.solver.Numerics;
import java.util.Arrays;
import javax.lang.model.element.Modifier;

/**
 * Emits loopy BP with one node per {@code alldiff} (or {@code neq}) factor and exact factor
 * messages, in the sum-product or the max-product semiring. The sum-product message from an
 * all-different factor to slot {@code s} for value {@code v} is the permanent of the
 * slots-by-values matrix of incoming messages with row {@code s} and column {@code v} removed; the
 * max-product message is the best product of an injective assignment of the other slots to the
 * other values. Both come, all slots at once, from the subset passes of {@link
 * fgc.solver.AlldiffKernels} ({@code O(W 2^W)} per factor); a factor with fewer slots than values
 * is padded with rows of ones, which absorb the unused values.
 *
 * <p>Observed variables shrink the problem: an observed slot can only take its value, so it and its
 * value leave the matrix and the passes run over the free slots and free values alone (two observed
 * slots with one value, or more free slots than free values, make every message zero). Messages
 * into observed variables are not updated: their prior is a point mass, so no other entry of those
 * messages can change any belief. In a model of at most four values, a factor whose free slots and
 * free values make a square takes the straight-line update of {@link SquareFactorEmitter} instead.
 *
 * <p>Schedule: factors in order; before a factor is updated, each of its free variables' message to
 * it (prior times the variable's other incoming messages) is computed from the latest messages.
 */
public final class FactorBpEmitter {
  /** The subset tables hold {@code 2^W} entries; beyond 16 values they stop being practical. */
  public static final int MAX_WIDTH = AlldiffKernels.MAX_WIDTH;

  /** Max-product switches to one assignment solve per factor above this many free values. */
  public static final int MAX_PRODUCT_SUBSET_WIDTH = 8;

  /** {@link FactorPlan#MAX_PRODUCT_SPARSE_WIDTH}: sparse rows take the subset passes up to it. */
  public static final int MAX_PRODUCT_SPARSE_WIDTH = FactorPlan.MAX_PRODUCT_SPARSE_WIDTH;

  /**
   * Values max-product takes: any domain the language allows, since its wide factors need no subset
   * tables (one assignment solve, {@code O(W^3)}); the memory and the sweep are checked by the
   * footprint instead.
   */
  public static final int MAX_PRODUCT_WIDTH = Limits.MAX_DOMAIN;

  /**
   * Up to this many values, {@code layout()} keeps the observed values in one {@code long}; above,
   * in words.
   */
  static final int ONE_WORD = Long.SIZE;

  private FactorBpEmitter() {}

  /**
   * The class name for a key: derived from the key alone, so no model text reaches an identifier.
   */
  public static String simpleName(String key, boolean maxProduct) {
    return (maxProduct ? "MaxProduct_" : "SumProduct_") + key.substring(0, 16);
  }

  /**
   * What {@link #emit} writes for {@code plan}, added up before it is written: the plan's constants
   * as {@code lowered} writes them, and the state arrays of the class (kept in step with the fields
   * below).
   */
  public static Footprint footprint(
      FactorPlan plan, Lowered lowered, Model model, Semiring semiring) {
    boolean maxProduct = semiring == Semiring.MAX;
    long w = plan.layout().width();
    long e = plan.edgeCount();
    long f = plan.factorCount();
    Footprint footprint =
        new Footprint(EmitSupport.algorithmOf(lowered), model, plan.layout().width());
    new EmitSupport(lowered, plan.layout()).account(footprint);
    // Rebuilt from the families when the class loads: heap, not class text.
    if (plan.uniformArity() < 0) {
      footprint.state("FACTOR_START", f + 1, Integer.BYTES, "entries (factors + 1)");
    }
    footprint
        .state("EDGE_VAR, VAR_EDGES", 2 * e, Integer.BYTES, "entries (2 x edges)")
        .state("VAR_START", plan.variableCount() + 1L, Integer.BYTES, "entries (variables + 1)");
    long subsets = 1L << (maxProduct ? Math.min(w, MAX_PRODUCT_SPARSE_WIDTH) : w);
    footprint
        .state("OTHER_EDGES", 2 * e, Integer.BYTES, "entries (2 x edges)")
        .state(
            "toVariable",
            e * w,
            Double.BYTES,
            "entries (" + Footprint.count(e) + " edges x " + w + " values)")
        .state("rows, out", 2 * w * w, Double.BYTES, "entries")
        .state("forward, backward", 2 * subsets, Double.BYTES, "entries")
        .state("reached", 2 * subsets, Integer.BYTES, "entries")
        .state("freeEdge", e, Integer.BYTES, "entries")
        .state("freeCount, freeWidth, squareKind", 3 * f, Integer.BYTES, "entries")
        .state("impossible", f, 1, "entries")
        .state("column", f * w, Integer.BYTES, "entries (factors x values)");
    if (w > ONE_WORD) {
      footprint.state("taken", (w + ONE_WORD - 1) / ONE_WORD, Long.BYTES, "words");
    }
    if (maxProduct && w > MAX_PRODUCT_SUBSET_WIDTH) {
      footprint.state("assignment", 8 * w * w, Double.BYTES, "entries");
    }
    if (plan.data().needed()) {
      FactorKindsEmitter.account(footprint, plan);
    }
    return footprint;
  }

  public static JavaFile emit(
      FactorPlan plan,
      Lowered lowered,
      String key,
      String algorithmText,
      String compilerId,
      double damping,
      Semiring semiring) {
    boolean maxProduct = semiring == Semiring.MAX;
    EmitSupport support = new EmitSupport(lowered, plan.layout());
    int arity = plan.uniformArity();
    String algorithm = EmitSupport.algorithmOf(lowered);
    TypeSpec.Builder type =
        support
            .classWithCommonMembers(simpleName(key, maxProduct), algorithm, key, plan.modelName())
            .addJavadoc(
                "Loopy $L BP with exact all-different factor messages for model $S, generated by"
                    + " fgc $L.\n",
                maxProduct ? "max-product" : "sum-product",
                plan.modelName(),
                compilerId)
            .addJavadoc(
                "$L variables, $L values, $L factors, $L edges. Algorithm: $L.\n",
                plan.variableCount(),
                plan.layout().width(),
                plan.factorCount(),
                plan.edgeCount(),
                algorithmText);
    type.addField(support.constant("F"));
    type.addField(support.constant("E"));
    type.addField(support.constant("SUBSETS"));
    if (maxProduct && plan.layout().width() > MAX_PRODUCT_SUBSET_WIDTH) {
      type.addField(
          FieldSpec.builder(
                  AssignmentKernels.Workspace.class, "assignment", Modifier.PRIVATE, Modifier.FINAL)
              .initializer("new $T(W)", AssignmentKernels.Workspace.class)
              .build());
    }
    type.addField(support.constant("DAMPING"));
    type.addField(support.constant("KEEP"));
    // The families' few numbers are the class's; the flat tables the kernels read are rebuilt from
    // them when the first instance is made.
    type.addField(support.constant("FAMILIES"));
    String ranges = plan.layout().uniformDomains() ? "null, null" : "VAR_LO, VAR_SIZE";
    EmitSupport.addShared(
        type,
        FamilyTables.class,
        "ground",
        CodeBlock.of("$T.of(FAMILIES, V, W, $L)", FamilyTables.class, ranges));
    if (arity < 0) {
      type.addField(EmitSupport.state(int[].class, "FACTOR_START", "ground().factorStarts()"));
    }
    type.addField(EmitSupport.state(int[].class, "EDGE_VAR", "ground().edgeVariables()"));
    type.addField(EmitSupport.state(int[].class, "VAR_START", "ground().variableStarts()"));
    type.addField(EmitSupport.state(int[].class, "VAR_EDGES", "ground().variableEdges()"));
    // Derived, not stored: half the size of the other tables together.
    EmitSupport.addShared(
        type,
        int[].class,
        "otherEdges",
        CodeBlock.of(
            "$T.otherEdgesOfThree(ground().variableStarts(), ground().variableEdges(), E, W)",
            IntTables.class));
    type.addField(EmitSupport.state(int[].class, "OTHER_EDGES", "otherEdges()"));
    type.addField(EmitSupport.state(double[].class, "toVariable", "new double[E * W]"));
    type.addField(EmitSupport.state(double[].class, "rows", "new double[W * W]"));
    type.addField(EmitSupport.state(double[].class, "forward", "new double[SUBSETS]"));
    type.addField(EmitSupport.state(double[].class, "backward", "new double[SUBSETS]"));
    type.addField(EmitSupport.state(int[].class, "reached", "new int[2 * SUBSETS]"));
    type.addField(EmitSupport.state(int[].class, "masks", "new int[W]"));
    type.addField(EmitSupport.state(double[].class, "out", "new double[W * W]"));
    type.addField(EmitSupport.state(int[].class, "freeEdge", "new int[E]"));
    type.addField(EmitSupport.state(int[].class, "freeCount", "new int[F]"));
    type.addField(EmitSupport.state(int[].class, "freeWidth", "new int[F]"));
    type.addField(EmitSupport.state(boolean[].class, "impossible", "new boolean[F]"));
    type.addField(EmitSupport.state(int[].class, "column", "new int[F * W]"));
    if (plan.layout().width() > ONE_WORD) {
      type.addField(EmitSupport.state(long[].class, "taken", "new long[(W + 63) >>> 6]"));
    }
    type.addField(
        FieldSpec.builder(int.class, "layoutEvidence", Modifier.PRIVATE).initializer("-1").build());

    String first = arity >= 0 ? "f * " + arity : "FACTOR_START[f]";
    String arityExpr =
        arity >= 0 ? Integer.toString(arity) : "FACTOR_START[f + 1] - FACTOR_START[f]";

    int squareWidth =
        plan.layout().width() <= SquareFactorEmitter.MAX_WIDTH ? plan.layout().width() : 0;
    if (squareWidth >= 2) {
      type.addField(EmitSupport.state(int[].class, "squareKind", "new int[F]"));
      type.addMethod(SquareFactorEmitter.sweepFactor(squareWidth, first));
    }
    EmitSupport.addSchedule(
        type,
        "toVariable",
        "F",
        squareWidth >= 2 ? "sweepFactor" : "updateFactor",
        CodeBlock.builder()
            .beginControlFlow("if (layoutEvidence != evidence)")
            .addStatement("layout()")
            .endControlFlow()
            .build());
    type.addMethod(
        layout(
            first,
            arityExpr,
            plan.data().needed(),
            squareWidth >= 2,
            plan.layout().width() > ONE_WORD));
    type.addMethod(
        MethodSpec.methodBuilder("computeBelief")
            .addModifiers(Modifier.PRIVATE)
            .addJavadoc(
                "The prior times every incoming message, normalised; returns the sum before"
                    + " normalising.\n")
            .addParameter(int.class, "i")
            .returns(double.class)
            .addStatement("return cavity(i, -1, belief, i * W)")
            .build());
    type.addMethod(cavity());
    type.addMethod(cavityRow(plan.layout().uniformDomains()));
    type.addMethod(cavityRowGeneral());
    type.addMethod(store(damping != 0.0));
    String kernel =
        !maxProduct
            ? "sumProduct"
            : plan.layout().width() > MAX_PRODUCT_SUBSET_WIDTH ? "maxProductWide" : "maxProduct";
    int sparseWidth = Math.min(plan.layout().width(), MAX_PRODUCT_SPARSE_WIDTH);
    for (int k = 2; k <= squareWidth; k++) {
      type.addMethod(
          SquareFactorEmitter.updateSquare(
              k, squareWidth, maxProduct, damping != 0.0, plan.layout().uniformDomains()));
    }
    if (plan.data().needed()) { // other factor kinds: a dispatch by kind, and their kernels
      type.addMethod(updateFactor("updateAlldiff", first, kernel, sparseWidth));
      FactorKindsEmitter.addTo(type, support, plan, first, arityExpr, maxProduct);
    } else {
      type.addMethod(updateFactor("updateFactor", first, kernel, sparseWidth));
    }
    return support.file(type.build(), compilerId);
  }

  /**
   * Prior times the messages into {@code i} from every edge but {@code skip}, normalised into
   * {@code target[at..]}; returns the sum before normalising.
   */
  private static MethodSpec cavity() {
    return MethodSpec.methodBuilder("cavity")
        .addModifiers(Modifier.PRIVATE)
        .addParameter(int.class, "i")
        .addParameter(int.class, "skip")
        .addParameter(double[].class, "target")
        .addParameter(int.class, "at")
        .returns(double.class)
        .beginControlFlow("for (int v = 0; v < W; v++)")
        .addStatement("target[at + v] = prior[i * W + v]")
        .endControlFlow()
        .addCode(otherMessages("v", "W", "target[at + v]", "v", "target, at"))
        .addCode(EmitSupport.normaliseByReciprocal("v", "W", "target[at + v]"))
        .addStatement("return sum")
        .build();
  }

  /**
   * Multiplies {@code target} by the message on every edge of {@code i} but {@code skip}, rescaling
   * after each.
   */
  private static CodeBlock otherMessages(
      String index, String bound, String target, String value, String block) {
    return CodeBlock.builder()
        .beginControlFlow("for (int k = VAR_START[i]; k < VAR_START[i + 1]; k++)")
        .addStatement("final int e = VAR_EDGES[k]")
        .beginControlFlow("if (e == skip)")
        .addStatement("continue")
        .endControlFlow()
        .add(
            EmitSupport.productRescaledBySum(
                index, bound, target, target + ", toVariable[e * W + " + value + "]", block))
        .endControlFlow()
        .build();
  }

  /**
   * Row {@code at / W} of the kernel's matrix: the cavity of edge {@code edge}'s (free) variable
   * without {@code edge}, over the free values {@code column[cols .. cols + width)} only,
   * normalised over them. The reference normalises over every value first; a row's scale cancels in
   * every message it feeds, so the two agree to rounding. A variable in three factors (every cell
   * of a grid puzzle) multiplies its two other messages in one pass, with no branch but the
   * products': when a product's sum is at least {@code width * RESCALE_BELOW}, its maximum is at
   * least {@code RESCALE_BELOW} and the general way would not rescale it either; otherwise (a
   * rescale may be due) it goes the general way. With every domain the whole range, a free
   * variable's prior is exactly 1 and the first product is the message itself: {@code times(1, m)}
   * differs from {@code m} only below {@code TINY}, where the second product gives {@code TINY}
   * either way (message entries are at most 1). The returned mask of non-zero columns is read only
   * by the subset passes, at most {@link #MAX_PRODUCT_SPARSE_WIDTH} columns wide; past 32 columns
   * its bits wrap, unread.
   */
  private static MethodSpec cavityRow(boolean uniformDomains) {
    String first =
        uniformDomains ? "toVariable[e1 + v]" : "$T.times(prior[i * W + v], toVariable[e1 + v])";
    MethodSpec.Builder method =
        MethodSpec.methodBuilder("cavityRow")
            .addModifiers(Modifier.PRIVATE)
            .returns(int.class)
            .addParameter(int.class, "edge")
            .addParameter(int.class, "at")
            .addParameter(int.class, "width")
            .addParameter(int.class, "cols")
            .addStatement("final int e1 = OTHER_EDGES[2 * edge]")
            .beginControlFlow("if (e1 < E * W)");
    if (!uniformDomains) {
      // Only the prior's row needs the variable.
      method.addStatement("final int i = EDGE_VAR[edge]");
    }
    return method
        .addStatement("final int e2 = OTHER_EDGES[2 * edge + 1]")
        .addStatement("double sum1 = 0.0")
        .addStatement("double sum = 0.0")
        .addStatement("int mask = 0")
        .beginControlFlow("for (int c = 0; c < width; c++)")
        .addStatement("final int v = column[cols + c]")
        .addStatement("final double x1 = " + first, Numerics.class)
        .addStatement("final double x2 = $T.times(x1, toVariable[e2 + v])", Numerics.class)
        .addStatement("rows[at + c] = x2")
        .beginControlFlow("if (x2 != 0.0)")
        .addStatement("mask = mask | (1 << c)")
        .endControlFlow()
        .addStatement("sum1 = sum1 + x1")
        .addStatement("sum = sum + x2")
        .endControlFlow()
        .beginControlFlow(
            "if (sum1 >= width * $T.RESCALE_BELOW && sum >= width * $T.RESCALE_BELOW)",
            Numerics.class,
            Numerics.class)
        .addStatement("final double scale = 1.0 / sum")
        .beginControlFlow("for (int c = 0; c < width; c++)")
        .addStatement("rows[at + c] = rows[at + c] * scale")
        .endControlFlow()
        .addStatement("return mask")
        .endControlFlow()
        .endControlFlow()
        .addStatement("return cavityRowGeneral(EDGE_VAR[edge], edge, at, width, cols)")
        .build();
  }

  /**
   * The general way of {@link #cavityRow}, kept out of it so that its fast path is small enough to
   * inline.
   */
  private static MethodSpec cavityRowGeneral() {
    return MethodSpec.methodBuilder("cavityRowGeneral")
        .addModifiers(Modifier.PRIVATE)
        .returns(int.class)
        .addParameter(int.class, "i")
        .addParameter(int.class, "skip")
        .addParameter(int.class, "at")
        .addParameter(int.class, "width")
        .addParameter(int.class, "cols")
        .beginControlFlow("for (int c = 0; c < width; c++)")
        .addStatement("rows[at + c] = prior[i * W + column[cols + c]]")
        .endControlFlow()
        .addCode(otherMessages("c", "width", "rows[at + c]", "column[cols + c]", "rows, at"))
        .addCode(EmitSupport.normaliseByReciprocal("c", "width", "rows[at + c]"))
        .addStatement("int mask = 0")
        .beginControlFlow("for (int c = 0; c < width; c++)")
        .beginControlFlow("if (rows[at + c] != 0.0)")
        .addStatement("mask = mask | (1 << c)")
        .endControlFlow()
        .endControlFlow()
        .addStatement("return mask")
        .build();
  }

  /**
   * The message kernel: the subset passes, or for max-product over more than {@link
   * #MAX_PRODUCT_SUBSET_WIDTH} free values one assignment solve (faster from 9 values on, measured;
   * see AssignmentKernels).
   */
  private static CodeBlock kernelCall(String kernel, int sparseWidth) {
    CodeBlock passes =
        CodeBlock.of(
            "$T.$L(rows, W, free, width, forward, backward, reached, masks, out);\n",
            AlldiffKernels.class,
            kernel.equals("maxProductWide") ? "maxProduct" : kernel);
    if (!kernel.equals("maxProductWide")) {
      return passes;
    }
    return CodeBlock.builder()
        .beginControlFlow(
            "if (width <= $L || width <= $L && $T.nonZeroCount(masks, free) <= 2 * free)",
            MAX_PRODUCT_SUBSET_WIDTH,
            sparseWidth,
            AlldiffKernels.class)
        .add(passes)
        .nextControlFlow("else")
        .addStatement(
            "$T.maxProduct(rows, W, free, width, assignment, out)", AssignmentKernels.class)
        .endControlFlow()
        .build();
  }

  /**
   * What depends on the observations alone, per all-different factor: its free slots (as edges,
   * from {@code freeEdge[first]}), how many, its free values {@code column[f * W ..]} followed by
   * the taken ones, and whether the evidence already rules it out (a value observed twice, or more
   * free slots than free values). Recomputed when the evidence changes, not on every sweep. The
   * observed values of a factor are a bit set: one {@code long} up to 64 values, else the words of
   * the field {@code taken}.
   */
  private static MethodSpec layout(
      String first, String arity, boolean otherKinds, boolean squares, boolean words) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder("layout")
            .addModifiers(Modifier.PRIVATE)
            .beginControlFlow("for (int f = 0; f < F; f++)");
    if (otherKinds) {
      method.beginControlFlow("if (KIND[f] != 0)").addStatement("continue").endControlFlow();
    }
    return method
        .addStatement("final int first = $L", first)
        .addStatement("final int arity = $L", arity)
        .addCode(
            words
                ? CodeBlock.of("$T.fill(taken, 0L);\n", Arrays.class)
                : CodeBlock.of("long taken = 0L;\n"))
        .addStatement("int free = 0")
        .addStatement("boolean twice = false")
        .beginControlFlow("for (int s = 0; s < arity; s++)")
        .addStatement("final int g = observedIndex[EDGE_VAR[first + s]]")
        .beginControlFlow("if (g < 0)")
        .addStatement("freeEdge[first + free++] = first + s")
        .nextControlFlow("else")
        .addStatement("twice = twice || " + isTaken("g", words, true))
        .addStatement(
            words ? "taken[g >>> 6] = taken[g >>> 6] | (1L << g)" : "taken = taken | (1L << g)")
        .endControlFlow()
        .endControlFlow()
        .addStatement("int width = 0")
        .beginControlFlow("for (int v = 0; v < W; v++)")
        .beginControlFlow("if (" + isTaken("v", words, false) + ")")
        .addStatement("column[f * W + width++] = v")
        .endControlFlow()
        .endControlFlow()
        .addStatement("int next = width")
        .beginControlFlow("for (int v = 0; v < W; v++)")
        .beginControlFlow("if (" + isTaken("v", words, true) + ")")
        .addStatement("column[f * W + next++] = v")
        .endControlFlow()
        .endControlFlow()
        .addStatement("freeCount[f] = free")
        .addStatement("freeWidth[f] = width")
        .addStatement("impossible[f] = twice || free > width")
        .addCode(
            squares
                ? CodeBlock.builder()
                    .addStatement(
                        "squareKind[f] = !impossible[f] && free == width && free >= 2 ? free : 0")
                    .build()
                : CodeBlock.of(""))
        .endControlFlow()
        .addStatement("layoutEvidence = evidence")
        .build();
  }

  /**
   * The test that value {@code v} is (or is not) among the factor's observed values; {@code 1L <<
   * v} shifts by {@code v mod 64}.
   */
  private static String isTaken(String v, boolean words, boolean taken) {
    String bit =
        words ? "(taken[" + v + " >>> 6] & (1L << " + v + "))" : "((taken >>> " + v + ") & 1L)";
    return bit + (taken ? " != 0L" : " == 0L");
  }

  /**
   * Stores the message {@code out[at ..]} (over the free values {@code column[cols ..]}) on edge
   * offset {@code o}, normalised, damped where it is not an exact zero, normalised again; the taken
   * values get zero. Returns the largest change. Two passes: the first sums the message and the old
   * entries where it is not zero, which gives the damped sum {@code KEEP * 1 + DAMPING * kept}
   * without a pass over the damped entries. The reference divides entry by entry and sums the
   * damped entries; they agree to rounding.
   */
  private static MethodSpec store(boolean damped) {
    MethodSpec.Builder method =
        MethodSpec.methodBuilder("store")
            .addModifiers(Modifier.PRIVATE)
            .addParameter(int.class, "o")
            .addParameter(int.class, "at")
            .addParameter(int.class, "width")
            .addParameter(int.class, "cols")
            .returns(double.class)
            .addStatement("double sum = 0.0");
    if (damped) {
      method
          .addStatement("double kept = 0.0")
          .beginControlFlow("for (int c = 0; c < width; c++)")
          .addStatement("final double x = out[at + c]")
          .addStatement("sum = sum + x")
          .addStatement("kept = kept + (x == 0.0 ? 0.0 : toVariable[o + column[cols + c]])")
          .endControlFlow()
          .addStatement("final double scale = sum > 0.0 ? 1.0 / sum : 0.0")
          .addStatement(
              "final double again = sum > 0.0 ? 1.0 / (KEEP * (sum * scale) + DAMPING * kept) :"
                  + " 0.0");
    } else {
      method
          .beginControlFlow("for (int c = 0; c < width; c++)")
          .addStatement("sum = sum + out[at + c]")
          .endControlFlow()
          .addStatement("final double scale = sum > 0.0 ? 1.0 / sum : 0.0");
    }
    method
        .addStatement("double change = 0.0")
        .beginControlFlow("for (int c = 0; c < width; c++)")
        .addStatement("final int v = column[cols + c]")
        .addStatement("final double old = toVariable[o + v]")
        .addStatement("final double x = out[at + c] * scale");
    if (damped) {
      method.addStatement("final double y = x == 0.0 ? 0.0 : (KEEP * x + DAMPING * old) * again");
    } else {
      method.addStatement("final double y = x");
    }
    return method
        .addStatement("final double d = $T.abs(y - old)", Math.class)
        .beginControlFlow("if (d > change)")
        .addStatement("change = d")
        .endControlFlow()
        .addStatement("toVariable[o + v] = y")
        .endControlFlow()
        .beginControlFlow("for (int c = width; c < W; c++)")
        .addStatement("final int v = column[cols + c]")
        .addStatement("final double d = $T.abs(toVariable[o + v])", Math.class)
        .beginControlFlow("if (d > change)")
        .addStatement("change = d")
        .endControlFlow()
        .addStatement("toVariable[o + v] = 0.0")
        .endControlFlow()
        .addStatement("return change")
        .build();
  }

  private static MethodSpec updateFactor(
      String name, String first, String kernel, int sparseWidth) {
    return MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PRIVATE)
        .addJavadoc(
            "Recomputes every message factor {@code f} sends to a free variable, in place; returns"
                + " the largest change.\n")
        .addParameter(int.class, "f")
        .returns(double.class)
        .addStatement("final int first = $L", first)
        .addStatement("final int free = freeCount[f]")
        .beginControlFlow("if (free == 0)")
        .addStatement("return 0.0")
        .endControlFlow()
        .addStatement("final int width = freeWidth[f]")
        .addStatement("final int cols = f * W")
        .addStatement("double change = 0.0")
        .beginControlFlow("if (impossible[f])")
        .beginControlFlow("for (int r = 0; r < free; r++)")
        .addStatement("final double c = store(freeEdge[first + r] * W, 0, 0, cols)")
        .beginControlFlow("if (c > change)")
        .addStatement("change = c")
        .endControlFlow()
        .endControlFlow()
        .addStatement("return change")
        .endControlFlow()
        .beginControlFlow("for (int r = 0; r < free; r++)")
        .addStatement("masks[r] = cavityRow(freeEdge[first + r], r * W, width, cols)")
        .endControlFlow()
        .beginControlFlow("for (int r = free; r < width; r++)")
        .beginControlFlow("for (int c = 0; c < width; c++)")
        .addStatement("rows[r * W + c] = 1.0")
        .endControlFlow()
        .endControlFlow()
        .addCode(kernelCall(kernel, sparseWidth))
        .beginControlFlow("for (int r = 0; r < free; r++)")
        .addStatement("final double c = store(freeEdge[first + r] * W, r * W, width, cols)")
        .beginControlFlow("if (c > change)")
        .addStatement("change = c")
        .endControlFlow()
        .endControlFlow()
        .addStatement("return change")
        .build();
  }
}
