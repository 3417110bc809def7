package fgc.compiler.emit;

import com.squareup.javapoet.ArrayTypeName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.FieldSpec;
import com.squareup.javapoet.JavaFile;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import fgc.plan.Footprint;
import fgc.plan.Lowered;
import fgc.plan.VariableLayout;
import fgc.solver.Dirichlets;
import fgc.solver.GeneratedAlgorithm;
import fgc.solver.Noise;
import fgc.solver.Numerics;
import fgc.solver.PlanDigest;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.lang.model.element.Modifier;

/**
 * What every generated algorithm class has in common: its identity constants, the variable layout,
 * evidence as a prior, and the readers of beliefs. An emitter adds its messages, its schedule and
 * {@code double computeBelief(int i)}, which fills {@code belief[i*W ..]} normalised and returns
 * the sum before normalising. Beliefs are computed lazily, per variable, and kept until something
 * they depend on changes (every change bumps {@code epoch}).
 *
 * <p>Nothing from the model reaches the source as an identifier: the class name comes from the key,
 * and the model name appears only as a string literal escaped by JavaPoet.
 */
public final class EmitSupport {
  static final String PACKAGE = "fgc.generated";

  private final VariableLayout layout;

  /** The plan's constants, which this class's fields are written from. */
  private final Lowered lowered;

  /** Dirichlet pseudo-counts {free value, observed value}, or null for hard evidence. */
  private final double[] dirichlet;

  /** Whether the class has a {@code weighPrior(i)} that multiplies unary weights into the prior. */
  private final boolean weighed;

  /** Hard evidence: an observed variable's prior is a point mass, a free one's is uniform. */
  EmitSupport(Lowered lowered, VariableLayout layout) {
    this(lowered, layout, null, false);
  }

  private EmitSupport(Lowered lowered, VariableLayout layout, double[] dirichlet, boolean weighed) {
    this.lowered = lowered;
    this.layout = layout;
    this.dirichlet = dirichlet;
    this.weighed = weighed;
  }

  /**
   * The same, with every change of a prior followed by {@code weighPrior(i)}, which the emitter
   * adds.
   */
  EmitSupport weighingPriors() {
    return new EmitSupport(lowered, layout, dirichlet, true);
  }

  boolean dirichlet() {
    return dirichlet != null;
  }

  /**
   * Soft evidence: each variable's value distribution has a Dirichlet prior with {@code free}
   * pseudo-counts per value, raised to {@code given} on an observed value; the messages see its
   * mean, and marginals are the mean of the posterior Dirichlet (see {@link
   * fgc.solver.Dirichlets}).
   */
  static EmitSupport dirichlet(Lowered lowered, VariableLayout layout, double free, double given) {
    return new EmitSupport(lowered, layout, new double[] {free, given}, false);
  }

  /**
   * The algorithm's name, as its lowering wrote it ({@code ALGORITHM}): the emitter names what it
   * writes by it rather than by its own flags.
   */
  static String algorithmOf(Lowered lowered) {
    return (String) lowered.constant("ALGORITHM").value();
  }

  /** The first offset of variable {@code i}'s own values inside its {@code W}-wide block. */
  String varLo() {
    return layout.uniformDomains() ? "0" : "VAR_LO[i]";
  }

  String varSize() {
    return layout.uniformDomains() ? "W" : "VAR_SIZE[i]";
  }

  /**
   * Sets variable {@code i}'s prior: observed at entry {@code index} (relative to its own lowest
   * value) when {@code index} is non-null, else free.
   */
  private CodeBlock setPrior(CodeBlock index) {
    CodeBlock.Builder code = CodeBlock.builder();
    String target = dirichlet == null ? "prior" : "alpha";
    String free = dirichlet == null ? "1.0" : "FREE_COUNT";
    code.addStatement("$T.fill($L, i * W, i * W + W, 0.0)", Arrays.class, target);
    if (index == null || dirichlet != null) {
      code.addStatement(
          "$T.fill($L, i * W + $L, i * W + $L + $L, $L)",
          Arrays.class,
          target,
          varLo(),
          varLo(),
          varSize(),
          free);
    }
    if (index != null) {
      code.addStatement(
          "$L[i * W + $L + $L] = $L",
          target,
          varLo(),
          index,
          dirichlet == null ? "1.0" : "GIVEN_COUNT");
    }
    if (dirichlet != null) {
      code.addStatement("$T.mean(alpha, i * W, W, prior, i * W)", Dirichlets.class);
    }
    if (weighed) {
      code.addStatement("weighPrior(i)");
    }
    return code.build();
  }

