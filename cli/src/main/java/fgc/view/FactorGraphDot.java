package fgc.view;

import fgc.model.Factor;
import fgc.model.FactorKind;
import fgc.model.Model;
import fgc.model.VariableArray;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A model's factor graph in Graphviz DOT: one ellipse per variable, named, shaded when its array is
 * observed; one box per factor, coloured by kind and labelled with its kind and, when its scope is
 * one whole row, column or box of a grid, with that ({@link FactorOrigin}); an edge per factor
 * slot; and a legend under the title. The variables of a 2-D array are pinned as their grid and its
 * factors beside their scope ({@link GridPlacement}); everything else is laid out by {@code neato},
 * which draws a small bipartite graph far more readably than {@code dot}'s ranks. Every name is
 * escaped, so nothing in a model can break the file.
 */
public final class FactorGraphDot {
  static final String OBSERVED = "#cfe0f7";
  static final String LATENT = "#ffffff";

  /** Inches between two columns and between two rows of a grid. */
  private static final double COLUMN = 1.4;

  private static final double ROW = 1.0;
  private static final Map<FactorKind, String> COLOURS =
      new EnumMap<>(
          Map.of(
              FactorKind.ALLDIFF, "#f6d7a7",
              FactorKind.NEQ, "#f3e79b",
              FactorKind.EQ, "#d9f0a3",
              FactorKind.SUM, "#b8e3c9",
              FactorKind.TABLE, "#d4c4ee",
              FactorKind.PRIOR, "#f7c6d9",
              FactorKind.LINEAR, "#a9d8e8"));

  private FactorGraphDot() {}

  public static String of(Model model) {
    GridPlacement grid = GridPlacement.of(model);
    boolean allPinned = grid.any() && allPinned(model, grid);
    Set<FactorKind> kinds = EnumSet.noneOf(FactorKind.class);
    String[] labels = new String[model.factors().size()];
    boolean anyOrigin = false;
    for (int f = 0; f < labels.length; f++) {
      Factor factor = model.factors().get(f);
      kinds.add(factor.kind());
      Optional<String> origin = FactorOrigin.of(model, factor);
      anyOrigin |= origin.isPresent();
      String kind =
          factor.kind() == FactorKind.SUM
              ? "sum = " + factor.total()
              : factor.kind() == FactorKind.LINEAR
                  ? "linear " + factor.comparison().symbol() + " " + factor.total()
                  : factor.kind().keyword();
      labels[f] = origin.isPresent() ? quoteLines(kind, origin.get()) : quote(kind);
    }
    StringBuilder dot = new StringBuilder();
    dot.append("graph ").append(quote(model.name())).append(" {\n");
    // A grid drawn where it is pinned: nothing to move apart, and straight edges read along its
    // lines.
    dot.append("  layout=neato; overlap=")
        .append(allPinned ? "true; splines=false" : "false; splines=true")
        .append("; sep=\"+6\"; outputorder=edgesfirst; pad=0.3;\n");
    dot.append("  label=")
        .append(legend(model, kinds, anyOrigin))
        .append("; labelloc=t; fontname=\"Helvetica\";\n");
    dot.append("  node [fontname=\"Helvetica\", fontsize=10, style=filled];\n");
    dot.append("  edge [color=\"#8a8a8a\"];\n");
    for (VariableArray array : model.arrays()) {
      String fill = array.observed() ? OBSERVED : LATENT;
      for (int k = 0; k < array.size(); k++) {
        int v = array.firstIndex() + k;
        dot.append("  v")
            .append(v)
            .append(" [shape=ellipse, margin=0.02, fillcolor=\"")
            .append(fill)
            .append("\", label=")
            .append(quote(array.elementName(k)))
            .append(pos(grid.variable(v)))
            .append("];\n");
      }
    }
    for (int f = 0; f < labels.length; f++) {
      Factor factor = model.factors().get(f);
      dot.append("  f")
          .append(f)
          .append(" [shape=box, fillcolor=\"")
          .append(COLOURS.get(factor.kind()))
          .append("\", label=")
          .append(labels[f])
          .append(grid.any() ? ", fontsize=9, width=0.7, height=0.4, margin=0.03" : "")
          .append(pos(grid.factor(f)))
          .append("];\n");
    }
    for (int f = 0; f < labels.length; f++) {
      // A fan from a gap crosses the grid's rows and columns: drawn in its factor's colour, darker,
      // it reads as one factor's and not as a line of the grid.
      String colour =
          grid.inGap(f)
              ? " [color=\"" + darker(COLOURS.get(model.factors().get(f).kind())) + "\"]"
              : "";
      for (int variable : model.factors().get(f).scope()) {
        dot.append("  f").append(f).append(" -- v").append(variable).append(colour).append(";\n");
      }
    }
    return dot.append("}\n").toString();
  }

  /** {@code #rrggbb} at 55% of its brightness. */
  static String darker(String colour) {
    int rgb = Integer.parseInt(colour.substring(1), 16);
    int r = (int) ((rgb >> 16 & 0xff) * 0.55);
    int g = (int) ((rgb >> 8 & 0xff) * 0.55);
    int b = (int) ((rgb & 0xff) * 0.55);
    return String.format(Locale.ROOT, "#%02x%02x%02x", r, g, b);
  }

  private static boolean allPinned(Model model, GridPlacement grid) {
    for (int v = 0; v < model.variableCount(); v++) {
      if (grid.variable(v) == null) {
        return false;
      }
    }
    for (int f = 0; f < model.factors().size(); f++) {
      if (grid.factor(f) == null) {
        return false;
      }
    }
    return true;
  }

