package fgc.formats;

import fgc.model.DecimalText;
import fgc.model.Domain;
import fgc.model.Factor;
import fgc.model.Model;
import fgc.model.ModelException;
import fgc.model.VariableArray;
import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;

/**
 * Writes a model as MARKOV UAI text: variable {@code i} is the model's flat variable {@code i} with
 * its domain's size as cardinality, value index {@code v} is domain value {@code lo + v}, and
 * function {@code k} is factor {@code k}. Every kind becomes its table: a table or prior as it is,
 * alldiff, neq, eq and sum as their 0/1 tables over the variables' values. All sizes are checked
 * before the first character is written, so a refused model leaves no partial output.
 */
final class UaiWriter {
  private UaiWriter() {}

  static void write(Model model, boolean sortScopes, long maxTableEntries, Appendable out)
      throws IOException {
    Domain[] domains = domains(model);
    for (int k = 0; k < model.factors().size(); k++) {
      Factor f = model.factors().get(k);
      long entries = 1;
      double log10 = 0;
      for (int p = 0; p < f.arity(); p++) {
        int size = domains[f.variable(p)].size();
        entries = entries > Long.MAX_VALUE / size ? Long.MAX_VALUE : entries * size;
        log10 += Math.log10(size);
      }
      if (entries > maxTableEntries) {
        throw new ModelException(
            "cannot write model "
                + model.name()
                + " as UAI: factor "
                + k
                + " ("
                + describe(model, f)
                + ") would be a table of "
                + (entries < Long.MAX_VALUE
                    ? String.format(Locale.ROOT, "%,d", entries)
                    : String.format(Locale.ROOT, "about 10^%.0f", Math.floor(log10)))
                + " entries; the limit is "
                + String.format(Locale.ROOT, "%,d", maxTableEntries));
      }
    }
    out.append("MARKOV\n").append(Integer.toString(model.variableCount())).append('\n');
    for (int i = 0; i < model.variableCount(); i++) {
      out.append(i == 0 ? "" : " ").append(Integer.toString(domains[i].size()));
    }
    out.append('\n').append(Integer.toString(model.factors().size())).append('\n');
    for (Factor f : model.factors()) {
      int[] scope = order(f, sortScopes);
      out.append(Integer.toString(scope.length));
      for (int p : scope) {
        out.append(' ').append(Integer.toString(f.variable(p)));
      }
      out.append('\n');
    }
    for (Factor f : model.factors()) {
      int[] scope = order(f, sortScopes);
      double[] table = table(domains, f, scope);
      int row = domains[f.variable(scope[scope.length - 1])].size();
      out.append('\n').append(Integer.toString(table.length)).append('\n');
      for (int e = 0; e < table.length; e++) {
        out.append(e % row == 0 ? "" : " ").append(DecimalText.of(table[e]));
        if (e % row == row - 1) {
          out.append('\n'); // one line per value of the other variables: a CPT's rows stay rows
        }
      }
    }
  }

  static String evidence(Model model, fgc.model.Evidence evidence) {
    int[] values = evidence.values();
    if (values.length != model.variableCount()) {
      throw new IllegalArgumentException(
          "evidence for "
              + values.length
              + " variables; model "
              + model.name()
              + " has "
              + model.variableCount());
    }
    Domain[] domains = domains(model);
    StringBuilder sb = new StringBuilder();
    sb.append(evidence.count());
    for (int i = 0; i < values.length; i++) {
      if (values[i] != fgc.model.Evidence.NONE) {
        sb.append(' ').append(i).append(' ').append(values[i] - domains[i].lo());
      }
    }
    return sb.append('\n').toString();
  }

  /**
   * Each flat variable's domain, walking the arrays once (Model.domainOf searches them every time).
   */
  static Domain[] domains(Model model) {
    Domain[] out = new Domain[model.variableCount()];
    for (VariableArray a : model.arrays()) {
      Arrays.fill(out, a.firstIndex(), a.firstIndex() + a.size(), a.domain());
    }
    return out;
  }

  /**
   * The scope positions in the order they are written: as in the model, or by increasing variable.
   */
  private static int[] order(Factor f, boolean sorted) {
    Integer[] positions = new Integer[f.arity()];
    for (int p = 0; p < positions.length; p++) {
      positions[p] = p;
    }
    if (sorted) {
      Arrays.sort(positions, (a, b) -> Integer.compare(f.variable(a), f.variable(b)));
    }
    return Arrays.stream(positions).mapToInt(Integer::intValue).toArray();
  }

  /**
   * The factor's values over the scope positions {@code written}, row-major with the last position
   * fastest. The model's own scope order is walked with an odometer; each joint value lands at its
   * index in the written order.
   */
  static double[] table(Domain[] variableDomains, Factor f, int[] written) {
    int arity = f.arity();
    Domain[] domains = new Domain[arity];
    int entries = 1;
    for (int p = 0; p < arity; p++) {
      domains[p] = variableDomains[f.variable(p)];
      entries *= domains[p].size();
    }
    int[] stride =
        new int
            [arity]; // stride[p]: the step in the written table when position p's value goes up by
    // one
    int step = 1;
    for (int w = arity - 1; w >= 0; w--) {
      stride[written[w]] = step;
      step *= domains[written[w]].size();
    }
    double[] out = new double[entries];
    int[] digit = new int[arity];
    int[] value = new int[arity];
    for (int e = 0; e < entries; e++) {
      int at = 0;
      for (int p = 0; p < arity; p++) {
        value[p] = domains[p].lo() + digit[p];
        at += digit[p] * stride[p];
      }
      out[at] = f.kind().weighted() ? f.weight(e) : holds(f, value) ? 1.0 : 0.0;
      for (int p = arity - 1;
          p >= 0;
          p--) { // the model's order: e is this assignment's index in its weights
        if (++digit[p] < domains[p].size()) {
          break;
        }
        digit[p] = 0;
      }
    }
    return out;
  }

  /** Whether a constraint factor holds for {@code value} (one value per scope position). */
  private static boolean holds(Factor f, int[] value) {
    switch (f.kind()) {
      case NEQ:
        return value[0] != value[1];
      case EQ:
        return value[0] == value[1];
      case ALLDIFF:
        for (int a = 0; a < value.length; a++) {
          for (int b = a + 1; b < value.length; b++) {
            if (value[a] == value[b]) {
              return false;
            }
          }
        }
        return true;
      case SUM:
        long total = 0;
        for (int v : value) {
          total += v;
        }
        return total == f.total();
      case LINEAR:
        return f.allows(value);
      default:
        throw new IllegalStateException("no constraint test for " + f.kind());
    }
  }

  private static String describe(Model model, Factor f) {
    StringBuilder sb = new StringBuilder(f.kind().keyword()).append(" over ");
    int shown = Math.min(f.arity(), 3);
    for (int p = 0; p < shown; p++) {
      sb.append(p == 0 ? "" : ", ").append(model.variableName(f.variable(p)));
    }
    if (f.arity() > shown) {
      sb.append(", ... (").append(f.arity()).append(" variables)");
    }
    return sb.toString();
  }
}