  /**
   * Adds every table of the plan's constants, and the state of {@link #classWithCommonMembers}, to
   * {@code footprint}.
   */
  Footprint account(Footprint footprint) {
    long n = layout.variableCount();
    long w = layout.width();
    footprint
        .constants(lowered)
        .state("prior", n * w, Double.BYTES, "entries (variables x values)")
        .state("belief", n * w, Double.BYTES, "entries (variables x values)")
        .state("observedIndex", n, Integer.BYTES, "entries")
        .state("beliefEpoch", n, Integer.BYTES, "entries")
        .state("noMass", n, 1, "entries");
    if (dirichlet != null) {
      footprint
          .state("alpha", n * w, Double.BYTES, "entries (variables x values)")
          .state("posterior", w, Double.BYTES, "entries");
    }
    return footprint;
  }

  /** A class with the identity, layout and evidence members; the caller adds the algorithm. */
  TypeSpec.Builder classWithCommonMembers(
      String simpleName, String algorithm, String key, String modelName) {
    TypeSpec.Builder type =
        TypeSpec.classBuilder(simpleName)
            .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
            .addSuperinterface(GeneratedAlgorithm.class);
    type.addField(constant(String.class, "KEY", CodeBlock.of("$S", key), Modifier.PUBLIC));
    type.addField(constant(String.class, "MODEL", CodeBlock.of("$S", modelName), Modifier.PUBLIC));
    type.addField(constant("ALGORITHM"));
    type.addField(constant("V"));
    type.addField(constant("W"));
    type.addField(constant("LO"));
    if (lowered.has("VAR_LO")) {
      type.addField(constant("VAR_LO"));
      type.addField(constant("VAR_SIZE"));
    }
    type.addField(state(double[].class, "prior", "new double[V * W]"));
    type.addField(state(double[].class, "belief", "new double[V * W]"));
    if (dirichlet != null) {
      type.addField(constant("FREE_COUNT"));
      type.addField(constant("GIVEN_COUNT"));
      type.addField(state(double[].class, "alpha", "new double[V * W]"));
      type.addField(state(double[].class, "posterior", "new double[W]"));
    }
    type.addField(
        FieldSpec.builder(int[].class, "observedIndex", Modifier.PRIVATE, Modifier.FINAL)
            .addJavadoc(
                "Per variable: the message entry of its observed value, or -1 when it is free.\n")
            .initializer("new int[V]")
            .build());
    type.addField(FieldSpec.builder(int.class, "sweeps", Modifier.PRIVATE).build());
    type.addField(
        FieldSpec.builder(int.class, "evidence", Modifier.PRIVATE)
            .addJavadoc(
                "Bumped by every change of evidence: what depends on the observations alone is"
                    + " recomputed when it moves.\n")
            .build());
    type.addField(FieldSpec.builder(int.class, "epoch", Modifier.PRIVATE).initializer("1").build());
    type.addField(state(int[].class, "beliefEpoch", "new int[V]"));
    type.addField(state(boolean[].class, "noMass", "new boolean[V]"));

    type.addMethod(getter("key", String.class, "KEY"));
    type.addMethod(getter("algorithm", String.class, "ALGORITHM"));
    type.addMethod(getter("variableCount", int.class, "V"));
    type.addMethod(getter("sweepsDone", int.class, "sweeps"));
    type.addMethod(variableGetter("lowestValue", "LO + " + varLo()));
    type.addMethod(variableGetter("domainSize", varSize()));
    type.addMethod(
        override("setObserved", void.class)
            .addParameter(int.class, "i")
            .addParameter(int.class, "value")
            .addStatement("checkVariable(i)")
            .addStatement("int index = value - LO - $L", varLo())
            .beginControlFlow("if (index < 0 || index >= $L)", varSize())
            .addStatement(
                "throw new $T(\"value \" + value + \" is outside the domain of variable \" + i)",
                IllegalArgumentException.class)
            .endControlFlow()
            .addCode(setPrior(CodeBlock.of("index")))
            .addStatement("observedIndex[i] = $L + index", varLo())
            .addStatement("evidence++")
            .addStatement("epoch++")
            .build());
    type.addMethod(
        override("clearObserved", void.class)
            .addParameter(int.class, "i")
            .addStatement("checkVariable(i)")
            .addCode(setPrior(null))
            .addStatement("observedIndex[i] = -1")
            .addStatement("evidence++")
            .addStatement("epoch++")
            .build());
    type.addMethod(
        override("clearAllObserved", void.class)
            .beginControlFlow("for (int i = 0; i < V; i++)")
            .addStatement("clearObserved(i)")
            .endControlFlow()
            .build());
    type.addMethod(override("reset", void.class).addStatement("resetWithNoise(0L, 0.0)").build());
    type.addMethod(
        override("marginal", void.class)
            .addParameter(int.class, "i")
            .addParameter(double[].class, "target")
            .addStatement("checkVariable(i)")
            .addStatement("freshBelief(i)")
            .addCode(
                dirichlet == null
                    ? CodeBlock.of(
                        "$T.arraycopy(belief, i * W + $L, target, 0, $L);\n",
                        System.class,
                        varLo(),
                        varSize())
                    : CodeBlock.builder()
                        .addStatement(
                            "$T.project(alpha, i * W, belief, i * W, W, posterior, 0)",
                            Dirichlets.class)
                        .addStatement("$T.mean(posterior, 0, W, posterior, 0)", Dirichlets.class)
                        .addStatement(
                            "$T.arraycopy(posterior, $L, target, 0, $L)",
                            System.class,
                            varLo(),
                            varSize())
                        .build())
            .build());
    type.addMethod(
        override("contradiction", boolean.class)
            .beginControlFlow("for (int i = 0; i < V; i++)")
            .addStatement("freshBelief(i)")
            .beginControlFlow("if (noMass[i])")
            .addStatement("return true")
            .endControlFlow()
            .endControlFlow()
            .addStatement("return false")
            .build());
    type.addMethod(
        MethodSpec.methodBuilder("freshBelief")
            .addModifiers(Modifier.PRIVATE)
            .addParameter(int.class, "i")
            .beginControlFlow("if (beliefEpoch[i] != epoch)")
            .addStatement("noMass[i] = !(computeBelief(i) > 0.0)")
            .addStatement("beliefEpoch[i] = epoch")
            .endControlFlow()
            .build());
    type.addMethod(
        MethodSpec.methodBuilder("checkVariable")
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
            .addParameter(int.class, "i")
            .beginControlFlow("if (i < 0 || i >= V)")
            .addStatement(
                "throw new $T(\"variable \" + i + \" of \" + V)", IndexOutOfBoundsException.class)
            .endControlFlow()
            .build());
    return type;
  }

