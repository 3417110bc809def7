package fgc.compiler.emit;

import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.TypeSpec;
import fgc.plan.FactorData;
import fgc.plan.FactorPlan;
import fgc.plan.Footprint;
import fgc.solver.FactorKernels;
import java.util.Arrays;
import javax.lang.model.element.Modifier;

/**
 * Adds to a factor-level BP class the messages of {@code eq}, {@code table}, {@code sum} and {@code
 * prior} factors: {@code updateOther(f)} gathers each slot's incoming message (its cavity, or a
 * point mass at an observed value), calls {@link FactorKernels#messages} with the factor's
 * constants, then normalises, damps and stores the messages to free slots exactly as the
 * all-different path does. The maths lives in the tested kernels; the class holds only tables and
 * the schedule.
 */
public final class FactorKindsEmitter {
  private FactorKindsEmitter() {}

  /**
   * Adds the state {@link #addTo} writes to {@code footprint} (its {@code WEIGHTS} are one of the
   * plan's constants, which the footprint has).
   */
  static void account(Footprint footprint, FactorPlan plan) {
    FactorData data = plan.data();
    long w = plan.layout().width();
    // Kinds and info are rebuilt from the families when the class loads: heap, not class text.
    long f = plan.factorCount();
    footprint
        .state("KIND, INFO_START", 2 * f + 1, Integer.BYTES, "entries (2 x factors)")
        .state(
            "INFO",
            (long) plan.edgeCount() * 2 + f,
            Integer.BYTES,
            "entries (at most 2 x edges + factors)");
    footprint
        .state(
            "slotRows, slotOut", 2L * data.maxArity() * w, Double.BYTES, "entries (arity x values)")
        .state("kernelScratch", data.sumScratch(), Double.BYTES, "entries (the sum's partial sums)")
        .state("digits", data.maxArity(), Integer.BYTES, "entries");
  }

  static void addTo(
      TypeSpec.Builder type,
      EmitSupport support,
      FactorPlan plan,
      String first,
      String arity,
      boolean max) {
    FactorData data = plan.data();
    type.addField(EmitSupport.state(int[].class, "KIND", "ground().kinds()"));
    type.addField(EmitSupport.state(int[].class, "INFO_START", "ground().infoStarts()"));
    type.addField(EmitSupport.state(int[].class, "INFO", "ground().info()"));
    type.addField(support.constant("WEIGHTS"));
    type.addField(
        EmitSupport.state(double[].class, "slotRows", "new double[" + data.maxArity() + " * W]"));
    type.addField(
        EmitSupport.state(double[].class, "slotOut", "new double[" + data.maxArity() + " * W]"));
    type.addField(
        EmitSupport.state(
            double[].class, "kernelScratch", "new double[" + data.sumScratch() + "]"));
    type.addField(EmitSupport.state(int[].class, "digits", "new int[" + data.maxArity() + "]"));
    type.addMethod(
        MethodSpec.methodBuilder("updateFactor")
            .addModifiers(Modifier.PRIVATE)
            .addParameter(int.class, "f")
            .returns(double.class)
            .addStatement("return KIND[f] == 0 ? updateAlldiff(f) : updateOther(f)")
            .build());
    type.addMethod(
        MethodSpec.methodBuilder("updateOther")
            .addModifiers(Modifier.PRIVATE)
            .addJavadoc(
                "Recomputes the messages of an eq, table, sum or prior factor to its free"
                    + " variables; returns the largest change.\n")
            .addParameter(int.class, "f")
            .returns(double.class)
            .addStatement("final int first = $L", first)
            .addStatement("final int arity = $L", arity)
            .beginControlFlow("for (int s = 0; s < arity; s++)")
            .addStatement("final int g = observedIndex[EDGE_VAR[first + s]]")
            .beginControlFlow("if (g < 0)")
            .addStatement("cavity(EDGE_VAR[first + s], first + s, slotRows, s * W)")
            .nextControlFlow("else")
            .addStatement("$T.fill(slotRows, s * W, s * W + W, 0.0)", Arrays.class)
            .addStatement("slotRows[s * W + g] = 1.0")
            .endControlFlow()
            .endControlFlow()
            .addStatement(
                "$T.messages(KIND[f], $L, slotRows, W, W, arity, INFO, INFO_START[f], WEIGHTS,"
                    + " kernelScratch, digits, slotOut)",
                FactorKernels.class,
                max)
            .addStatement("double change = 0.0")
            .beginControlFlow("for (int s = 0; s < arity; s++)")
            .beginControlFlow("if (observedIndex[EDGE_VAR[first + s]] < 0)")
            .addStatement("double c = store(EDGE_VAR[first + s], (first + s) * W, s * W)")
            .beginControlFlow("if (c > change)")
            .addStatement("change = c")
            .endControlFlow()
            .endControlFlow()
            .endControlFlow()
            .addStatement("return change")
            .build());
    type.addMethod(
        MethodSpec.methodBuilder("store")
            .addModifiers(Modifier.PRIVATE)
            .addJavadoc(
                "Keeps {@code slotOut[from ..]} to variable {@code i}'s own values (its free prior"
                    + " is zero elsewhere), normalises it,\n"
                    + "damps its non-zero entries towards the old message at {@code o}, stores it;"
                    + " returns the change.\n")
            .addParameter(int.class, "i")
            .addParameter(int.class, "o")
            .addParameter(int.class, "from")
            .returns(double.class)
            .addStatement("double sum = 0.0")
            .beginControlFlow("for (int v = 0; v < W; v++)")
            .beginControlFlow("if (prior[i * W + v] == 0.0)")
            .addStatement("slotOut[from + v] = 0.0")
            .endControlFlow()
            .addStatement("sum = sum + slotOut[from + v]")
            .endControlFlow()
            .addStatement("double damped = 0.0")
            .beginControlFlow("for (int v = 0; v < W; v++)")
            .addStatement("double x = sum > 0.0 ? slotOut[from + v] / sum : 0.0")
            .addStatement("x = x == 0.0 ? 0.0 : KEEP * x + DAMPING * toVariable[o + v]")
            .addStatement("slotOut[from + v] = x")
            .addStatement("damped = damped + x")
            .endControlFlow()
            .addStatement("double change = 0.0")
            .beginControlFlow("for (int v = 0; v < W; v++)")
            .addStatement("double x = damped > 0.0 ? slotOut[from + v] / damped : 0.0")
            .addStatement("double d = $T.abs(x - toVariable[o + v])", Math.class)
            .beginControlFlow("if (d > change)")
            .addStatement("change = d")
            .endControlFlow()
            .addStatement("toVariable[o + v] = x")
            .endControlFlow()
            .addStatement("return change")
            .build());
  }
}
