package fgc.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import fgc.lang.DataSet;
import fgc.lang.FgcLanguage;
import fgc.lang.LanguageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every input file (model, data, evidence, UAI, BIF) is read through one bound: an endless device
 * named as a file stops with a one-line error at the limit, never fills the heap.
 */
class BoundedInputTest {
  @TempDir Path dir;

  @Test
  void anEndlessFileStopsAtTheLimitForEveryReader() throws Exception {
    Path zero = Path.of("/dev/zero");
    assumeTrue(Files.isReadable(zero), "needs /dev/zero");
    UaiModel small = UaiFormat.parse("s.uai", "MARKOV\n1\n2\n0\n");
    List<Executable> readers =
        List.of(
            () -> UaiFormat.read(link("z.uai", zero)),
            () -> BifFormat.read(link("z.bif", zero)),
            () -> UaiFormat.readEvidence(link("z.evid", zero), small),
            () -> FgcLanguage.load(link("z.fg", zero), Map.of()),
            () -> DataSet.load(link("z.fgd", zero)));
    for (Executable reader : readers) {
      LanguageException e = assertThrows(LanguageException.class, reader);
      String limit = String.format(java.util.Locale.ROOT, "%,d", FgcLanguage.MAX_INPUT_BYTES);
      assertTrue(
          e.getMessage()
              .contains("it is larger than " + limit + " bytes, the limit on an input file"),
          e.getMessage());
      assertEquals(1, e.getMessage().strip().lines().count(), e.getMessage());
    }
  }

  @Test
  void aCountPastALongIsReportedAsWritten() {
    UaiModel three = UaiFormat.parse("s.uai", "MARKOV\n3\n2 2 2\n0\n");
    LanguageException e =
        assertThrows(
            LanguageException.class,
            () -> UaiFormat.parseEvidence("huge.evid", "99999999999999999 0 1\n", three));
    assertTrue(
        e.getMessage().contains("observes 99999999999999999 variables, but the model has only 3"),
        e.getMessage());
  }

  private Path link(String name, Path to) throws Exception {
    return Files.createSymbolicLink(dir.resolve(name), to);
  }
}
