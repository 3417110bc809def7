package fgc.formats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import fgc.model.Evidence;
import fgc.model.Model;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The public networks in ../shared/graphical, when present: the BIF networks' exact marginals by
 * enumeration of the model against a product of CPTs looked up by state name straight from the
 * file's text, and the UAI instances' counts, evidence and reference answers.
 */
class SharedGraphicalTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource({"asia, 8", "cancer, 5", "earthquake, 5", "survey, 6", "sachs, 11"})
  void bifMarginalsMatchAnIndependentProductOfCpts(String name, int variables) throws IOException {
    Path file = SharedGraphical.file(name + ".bif");
    BayesNet net = BifFormat.read(file);
    Model m = net.model();
    assertEquals(name, m.name());
    assertEquals(variables, m.variableCount());
    assertEquals(variables, m.factors().size());
    Enumeration.Result r = Enumeration.run(m);
    assertEquals(
        0.0, r.logZ(), 1e-6, "a Bayesian network's Z is 1, up to the rounding of its printed CPTs");
    Independent ind = new Independent(Files.readString(file));
    Map<String, double[]> expected = ind.marginals(Map.of());
    for (String v : net.variables()) {
      double[] got = r.marginals()[net.index(v)];
      assertEquals(1.0, Arrays.stream(got).sum(), 1e-12, v);
      for (String s : net.states(v)) {
        assertEquals(
            expected.get(v)[ind.states.get(v).indexOf(s)],
            got[net.state(v, s)],
            1e-12,
            "P(" + v + " = " + s + ")");
      }
    }
    // One posterior too: the last variable observed in its last state.
    String last = net.variables().get(net.variables().size() - 1);
    String state = net.states(last).get(net.states(last).size() - 1);
    Enumeration.Result post = Enumeration.run(m, net.evidence(Map.of(last, state)));
    Map<String, double[]> posterior = ind.marginals(Map.of(last, state));
    for (String v : net.variables()) {
      for (String s : net.states(v)) {
        assertEquals(
            posterior.get(v)[ind.states.get(v).indexOf(s)],
            post.marginals()[net.index(v)][net.state(v, s)],
            1e-12,
            "P(" + v + " = " + s + " | " + last + " = " + state + ")");
      }
    }
  }

  @Test
  void asiaMarginalsWorkedByHand() {
    BayesNet net = BifFormat.read(SharedGraphical.file("asia.bif"));
    double[][] p = Enumeration.run(net.model()).marginals();
    assertEquals(0.5 * 0.1 + 0.5 * 0.01, p[net.index("lung")][net.state("lung", "yes")], 1e-15);
    assertEquals(0.01 * 0.05 + 0.99 * 0.01, p[net.index("tub")][net.state("tub", "yes")], 1e-15);
    assertEquals(0.5 * 0.6 + 0.5 * 0.3, p[net.index("bronc")][net.state("bronc", "yes")], 1e-15);
    // either = lung or tub, and the two are independent: 1 - (1 - 0.055)(1 - 0.0104)
    assertEquals(1 - 0.945 * 0.9896, p[net.index("either")][net.state("either", "yes")], 1e-15);
  }

  @Test
  void earthquakeAnswersTheTextbookQueryWorkedByHand() {
    BayesNet net = BifFormat.read(SharedGraphical.file("earthquake.bif"));
    double alarm =
        0.01 * 0.02 * 0.95 + 0.01 * 0.98 * 0.94 + 0.99 * 0.02 * 0.29 + 0.99 * 0.98 * 0.001;
    assertEquals(
        alarm,
        Enumeration.run(net.model()).marginals()[net.index("Alarm")][net.state("Alarm", "True")],
        1e-15);
    // P(burglary | John and Mary call): this repository's network has P(b) = 0.01 and P(e) = 0.02
    // (the textbook's 0.001 and 0.002 give 0.284). Sum over earthquake and alarm by hand:
    double calls = 0.9 * 0.7; // P(j, m | alarm)
    double noCalls = 0.05 * 0.01; // P(j, m | no alarm)
    double withB =
        0.01 * (0.02 * (0.95 * calls + 0.05 * noCalls) + 0.98 * (0.94 * calls + 0.06 * noCalls));
    double withoutB =
        0.99 * (0.02 * (0.29 * calls + 0.71 * noCalls) + 0.98 * (0.001 * calls + 0.999 * noCalls));
    Evidence both = net.evidence(Map.of("JohnCalls", "True", "MaryCalls", "True"));
    double burglary =
        Enumeration.run(net.model(), both)
            .marginals()[net.index("Burglary")][net.state("Burglary", "True")];
    assertEquals(withB / (withB + withoutB), burglary, 1e-12);
    assertEquals(0.5565, burglary, 5e-5);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"asia", "cancer", "earthquake", "survey", "sachs"})
  void bifNetworksSurviveTheTripThroughUai(String name) {
    Model m = BifFormat.read(SharedGraphical.file(name + ".bif")).model();
    Model back = UaiFormat.parse(name + ".uai", UaiFormat.write(m)).model();
    assertEquals(m.factors(), back.factors());
    for (int i = 0; i < m.variableCount(); i++) {
      assertEquals(m.domainOf(i), back.domainOf(i));
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"Grids_11, 100, 300, 169.408", "DBN_11, 40, 440, 58.5307"})
  void uaiInstancesReadWithTheirEvidenceAndAnswers(
      String name, int variables, int factors, double log10Z) {
    UaiModel u = UaiFormat.read(SharedGraphical.file(name + ".uai"));
    Model m = u.model();
    assertEquals(UaiModel.Type.MARKOV, u.type());
    assertEquals(variables, u.variableCount());
    assertEquals(variables, m.variableCount());
    assertEquals(factors, m.factors().size());
    Evidence e = UaiFormat.readEvidence(SharedGraphical.file(name + ".uai.evid"), u);
    assertEquals(variables, e.values().length);
    assertEquals(0, e.count(), "these instances come without evidence");
    double[][] mar = UaiResults.readMar(SharedGraphical.file(name + ".uai.MAR"));
    assertEquals(variables, mar.length);
    for (int i = 0; i < variables; i++) {
      assertEquals(u.cardinality(i), mar[i].length, "variable " + i);
      assertEquals(m.domainOf(u.modelIndex(i)).size(), mar[i].length);
      assertEquals(
          1.0, Arrays.stream(mar[i]).sum(), 2e-6, "the reference marginal of variable " + i);
    }
    assertEquals(log10Z, UaiResults.readPr(SharedGraphical.file(name + ".uai.PR")), 0);
    Model again = UaiFormat.parse(name + ".uai", UaiFormat.write(m)).model();
    assertEquals(m, again, "read, written and read again: the same model");
  }

  /**
   * The evidence of a shared instance written back and read: the same observed values, by UAI
   * number.
   */
  @Test
  void evidenceMapsOntoTheUaiNumbering() {
    UaiModel u = UaiFormat.read(SharedGraphical.file("DBN_11.uai"));
    Evidence e = UaiFormat.parseEvidence("e.evid", "3 0 1 39 0 17 1", u);
    int[] v = e.values();
    assertEquals(1, v[u.modelIndex(0)]);
    assertEquals(0, v[u.modelIndex(39)]);
    assertEquals(1, v[u.modelIndex(17)]);
    assertEquals("x39", u.variableName(39));
    assertEquals(3, e.count());
    assertArrayEquals(
        v,
        UaiFormat.parseEvidence("again.evid", UaiFormat.writeEvidence(u.model(), e), u).values());
  }

  /**
   * A second, deliberately naive reading of a BIF file: regular expressions over the text, CPT
   * entries kept by the state names they are written with, the joint as a product of lookups by
   * name. It shares nothing with the reader but the file.
   */
  private static final class Independent {
    private static final Pattern VARIABLE =
        Pattern.compile(
            "variable\\s+(\\S+)\\s*\\{\\s*type\\s+discrete\\s*\\[\\s*\\d+\\s*\\]\\s*\\{([^}]*)\\}");
    private static final Pattern PROBABILITY =
        Pattern.compile("probability\\s*\\(\\s*(\\S+)\\s*(?:\\|([^)]*))?\\)\\s*\\{([^}]*)\\}");
    private static final Pattern ROW = Pattern.compile("(?:\\(([^)]*)\\)|table)\\s*([^;]*);");

    final Map<String, List<String>> states = new LinkedHashMap<>();
    final Map<String, List<String>> parents = new HashMap<>();

    /** child, then "parentState,parentState|childState" to P. */
    final Map<String, Map<String, Double>> cpt = new HashMap<>();

    Independent(String text) {
      Matcher v = VARIABLE.matcher(text);
      while (v.find()) {
        states.put(v.group(1), split(v.group(2)));
      }
      Matcher p = PROBABILITY.matcher(text);
      while (p.find()) {
        String child = p.group(1);
        parents.put(child, p.group(2) == null ? List.of() : split(p.group(2)));
        Map<String, Double> entries = new HashMap<>();
        Matcher r = ROW.matcher(p.group(3));
        while (r.find()) {
          String config = r.group(1) == null ? "" : String.join(",", split(r.group(1)));
          List<String> numbers = split(r.group(2));
          for (int s = 0; s < numbers.size(); s++) {
            entries.put(
                config + "|" + states.get(child).get(s), Double.parseDouble(numbers.get(s)));
          }
        }
        cpt.put(child, entries);
      }
    }

    private static List<String> split(String list) {
      List<String> out = new ArrayList<>();
      for (String s : list.split("[,\\s]+")) {
        if (!s.isEmpty()) {
          out.add(s);
        }
      }
      return out;
    }

    /**
     * Each variable's marginal given {@code observed} (variable to state), by summing the joint
     * over every assignment.
     */
    Map<String, double[]> marginals(Map<String, String> observed) {
      List<String> names = new ArrayList<>(states.keySet());
      int n = names.size();
      // Each CPT as a flat array over this reading's own state lists, filled by name once, so the
      // sum over assignments below is array lookups.
      int[][] parentAt = new int[n][];
      double[][] table = new double[n][];
      for (int c = 0; c < n; c++) {
        String child = names.get(c);
        List<String> ps = parents.get(child);
        parentAt[c] = ps.stream().mapToInt(names::indexOf).toArray();
        int configs = 1;
        for (String parent : ps) {
          configs *= states.get(parent).size();
        }
        int k = states.get(child).size();
        table[c] = new double[configs * k];
        for (int config = 0; config < configs; config++) {
          String[] key = new String[ps.size()];
          int rest = config;
          for (int q = ps.size() - 1; q >= 0; q--) {
            List<String> options = states.get(ps.get(q));
            key[q] = options.get(rest % options.size());
            rest /= options.size();
          }
          for (int s = 0; s < k; s++) {
            table[c][config * k + s] =
                cpt.get(child).get(String.join(",", key) + "|" + states.get(child).get(s));
          }
        }
      }
      int[] fixed = new int[n];
      for (int i = 0; i < n; i++) {
        String o = observed.get(names.get(i));
        fixed[i] = o == null ? -1 : states.get(names.get(i)).indexOf(o);
      }
      double[][] mass = new double[n][];
      for (int i = 0; i < n; i++) {
        mass[i] = new double[states.get(names.get(i)).size()];
      }
      int[] at = new int[n];
      double z = 0;
      while (true) {
        boolean consistent = true;
        for (int i = 0; i < n; i++) {
          consistent &= fixed[i] < 0 || fixed[i] == at[i];
        }
        if (consistent) {
          double joint = 1;
          for (int c = 0; c < n; c++) {
            int config = 0;
            for (int q : parentAt[c]) {
              config = config * mass[q].length + at[q];
            }
            joint *= table[c][config * mass[c].length + at[c]];
          }
          z += joint;
          for (int i = 0; i < n; i++) {
            mass[i][at[i]] += joint;
          }
        }
        int i = n - 1;
        while (i >= 0 && ++at[i] == mass[i].length) {
          at[i] = 0;
          i--;
        }
        if (i < 0) {
          break;
        }
      }
      Map<String, double[]> out = new LinkedHashMap<>();
      for (int i = 0; i < n; i++) {
        for (int s = 0; s < mass[i].length; s++) {
          mass[i][s] /= z;
        }
        out.put(names.get(i), mass[i]);
      }
      return out;
    }
  }
}