  /**
   * The members every message-passing class shares around its schedule: a constructor that starts
   * free and reset, {@code resetWithNoise} over the message array {@code messages}, and {@code
   * update}, which calls {@code updateMethod(k)} for {@code k} below {@code count} on every sweep
   * and returns the largest change of the last one.
   */
  static void addSchedule(
      TypeSpec.Builder type, String messages, String count, String updateMethod) {
    addSchedule(type, messages, count, updateMethod, CodeBlock.builder().build());
  }

  /** The same, with {@code beforeSweeps} run once at the start of every {@code update}. */
  static void addSchedule(
      TypeSpec.Builder type,
      String messages,
      String count,
      String updateMethod,
      CodeBlock beforeSweeps) {
    type.addMethod(
        MethodSpec.constructorBuilder()
            .addModifiers(Modifier.PUBLIC)
            .addStatement("clearAllObserved()")
            .addStatement("reset()")
            .build());
    type.addMethod(
        override("resetWithNoise", void.class)
            .addParameter(long.class, "seed")
            .addParameter(double.class, "scale")
            .addStatement("$T.fill($L, W, seed, scale)", Noise.class, messages)
            .addStatement("sweeps = 0")
            .addStatement("epoch++")
            .build());
    type.addMethod(
        override("update", double.class)
            .addParameter(int.class, "count")
            .addCode(beforeSweeps)
            .addStatement("double change = 0.0")
            .beginControlFlow("for (int t = 0; t < count; t++)")
            .addStatement("change = 0.0")
            .beginControlFlow("for (int k = 0; k < $L; k++)", count)
            .addStatement("double c = $L(k)", updateMethod)
            .beginControlFlow("if (c > change)")
            .addStatement("change = c")
            .endControlFlow()
            .endControlFlow()
            .addStatement("sweeps++")
            .endControlFlow()
            .addStatement("epoch++")
            .addStatement("return change")
            .build());
  }

