package fgc.lang;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import fgc.model.Limits;
import fgc.model.Model;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * A seeded mutation fuzzer over the bundled models and a few seeds that use every construct: tokens
 * deleted, duplicated, swapped and replaced, huge numbers, deep nesting, huge domains and ranges.
 * Every case must give a model within {@link Limits} or a LanguageException whose diagnostics are
 * positioned, within {@link #CASE_TIMEOUT_SECONDS} each (a bound on the case, not a speed
 * measurement). Size: {@code -Dfgc.reliability.fuzzCases} (default 10,000), seed {@code
 * -Dfgc.reliability.seed}.
 */
class LanguageFuzzTest {
  private static final long CASE_TIMEOUT_SECONDS = 10;

  private static final List<String> SEEDS =
      List.of(
          "model pair;\nparam k = 3;\nvar x[2] in 1..k;\nobserve x;\nneq(x[0], x[1]);\n",
          "model rows;\nparam n = 2;\nlet N = n * n;\nvar v[N][N] in 0..N-1;\n"
              + "for r in 0..N-1, c in 0..N-1 where r < c && (r + c) % 2 == 0 {\n"
              + "  if r == 0 { neq(v[r][c], v[c][r]); } else { neq(v[r][c], v[c][c]); }\n"
              + "}\n"
              + "alldiff(v[0][c] for c in 0..N-1);\nobserve v;\n",
          "param a = 4;\nlet b = min(a, 9) - max(1, a / 2);\n"
              + "var y[b + 1] in -2..2;\nalldiff(y[i] for i in 0..b where !(i == 7));\n",
          "model soft;\nparam n = 3;\nvar s[n] in -1..1;\nvar c, r in 0..1;\nlet J = 0.5;\n"
              + "for i in 0..n-2 { weight(s[i], s[i+1]) = exp(J * s[i] * s[i+1]) + log(2.5); }\n"
              + "s[0] + s[1] <= s[2] || s[0] != 0;\ncount(1, s[i] for i in 0..n-1) >= 1;\n"
              + "product(s[i] + 2 for i in 0..n-1) != 4;\n"
              + "let d = s[0] - s[1];\nabs(d) < 2 && if(d > 0, d, 0) == 0;\n"
              + "alldiff(s[i] * 2 + i for i in 0..n-1);\n"
              + "cpt(c) = [0.5, 0.5];\ncpt(r | c) = [[0.9, 0.1], [0.2, 0.8]];\n");

  private static final List<String> HOSTILE =
      List.of(
          "9223372036854775807",
          "99999999999999999999",
          "-9223372036854775807",
          "2000000000",
          "0",
          "-1",
          "1..100000",
          "0..2147483647",
          "(".repeat(150),
          ")".repeat(150),
          "-".repeat(150),
          "[999999]",
          "[0][0][0][0][0][0][0][0][0]",
          "{",
          "}",
          ";",
          "..",
          "where",
          "if",
          "else",
          "for",
          "in",
          "var",
          "let",
          "param",
          "observe",
          "model",
          "alldiff",
          "neq",
          "@",
          "\u00e9",
          "\"",
          "\\",
          "\t",
          "\r\n",
          "#",
          "//",
          "/*",
          "x",
          "n",
          "N");

  @Test
  void tenThousandMutantsGiveAModelOrPositionedErrorsWithinTheirBound() throws Exception {
    int cases = Integer.getInteger("fgc.reliability.fuzzCases", 10_000);
    long seed = Long.getLong("fgc.reliability.seed", 20240601L);
    Random random = new Random(seed);
    List<List<String>> corpora = new ArrayList<>();
    for (String name : FgcLanguage.bundledNames()) {
      corpora.add(RobustnessTest.lexemes(FgcLanguage.bundledText(name)));
    }
    for (String text : SEEDS) {
      corpora.add(RobustnessTest.lexemes(text));
    }
    Map<String, Integer> outcomes = new TreeMap<>();
    ExecutorService runner = Executors.newSingleThreadExecutor();
    try {
      for (int i = 0; i < cases; i++) {
        String text = mutate(corpora.get(random.nextInt(corpora.size())), HOSTILE, random);
        Map<String, Long> overrides = overrides(random);
        Future<String> outcome = runner.submit(() -> check(text, overrides));
        try {
          outcomes.merge(outcome.get(CASE_TIMEOUT_SECONDS, TimeUnit.SECONDS), 1, Integer::sum);
        } catch (TimeoutException e) {
          outcome.cancel(true);
          fail("case " + i + " ran past " + CASE_TIMEOUT_SECONDS + " s:\n" + text);
        } catch (ExecutionException e) {
          fail("case " + i + ": " + e.getCause() + "\n" + text, e.getCause());
        }
      }
    } finally {
      runner.shutdownNow();
    }
    assertTrue(outcomes.getOrDefault("model", 0) > 0 && outcomes.size() > 5, outcomes.toString());
    report(
        String.format(
            "%,d cases (seed %d): %s; 0 other exceptions, 0 over the %d s bound%n",
            cases, seed, outcomes, CASE_TIMEOUT_SECONDS));
  }