  /**
   * A pinned position in inches, y up as Graphviz has it (so row 0 is at the top); nothing when
   * free.
   */
  private static String pos(double[] at) {
    if (at == null) {
      return "";
    }
    return String.format(Locale.ROOT, ", pos=\"%.2f,%.2f!\"", at[0] * COLUMN, -at[1] * ROW);
  }

  /**
   * The title and, under it, what the shapes and colours mean: observed and latent variables (each
   * with the name of one of the model's, when it has one), each kind of factor the model has, and
   * how a factor's row, column or box is counted. One table, so the swatches line up in columns; a
   * line spanning columns that is wider than they are would spread them apart, so the note is
   * broken in two.
   */
  private static String legend(Model model, Set<FactorKind> kinds, boolean anyOrigin) {
    int columns = 1 + 2 * Math.max(2, kinds.size());
    StringBuilder html =
        new StringBuilder("<<TABLE BORDER=\"0\" CELLSPACING=\"4\" CELLPADDING=\"2\">");
    html.append("<TR><TD COLSPAN=\"")
        .append(columns)
        .append("\"><FONT POINT-SIZE=\"18\">")
        .append(
            html(
                "factor graph of "
                    + model.name()
                    + ": "
                    + model.variableCount()
                    + " variables, "
                    + model.factors().size()
                    + " factors"))
        .append("</FONT></TD></TR>");
    html.append("<TR>");
    heading(html, "variables");
    swatch(html, OBSERVED, true, sampleName(model, true), "observed (evidence may give its value)");
    swatch(html, LATENT, true, sampleName(model, false), "latent (always inferred)");
    html.append("</TR><TR>");
    heading(html, "factors");
    for (FactorKind kind : kinds) {
      swatch(html, COLOURS.get(kind), false, kind.keyword(), meaning(kind));
    }
    html.append("</TR>");
    if (anyOrigin) {
      html.append("<TR><TD></TD><TD ALIGN=\"LEFT\" COLSPAN=\"")
          .append(columns - 1)
          .append("\"><FONT POINT-SIZE=\"11\">")
          .append(
              "row r, column c, box b: over that whole row, column or box,<BR "
                  + "ALIGN=\"LEFT\"/>counted from 0 as in the names, boxes row by row<BR "
                  + "ALIGN=\"LEFT\"/>")
          .append("</FONT></TD></TR>");
    }
    return html.append("</TABLE>>").toString();
  }

  /** The name of the model's first observed (or latent) variable; empty when it has none. */
  private static String sampleName(Model model, boolean observed) {
    for (VariableArray array : model.arrays()) {
      // A long name would not fit the swatch.
      if (array.observed() == observed && array.size() > 0 && array.elementName(0).length() <= 12) {
        return array.elementName(0);
      }
    }
    return "";
  }

  private static void heading(StringBuilder html, String text) {
    html.append("<TD ALIGN=\"RIGHT\"><FONT POINT-SIZE=\"11\">")
        .append(html(text))
        .append("</FONT></TD>");
  }

  private static void swatch(
      StringBuilder html, String fill, boolean rounded, String sample, String text) {
    html.append("<TD BGCOLOR=\"")
        .append(fill)
        .append("\" BORDER=\"1\"")
        .append(rounded ? " STYLE=\"rounded\"" : "")
        .append(" FIXEDSIZE=\"TRUE\" WIDTH=\"70\" HEIGHT=\"22\">")
        // Graphviz refuses an empty FONT element.
        .append(sample.isEmpty() ? "" : "<FONT POINT-SIZE=\"10\">" + html(sample) + "</FONT>")
        .append("</TD>")
        .append("<TD ALIGN=\"LEFT\"><FONT POINT-SIZE=\"11\">")
        .append(html(text))
        .append("</FONT></TD>");
  }

  private static String meaning(FactorKind kind) {
    switch (kind) {
      case ALLDIFF:
        return "all different";
      case NEQ:
        return "two differ";
      case EQ:
        return "two equal";
      case SUM:
        return "add up to a total";
      case LINEAR:
        return "a linear relation";
      case TABLE:
        return "weights over joint values";
      case PRIOR:
        return "weights over one variable's values";
      default:
        return kind.keyword();
    }
  }

  /** A DOT string literal: quotes and backslashes escaped, control characters dropped. */
  static String quote(String text) {
    StringBuilder sb = new StringBuilder(text.length() + 2).append('"');
    appendEscaped(sb, text);
    return sb.append('"').toString();
  }

  /** A DOT string literal of several centred lines. */
  static String quoteLines(String... lines) {
    StringBuilder sb = new StringBuilder().append('"');
    for (int i = 0; i < lines.length; i++) {
      appendEscaped(sb, lines[i]);
      if (i + 1 < lines.length) {
        sb.append("\\n");
      }
    }
    return sb.append('"').toString();
  }

  private static void appendEscaped(StringBuilder sb, String text) {
    for (char c : text.toCharArray()) {
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c >= 0x20) {
        sb.append(c);
      }
    }
  }

  /**
   * Text inside a DOT HTML-like label: markup characters as entities, control characters dropped.
   */
  static String html(String text) {
    StringBuilder sb = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      switch (c) {
        case '<':
          sb.append("&lt;");
          break;
        case '>':
          sb.append("&gt;");
          break;
        case '&':
          sb.append("&amp;");
          break;
        case '"':
          sb.append("&quot;");
          break;
        default:
          if (c >= 0x20) {
            sb.append(c);
          }
      }
    }
    return sb.toString();
  }
}