  /**
   * {@code target = Numerics.times(factors)} for {@code index} below {@code bound}, keeping the
   * block's sum, then {@link fgc.solver.Numerics#rescale} of {@code block} (array, offset) only
   * when that sum is below {@code bound * RESCALE_BELOW}: otherwise the block's maximum is at least
   * {@code RESCALE_BELOW} and {@code rescale} would leave it as it is. The test costs one addition
   * per entry and no second pass. Declares {@code mass}.
   */
  static CodeBlock productRescaledBySum(
      String index, String bound, String target, String factors, String block) {
    return CodeBlock.builder()
        .addStatement("double mass = 0.0")
        .beginControlFlow("for (int $L = 0; $L < $L; $L++)", index, index, bound, index)
        .addStatement("final double x = $T.times($L)", Numerics.class, factors)
        .addStatement("$L = x", target)
        .addStatement("mass = mass + x")
        .endControlFlow()
        .beginControlFlow("if (mass < $L * $T.RESCALE_BELOW)", bound, Numerics.class)
        .addStatement("$T.rescale($L, $L)", Numerics.class, block, bound)
        .endControlFlow()
        .build();
  }

  /**
   * Normalises {@code target} over {@code index} below {@code bound} by one reciprocal of its sum
   * (all zero stays zero). Declares {@code sum}.
   */
  static CodeBlock normaliseByReciprocal(String index, String bound, String target) {
    return CodeBlock.builder()
        .addStatement("double sum = 0.0")
        .beginControlFlow("for (int $L = 0; $L < $L; $L++)", index, index, bound, index)
        .addStatement("sum = sum + $L", target)
        .endControlFlow()
        .addStatement("final double scale = sum > 0.0 ? 1.0 / sum : 0.0")
        .beginControlFlow("for (int $L = 0; $L < $L; $L++)", index, index, bound, index)
        .addStatement("$L = $L * scale", target, target)
        .endControlFlow()
        .build();
  }

  /**
   * Whether {@code field} is in the class's plan digest: every {@code static final} int, double,
   * {@code int[]} or {@code double[]} (the sizes, options and tables the class runs on), and the
   * algorithm's name. What the class derives from them ({@link #addShared}) is not final.
   */
  static boolean digested(FieldSpec field) {
    if (!field.modifiers.contains(Modifier.STATIC) || !field.modifiers.contains(Modifier.FINAL)) {
      return false;
    }
    TypeName t = field.type;
    return field.name.equals("ALGORITHM")
        || t.equals(TypeName.INT)
        || t.equals(TypeName.DOUBLE)
        || t.equals(ArrayTypeName.of(TypeName.INT))
        || t.equals(ArrayTypeName.of(TypeName.DOUBLE));
  }

  /**
   * {@code PLAN_DIGEST}, public: the {@link PlanDigest} of every digested constant of {@code type},
   * in the order of their names, from the values the class holds (its decoded tables), computed
   * when the class loads; {@code planDigest()} returns it. A cache hit reads it from the class
   * without making an instance. Made from the type's own fields, so a constant an emitter adds is
   * covered without being listed here; declared after them all, so they are set when it is
   * computed.
   */
  static FieldSpec planDigest(TypeSpec type) {
    TreeMap<String, FieldSpec> fields = new TreeMap<>();
    for (FieldSpec f : type.fieldSpecs) {
      if (digested(f)) {
        fields.put(f.name, f);
      }
    }
    CodeBlock.Builder code = CodeBlock.builder().add("new $T()", PlanDigest.class);
    for (String name : fields.keySet()) {
      code.add("\n    .add($N)", name);
    }
    return constant(String.class, "PLAN_DIGEST", code.add("\n    .hex()").build(), Modifier.PUBLIC);
  }