  /**
   * Up to four edits of {@code lexemes}: delete, duplicate, swap, or replace or insert from {@code
   * vocabulary} or the text.
   */
  static String mutate(List<String> lexemes, List<String> vocabulary, Random random) {
    List<String> mutated = new ArrayList<>(lexemes);
    int edits = 1 + random.nextInt(4);
    for (int e = 0; e < edits && !mutated.isEmpty(); e++) {
      int at = random.nextInt(mutated.size());
      switch (random.nextInt(6)) {
        case 0 -> mutated.remove(at);
        case 1 -> mutated.add(at, mutated.get(at));
        case 2 -> {
          int other = random.nextInt(mutated.size());
          String t = mutated.get(at);
          mutated.set(at, mutated.get(other));
          mutated.set(other, t);
        }
        case 3 -> mutated.set(at, vocabulary.get(random.nextInt(vocabulary.size())));
        case 4 -> mutated.set(at, lexemes.get(random.nextInt(lexemes.size())));
        default -> mutated.add(at, " " + vocabulary.get(random.nextInt(vocabulary.size())) + " ");
      }
    }
    return String.join("", mutated);
  }

  private static Map<String, Long> overrides(Random random) {
    return switch (random.nextInt(8)) {
      case 0 -> Map.of("n", (long) (random.nextInt(9) - 2));
      case 1 -> Map.of("n", Long.MAX_VALUE);
      case 2 -> Map.of("k", 300L);
      case 3 -> Map.of("a", 1L << 40);
      default -> Map.of();
    };
  }

  /**
   * The kind of outcome; anything but a model within limits or a well-formed LanguageException
   * fails.
   */
  private static String check(String text, Map<String, Long> overrides) {
    try {
      Model m = FgcLanguage.parse("fuzz.fg", text, overrides);
      assertTrue(
          m.variableCount() <= Limits.MAX_VARIABLES && m.factors().size() <= Limits.MAX_FACTORS,
          m::toString);
      m.canonicalText();
      return "model";
    } catch (LanguageException e) {
      assertTrue(
          !e.diagnostics().isEmpty() && e.diagnostics().size() <= Parser.MAX_ERRORS, e::getMessage);
      for (Diagnostic d : e.diagnostics()) {
        boolean aboutOverrides = d.message().contains("override");
        assertTrue(
            aboutOverrides || d.line() >= 1 && d.column() >= 1,
            () -> "unpositioned: " + d.format() + "\nin:\n" + text);
        assertTrue(d.format().startsWith("fuzz.fg"), d::format);
      }
      return kind(e.diagnostics().get(0).message());
    }
  }

  /** A coarse class of the first error, for the report. */
  private static String kind(String message) {
    if (message.contains("nesting deeper")) {
      return "nesting limit";
    }
    if (message.contains("too big")
        || message.contains("the limit is")
        || message.contains("limit")) {
      return "size limit";
    }
    if (message.startsWith("expected") || message.contains("expected")) {
      return "syntax";
    }
    if (message.contains("override")) {
      return "override";
    }
    return "other language error";
  }

  private static void report(String text) {
    try {
      Path dir = Path.of("target", "reliability");
      Files.createDirectories(dir);
      Files.writeString(dir.resolve("language-fuzz.txt"), text);
      System.out.print(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
