package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --option NAME=VALUE} sets an algorithm's own options, checked against its registry. */
class AlgorithmOptionTest {
  @TempDir Path dir;

  /** A loop of three two-valued variables with a field and attractive pair tables. */
  private Path triangle() throws Exception {
    Path uai = dir.resolve("triangle.uai");
    Files.writeString(
        uai,
        "MARKOV\n3\n2 2 2\n4\n1 0\n2 0 1\n2 1 2\n2 0 2\n"
            + "2\n 0.3 0.7\n4\n 2.0 0.5 0.5 2.0\n4\n 1.5 0.6 0.6 1.5\n4\n 0.4 1.8 1.8 0.4\n");
    return uai;
  }

  private String[] marginals(Path model, String... more) {
    String[] head = {
      "run", model.toString(), "--marginals", "--cache-dir", dir.resolve("cache").toString()
    };
    String[] all = new String[head.length + more.length];
    System.arraycopy(head, 0, all, 0, head.length);
    System.arraycopy(more, 0, all, head.length, more.length);
    return all;
  }

  @Test
  void anOptionOfTheAlgorithmChangesItsAnswer() throws Exception {
    Path model = triangle();
    String low;
    String full;
    try (CommandLineHarness cli = new CommandLineHarness()) {
      assertEquals(
          0,
          cli.run(marginals(model, "--algorithm", "trw-pairwise", "--option", "rho=0.3")),
          cli.err());
      low = cli.out();
    }
    try (CommandLineHarness cli = new CommandLineHarness()) {
      assertEquals(
          0,
          cli.run(marginals(model, "--algorithm", "trw-pairwise", "--option", "rho=1")),
          cli.err());
      full = cli.out();
    }
    assertTrue(low.startsWith("method:"), low);
    assertNotEquals(low, full, "rho made no difference");
  }

  @Test
  void dampingAsAnOptionIsDampingAsAFlag() throws Exception {
    Path model = triangle();
    String asOption;
    String asFlag;
    try (CommandLineHarness cli = new CommandLineHarness()) {
      assertEquals(
          0,
          cli.run(marginals(model, "--algorithm", "bp-pairwise", "--option", "damping=0.3")),
          cli.err());
      asOption = cli.out();
    }
    try (CommandLineHarness cli = new CommandLineHarness()) {
      assertEquals(
          0,
          cli.run(marginals(model, "--algorithm", "bp-pairwise", "--damping", "0.3")),
          cli.err());
      asFlag = cli.out();
    }
    assertEquals(asFlag, asOption);
  }

  @Test
  void anOptionTheAlgorithmLacksIsAUsageErrorNamingItsOptions() throws Exception {
    Path model = triangle();
    try (CommandLineHarness cli = new CommandLineHarness()) {
      int code = cli.run(marginals(model, "--algorithm", "bp-pairwise", "--option", "rho=0.3"));
      assertEquals(2, code, cli.err());
      assertTrue(cli.err().contains("no option 'rho'"), cli.err());
      assertTrue(cli.err().contains("damping"), cli.err());
    }
    try (CommandLineHarness cli = new CommandLineHarness()) {
      int code = cli.run(marginals(model, "--algorithm", "trw-pairwise", "--option", "rho=1.5"));
      assertEquals(2, code, cli.err());
      assertTrue(cli.err().contains("rho must be in (0, 1]"), cli.err());
    }
  }
}
