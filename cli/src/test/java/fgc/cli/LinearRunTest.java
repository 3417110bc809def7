package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SEND + MORE = MONEY written as one equation (a linear factor, its table 10^8 entries): {@code run
 * --driver exact} solves it, checked here digit by digit; the message-passing algorithms refuse it
 * in words, at the equation's line, naming what takes it.
 */
class LinearRunTest {
  @TempDir Path dir;

  private Path model() throws Exception {
    Path file = dir.resolve("send-more-money.fg");
    try (InputStream in = LinearRunTest.class.getResourceAsStream("send-more-money.fg")) {
      Files.write(file, in.readAllBytes());
    }
    return file;
  }

  @Test
  void theCryptarithmAsOneEquationIsSolvedByTheExactDriver() throws Exception {
    Path file = model();
    try (CommandLineHarness cli = new CommandLineHarness()) {
      int code =
          cli.run(
              "run",
              file.toString(),
              "--driver",
              "exact",
              "--cache-dir",
              dir.resolve("cache").toString());
      assertEquals(0, code, cli.err());
      Map<String, Long> digit = new HashMap<>();
      for (String pair : cli.out().strip().split(" ")) {
        String[] w = pair.split("=");
        digit.put(w[0], Long.parseLong(w[1]));
      }
      assertEquals(8, digit.size(), cli.out());
      assertEquals(8, new HashSet<>(digit.values()).size(), "all different: " + cli.out());
      for (long d : digit.values()) {
        assertTrue(d >= 0 && d <= 9, cli.out());
      }
      assertTrue(digit.get("S") != 0 && digit.get("M") != 0, cli.out());
      long send = number(digit, "SEND");
      long more = number(digit, "MORE");
      long money = number(digit, "MONEY");
      assertEquals(money, send + more, send + " + " + more + " = " + money);
    }
  }

  @Test
  void everyAlgorithmRefusesItInWordsNamingTheExactDriver() throws Exception {
    Path file = model();
    for (String algorithm :
        new String[] {"maxproduct", "sumproduct", "bp-pairwise", "ep-dirichlet", "elimination"}) {
      try (CommandLineHarness cli = new CommandLineHarness()) {
        int code =
            cli.run(
                "run",
                file.toString(),
                "--algorithm",
                algorithm,
                "--cache-dir",
                dir.resolve("cache").toString());
        assertEquals(2, code, cli.err());
        assertTrue(cli.err().contains("send-more-money.fg:9:1: " + algorithm), cli.err());
        assertTrue(cli.err().contains("has no messages for linear factors"), cli.err());
        assertTrue(cli.err().contains("--driver exact"), cli.err());
        assertFalse(cli.err().contains("Exception") || cli.err().contains("\tat "), cli.err());
      }
    }
  }

  @Test
  void aWeightedModelWithALinearFactorGetsTheBranchAndBound() throws Exception {
    Path file = dir.resolve("weighted.fg");
    Files.writeString(
        file,
        "var x[8] in 0..9;\nsum(x[i] * (i + 2) for i in 0..7) <= 60;\n"
            + "for i in 0..7 { weight(x[i]) = exp(0.1 * x[i] * (8 - i)); }\n");
    try (CommandLineHarness cli = new CommandLineHarness()) {
      int code = cli.run("run", file.toString(), "--cache-dir", dir.resolve("cache").toString());
      assertEquals(0, code, cli.err());
      String[] lines = cli.out().split("\n");
      assertTrue(
          lines[0].startsWith("method: most probable assignment by branch and bound"), lines[0]);
      String[] pairs = lines[1].split(" ");
      long sum = 0;
      for (int i = 0; i < 8; i++) {
        assertTrue(pairs[i].startsWith("x[" + i + "]="), cli.out());
        sum += (i + 2) * Long.parseLong(pairs[i].substring(pairs[i].indexOf('=') + 1));
      }
      assertTrue(sum <= 60, cli.out());
    }
  }

  private static long number(Map<String, Long> digit, String word) {
    long n = 0;
    for (char c : word.toCharArray()) {
      n = n * 10 + digit.get(String.valueOf(c));
    }
    return n;
  }
}
