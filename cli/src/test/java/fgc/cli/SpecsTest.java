package fgc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** Options built in code land in their fields as annotated ones did, and help reads the same. */
class SpecsTest {
  static final class Holder implements Callable<Integer> {
    int count = 3;
    List<String> names = new ArrayList<>();
    Map<String, Long> params = new LinkedHashMap<>();
    Double ratio;
    String first;

    @Override
    public Integer call() {
      return count;
    }

    CommandSpec spec() {
      CommandSpec spec = Specs.command(this, "holder");
      spec.usageMessage().sortOptions(false);
      spec.addPositional(
          Specs.positional(this, "first").index("0").arity("0..1").paramLabel("FIRST").build());
      spec.addOption(
          Specs.option(this, "count", "--count")
              .paramLabel("N")
              .description("Count (default: ${DEFAULT-VALUE}).")
              .build());
      spec.addOption(Specs.option(this, "names", "--name").paramLabel("NAME").build());
      spec.addOption(Specs.option(this, "params", "--param").paramLabel("K=V").build());
      spec.addOption(Specs.option(this, "ratio", "--ratio").paramLabel("R").build());
      Specs.standardHelp(spec);
      return spec;
    }
  }

  @Test
  void eachValueLandsInItsFieldWithItsType() {
    Holder h = new Holder();
    CommandLine cli = new CommandLine(h.spec());
    assertEquals(
        7,
        cli.execute(
            "x", "--count", "7", "--name", "a", "--name", "b", "--param", "k=2", "--ratio", "0.5"));
    assertEquals("x", h.first);
    assertEquals(List.of("a", "b"), h.names);
    assertEquals(Map.of("k", 2L), h.params);
    assertEquals(0.5, h.ratio);
  }

  @Test
  void whatIsNotGivenKeepsItsInitialValueWhichHelpShows() {
    Holder h = new Holder();
    CommandLine cli = new CommandLine(h.spec());
    assertEquals(3, cli.execute());
    assertNull(h.ratio);
    assertTrue(h.names.isEmpty());
    String help = cli.getUsageMessage(CommandLine.Help.Ansi.OFF);
    assertTrue(help.contains("Count (default: 3)."), help);
    // Unsorted, the standard help options come after the command's own, as picocli places them.
    assertTrue(help.indexOf("--ratio") < help.indexOf("--help"), help);
    assertTrue(help.indexOf("--help") < help.indexOf("--version"), help);
    assertTrue(help.startsWith("Usage: holder [-hV]"), help);
  }
}
