package fgc.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code fgc run} prints, read back as docs/language.md ("What fgc run prints") tells a
 * program to: one parser for one run and for {@code --input}, solutions and marginals alike.
 */
final class RunOutput {
  /**
   * One case: its header ({@code # case N (line L): EVIDENCE}, or null), its method line (or null),
   * and its answer: an assignment, or marginals per variable, or neither when it has none.
   */
  record Case(
      String header,
      String method,
      Map<String, String> assignment,
      Map<String, Map<String, Double>> marginals) {
    boolean empty() {
      return method == null && assignment.isEmpty() && marginals.isEmpty();
    }
  }

  private RunOutput() {}

  /** The cases of {@code text}, in order; comment and blank lines are skipped. */
  static List<Case> parse(String text) {
    List<Case> cases = new ArrayList<>();
    Case current = null;
    for (String line : text.split("\n", -1)) {
      if (line.startsWith("# case ")) {
        current = add(cases, line);
      } else if (line.isBlank() || line.startsWith("#")) {
        continue;
      } else if (line.startsWith("method: ")) {
        if (current == null || !current.empty()) {
          current = add(cases, null);
        }
        current = replaceMethod(cases, current, line.substring("method: ".length()));
      } else if (line.split(" ")[0].contains("=")) {
        // An assignment is one line: a second one is the next case's (a batch without headers).
        if (current == null || !current.assignment().isEmpty() || !current.marginals().isEmpty()) {
          current = add(cases, null);
        }
        for (String pair : line.split(" ")) {
          int eq = pair.indexOf('=');
          current.assignment().put(pair.substring(0, eq), pair.substring(eq + 1));
        }
      } else {
        if (current == null || !current.assignment().isEmpty()) {
          current = add(cases, null);
        }
        String[] words = line.split(" ");
        Map<String, Double> p = new LinkedHashMap<>();
        for (int k = 1; k < words.length; k++) {
          int colon = words[k].lastIndexOf(':');
          p.put(words[k].substring(0, colon), Double.parseDouble(words[k].substring(colon + 1)));
        }
        current.marginals().put(words[0], p);
      }
    }
    return cases;
  }

  private static Case add(List<Case> cases, String header) {
    Case c = new Case(header, null, new LinkedHashMap<>(), new LinkedHashMap<>());
    cases.add(c);
    return c;
  }

  private static Case replaceMethod(List<Case> cases, Case c, String method) {
    Case with = new Case(c.header(), method, c.assignment(), c.marginals());
    cases.set(cases.size() - 1, with);
    return with;
  }
}
