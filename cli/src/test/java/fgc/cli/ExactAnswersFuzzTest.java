package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fgc.formats.UaiFormat;
import fgc.formats.UaiResults;
import fgc.model.Model;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exact answers as a user asks for them, against enumeration: random small Markov networks
 * written as UAI files, whose weights span 1e-300 to 1e300 (a factor's own often more than doubles
 * hold side by side once scaled, and zeros among them), asked for {@code --task MAR}, {@code PR}
 * and {@code MPE} with no evidence, with an evidence file and with the same evidence as {@code
 * --observe}, and for {@code run --marginals} with {@code --observe}. The oracle is the test's own:
 * it enumerates every assignment of the tables it wrote and adds logarithms, so it holds for any
 * doubles and shares no code with fgc.
 *
 * <p>Size: {@code -Dfgc.reliability.exactModels} (default 40; the reliability profile runs 2,000),
 * seed {@code -Dfgc.reliability.seed}. The figures go to {@code
 * target/reliability/exact-answers.txt}.
 */
class ExactAnswersFuzzTest {
  @TempDir Path dir;

  /**
   * One random network: cardinalities, and per factor its scope and its table (last variable
   * fastest).
   */
  private static final class Network {
    final int[] cards;
    final List<int[]> scopes = new ArrayList<>();
    final List<double[]> tables = new ArrayList<>();

    Network(int[] cards) {
      this.cards = cards;
    }

    String uai() {
      StringBuilder sb = new StringBuilder("MARKOV\n").append(cards.length).append('\n');
      for (int c : cards) {
        sb.append(c).append(' ');
      }
      sb.append('\n').append(scopes.size()).append('\n');
      for (int[] s : scopes) {
        sb.append(s.length);
        for (int v : s) {
          sb.append(' ').append(v);
        }
        sb.append('\n');
      }
      for (double[] t : tables) {
        sb.append('\n').append(t.length).append('\n');
        for (double x : t) {
          sb.append(x).append(' ');
        }
        sb.append('\n');
      }
      return sb.toString();
    }

    /** The natural log of the weight of {@code x}. */
    double logWeight(int[] x) {
      double lw = 0;
      for (int f = 0; f < scopes.size(); f++) {
        int index = 0;
        for (int v : scopes.get(f)) {
          index = index * cards[v] + x[v];
        }
        lw += Math.log(tables.get(f)[index]);
      }
      return lw;
    }
  }

  /** Enumeration's answers: per variable its marginal, then log Z and the largest log weight. */
  private static final class Truth {
    final double[][] marginal;
    final double logZ;
    final double best;

    Truth(Network net, int[] observed) {
      int n = net.cards.length;
      double[][] logs = new double[n][];
      for (int i = 0; i < n; i++) {
        logs[i] = new double[net.cards[i]];
        Arrays.fill(logs[i], Double.NEGATIVE_INFINITY);
      }
      double z = Double.NEGATIVE_INFINITY;
      double top = Double.NEGATIVE_INFINITY;
      int[] x = new int[n];
      while (true) {
        boolean allowed = true;
        for (int i = 0; i < n; i++) {
          allowed &= observed[i] < 0 || observed[i] == x[i];
        }
        if (allowed) {
          double lw = net.logWeight(x);
          z = logAdd(z, lw);
          top = Math.max(top, lw);
          for (int i = 0; i < n; i++) {
            logs[i][x[i]] = logAdd(logs[i][x[i]], lw);
          }
        }
        int i = n - 1;
        while (i >= 0 && ++x[i] == net.cards[i]) {
          x[i--] = 0;
        }
        if (i < 0) {
          break;
        }
      }
      marginal = new double[n][];
      for (int i = 0; i < n; i++) {
        marginal[i] = new double[net.cards[i]];
        for (int v = 0; v < net.cards[i]; v++) {
          marginal[i][v] = Math.exp(logs[i][v] - z);
        }
      }
      logZ = z;
      best = top;
    }
  }

  private static double logAdd(double a, double b) {
    if (a == Double.NEGATIVE_INFINITY) {
      return b;
    }
    if (b == Double.NEGATIVE_INFINITY) {
      return a;
    }
    return Math.max(a, b) + Math.log1p(Math.exp(-Math.abs(a - b)));
  }