  /**
   * The class's source. Every constant of its digest must be one of the plan's lowered constants
   * and each of those a field, or the class and the plan would describe two things: an emitter that
   * adds a constant adds it to the lowering ({@code fgc.plan.Lowerings}).
   */
  JavaFile file(TypeSpec type, String compilerId) {
    Set<String> fields = new TreeSet<>();
    for (FieldSpec f : type.fieldSpecs) {
      if (digested(f)) {
        fields.add(f.name);
      }
    }
    Set<String> constants = new TreeSet<>();
    for (Lowered.Constant c : lowered.constants()) {
      constants.add(c.name());
    }
    if (!fields.equals(constants)) {
      throw new IllegalStateException(
          "internal error: the class's constants " + fields + " are not its plan's " + constants);
    }
    TypeSpec withDigest =
        type.toBuilder()
            .addField(planDigest(type))
            .addMethod(getter("planDigest", String.class, "PLAN_DIGEST"))
            .build();
    return JavaFile.builder(PACKAGE, withDigest)
        .addFileComment("Generated by fgc $L. Do not edit.", compilerId)
        .skipJavaLangImports(true)
        .indent("  ")
        .build();
  }

  /**
   * The field of the plan's constant {@code name}, as lowered: a number or a string as a literal, a
   * table as its {@link TableText}; {@code ALGORITHM} is public, the others private.
   */
  FieldSpec constant(String name) {
    Lowered.Constant c = lowered.constant(name);
    if (c.derived()) {
      throw new IllegalArgumentException(name + " is derived: its emitter writes its initialiser");
    }
    Object v = c.value();
    if (v instanceof Integer) {
      return constant(int.class, name, CodeBlock.of("$L", v));
    }
    if (v instanceof Double) {
      return constant(double.class, name, CodeBlock.of("$L", Double.toString((Double) v)));
    }
    if (v instanceof String) {
      return constant(String.class, name, CodeBlock.of("$S", v), Modifier.PUBLIC);
    }
    return constant(
        v instanceof int[] ? int[].class : double[].class, name, Tables.decodeCall(c.text()));
  }

  static FieldSpec constant(Class<?> type, String name, CodeBlock init, Modifier... extra) {
    FieldSpec.Builder f =
        FieldSpec.builder(type, name, Modifier.STATIC, Modifier.FINAL).initializer(init);
    f.addModifiers(extra.length == 0 ? new Modifier[] {Modifier.PRIVATE} : extra);
    return f.build();
  }

  /**
   * A table derived from digested constants by solver-api code (which the compiler's fingerprint
   * covers), made when the class's first instance is made and shared by later ones: a static field
   * {@code name} and its getter {@code name()}. Not a constant: the class loads, and a cache hit is
   * checked, without building it, so a hit costs the class's size rather than the model's; and not
   * in the plan digest, which has what it is made from.
   */
  static void addShared(TypeSpec.Builder type, Class<?> cls, String name, CodeBlock init) {
    type.addField(FieldSpec.builder(cls, name, Modifier.PRIVATE, Modifier.STATIC).build());
    type.addMethod(
        MethodSpec.methodBuilder(name)
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.SYNCHRONIZED)
            .returns(cls)
            .beginControlFlow("if ($N == null)", name)
            .addStatement("$N = $L", name, init)
            .endControlFlow()
            .addStatement("return $N", name)
            .build());
  }

  static FieldSpec state(Class<?> type, String name, String init) {
    return FieldSpec.builder(type, name, Modifier.PRIVATE, Modifier.FINAL)
        .initializer(init)
        .build();
  }

  static MethodSpec.Builder override(String name, Class<?> returns) {
    return MethodSpec.methodBuilder(name)
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .returns(returns);
  }

  private static MethodSpec getter(String name, Class<?> returns, String expression) {
    return override(name, returns).addStatement("return $L", expression).build();
  }

  private static MethodSpec variableGetter(String name, String expression) {
    return override(name, int.class)
        .addParameter(int.class, "i")
        .addStatement("checkVariable(i)")
        .addStatement("return $L", expression)
        .build();
  }
}
