package fgc.view;

import fgc.model.Factor;
import fgc.model.Model;
import fgc.model.VariableArray;

/**
 * A model's factor graph in Graphviz DOT: one ellipse per variable (shaded when its array is
 * observed), one box per factor labelled with its kind, an edge per factor slot. Laid out with
 * {@code neato}, which draws a bipartite graph like this far more readably than {@code dot}'s ranks.
 * Every name is escaped, so nothing in a model can break the file.
 */
public final class FactorGraphDot {
  private FactorGraphDot() {}

  public static String of(Model model) {
    StringBuilder dot = new StringBuilder();
    dot.append("graph ").append(quote(model.name())).append(" {\n");
    dot.append("  layout=neato; overlap=false; splines=true; sep=\"+6\"; outputorder=edgesfirst;\n");
    dot.append("  label=").append(quote("factor graph of " + model.name() + ": " + model.variableCount() + " variables, "
        + model.factors().size() + " factors")).append("; labelloc=t; fontname=\"Helvetica\"; fontsize=16;\n");
    dot.append("  node [fontname=\"Helvetica\", fontsize=10, style=filled];\n");
    dot.append("  edge [color=\"#8a8a8a\"];\n");
    for (VariableArray array : model.arrays()) {
      String fill = array.observed() ? "#cfe0f7" : "#ffffff";
      for (int k = 0; k < array.size(); k++) {
        dot.append("  v").append(array.firstIndex() + k).append(" [shape=ellipse, margin=0.02, fillcolor=\"").append(fill)
            .append("\", label=").append(quote(array.elementName(k))).append("];\n");
      }
    }
    for (int f = 0; f < model.factors().size(); f++) {
      Factor factor = model.factors().get(f);
      dot.append("  f").append(f).append(" [shape=box, fillcolor=\"#f6d7a7\", label=").append(quote(factor.kind().keyword()))
          .append("];\n");
    }
    for (int f = 0; f < model.factors().size(); f++) {
      for (int variable : model.factors().get(f).scope()) {
        dot.append("  f").append(f).append(" -- v").append(variable).append(";\n");
      }
    }
    return dot.append("}\n").toString();
  }

  /** A DOT string literal: quotes and backslashes escaped, control characters dropped. */
  static String quote(String text) {
    StringBuilder sb = new StringBuilder(text.length() + 2).append('"');
    for (char c : text.toCharArray()) {
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c >= 0x20) {
        sb.append(c);
      }
    }
    return sb.append('"').toString();
  }
}