  private static Network random(Random random) {
    int n = 1 + random.nextInt(5);
    int[] cards = new int[n];
    for (int i = 0; i < n; i++) {
      cards[i] = 2 + random.nextInt(2);
    }
    Network net = new Network(cards);
    int factors = 1 + random.nextInt(6);
    for (int f = 0; f < factors; f++) {
      int arity = 1 + random.nextInt(Math.min(3, n));
      List<Integer> all = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        all.add(i);
      }
      java.util.Collections.shuffle(all, random);
      int[] scope = new int[arity];
      int entries = 1;
      for (int k = 0; k < arity; k++) {
        scope[k] = all.get(k);
        entries *= cards[scope[k]];
      }
      double[] table = new double[entries];
      boolean wide = random.nextInt(3) > 0; // else moderate weights, so that products stay in range
      for (int e = 0; e < entries; e++) {
        int exponent = wide ? random.nextInt(601) - 300 : random.nextInt(7) - 3;
        table[e] =
            random.nextInt(8) == 0 ? 0.0 : (1 + 9 * random.nextDouble()) * Math.pow(10, exponent);
        if (table[e] == Double.POSITIVE_INFINITY) {
          table[e] = Double.MAX_VALUE;
        }
      }
      if (Arrays.stream(table)
          .allMatch(x -> x == 0.0)) { // the reader refuses an all-zero table, rightly
        table[random.nextInt(entries)] = 1.0;
      }
      net.scopes.add(scope);
      net.tables.add(table);
    }
    return net;
  }

  private String[] withCache(String... args) {
    String[] all = Arrays.copyOf(args, args.length + 2);
    all[args.length] = "--cache-dir";
    all[args.length + 1] = dir.resolve("cache").toString();
    return all;
  }

  @Test
  void marPrMpeAndMarginalsAgreeWithEnumerationOverWeightsFrom1eMinus300To1e300() throws Exception {
    int models = Integer.getInteger("fgc.reliability.exactModels", 40);
    long seed = Long.getLong("fgc.reliability.seed", 20240601L);
    Random random = new Random(seed);
    int cases = 0;
    int zeros = 0;
    long started = System.nanoTime();
    try (CommandLineHarness cli = new CommandLineHarness()) {
      for (int k = 0; k < models; k++) {
        Network net = random(random);
        int n = net.cards.length;
        Path file = Files.writeString(dir.resolve("m" + k + ".uai"), net.uai());
        Model model = UaiFormat.read(file).model();
        int[] none = new int[n];
        Arrays.fill(none, -1);
        int[] observed = none.clone();
        StringBuilder evid = new StringBuilder();
        List<String> observe = new ArrayList<>();
        int count = 0;
        for (int i = 0; i < n; i++) {
          if (random.nextInt(3) == 0) {
            observed[i] = random.nextInt(net.cards[i]);
            evid.append(' ').append(i).append(' ').append(observed[i]);
            observe.add("--observe");
            observe.add(model.variableName(i) + "=" + observed[i]);
            count++;
          }
        }
        Path evidFile =
            Files.writeString(dir.resolve("m" + k + ".uai.evid"), count + evid.toString() + "\n");
        String what =
            "model " + k + " (seed " + seed + "):\n" + net.uai() + "evidence " + count + evid;
        Truth free = new Truth(net, none);
        Truth given = new Truth(net, observed);
        zeros += given.logZ == Double.NEGATIVE_INFINITY ? 1 : 0;
        List<String[]> routes = new ArrayList<>();
        routes.add(new String[0]);
        routes.add(new String[] {"--evid", evidFile.toString()});
        routes.add(observe.toArray(new String[0]));
        for (int r = 0; r < routes.size(); r++) {
          Truth truth = r == 0 ? free : given;
          String route = what + "\nroute " + String.join(" ", routes.get(r));
          for (String task : new String[] {"MAR", "PR", "MPE"}) {
            List<String> args = new ArrayList<>(List.of("run", file.toString(), "--task", task));
            args.addAll(Arrays.asList(routes.get(r)));
            int code = cli.run(withCache(args.toArray(new String[0])));
            String out = cli.out();
            cases++;
            if (truth.logZ == Double.NEGATIVE_INFINITY) {
              if (task.equals("PR")
                  && code == 1) { // refused when planning: no assignment of the model has weight
                assertTrue(
                    cli.err().contains("the model has no solution"), route + "\n" + cli.err());
              } else if (task.equals("PR")) {
                assertEquals(0, code, route + "\n" + cli.err());
                assertEquals(Double.NEGATIVE_INFINITY, UaiResults.parsePr("out", out), route);
              } else {
                assertEquals(1, code, route + "\n" + out + cli.err());
                assertTrue(
                    cli.err().contains("probability zero")
                        || cli.err().contains("the model has no solution"),
                    route + "\n" + cli.err());
              }
              continue;
            }
            assertEquals(0, code, route + "\n" + cli.err());
            switch (task) {
              case "MAR":
                {
                  double[][] mar = UaiResults.parseMar("out", out);
                  for (int i = 0; i < n; i++) {
                    for (int v = 0; v < net.cards[i]; v++) {
                      assertEquals(
                          truth.marginal[i][v],
                          mar[i][v],
                          1e-9,
                          route + "\nP(x" + i + " = " + v + ")");
                    }
                  }
                  break;
                }
              case "PR":
                {
                  double log10 = truth.logZ / Math.log(10);
                  assertEquals(
                      log10,
                      UaiResults.parsePr("out", out),
                      1e-9 * Math.max(1, Math.abs(log10)),
                      route + "\nlog10 Z");
                  break;
                }
              default:
                {
                  int[] mpe = UaiResults.parseMpe("out", out);
                  for (int i = 0; i < n; i++) {
                    assertTrue(
                        truth == free || observed[i] < 0 || mpe[i] == observed[i],
                        route + "\nMPE keeps the evidence");
                  }
                  assertEquals(
                      truth.best,
                      net.logWeight(mpe),
                      1e-9 * Math.max(1, Math.abs(truth.best)),
                      route + "\nthe MPE's log weight is the largest: " + Arrays.toString(mpe));
                }
            }
          }
        }
        // run --marginals with --observe: four decimals per value, observed variables left out.
        List<String> args = new ArrayList<>(List.of("run", file.toString(), "--marginals"));
        args.addAll(observe);
        int code = cli.run(withCache(args.toArray(new String[0])));
        cases++;
        String route = what + "\nrun --marginals " + String.join(" ", observe);
        if (given.logZ == Double.NEGATIVE_INFINITY) {
          assertEquals(1, code, route + "\n" + cli.out() + cli.err());
          continue;
        }
        assertEquals(0, code, route + "\n" + cli.err());
        String[] lines = cli.out().split("\n");
        assertEquals("method: exact (elimination)", lines[0], route);
        int line = 1;
        for (int i = 0; i < n; i++) {
          if (observed[i] >= 0) {
            continue;
          }
          String[] words = lines[line++].trim().split("\\s+");
          assertEquals(model.variableName(i), words[0], route);
          for (int v = 0; v < net.cards[i]; v++) {
            String[] pair = words[1 + v].split(":");
            assertEquals(String.valueOf(v), pair[0], route);
            assertEquals(
                given.marginal[i][v],
                Double.parseDouble(pair[1]),
                5e-5,
                route + "\nP(x" + i + " = " + v + ")");
          }
        }
      }
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    // The seeds reach evidence of probability zero as well as answers to compare.
    assertTrue(
        models < 12 || (zeros > 0 && zeros < models),
        "evidence sets of probability zero: " + zeros);
    Path report =
        Files.createDirectories(Path.of("target", "reliability")).resolve("exact-answers.txt");
    Files.writeString(
        report,
        String.format(
            "exact answers against enumeration:"
                + " %d models (1 to 5 variables of 2 or 3 values, 1 to 6 tables,"
                + " weights from 1e-300 to 1e300 with zeros), %d runs"
                + " (MAR, PR, MPE without evidence, with --evid and with"
                + " --observe; run --marginals with --observe),"
                + " %d with evidence of probability zero; mismatches: 0;"
                + " seed %d; %.1f s%n",
            models, cases, zeros, seed, seconds),
        StandardCharsets.UTF_8);
  }
}
