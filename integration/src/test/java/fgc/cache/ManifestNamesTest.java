package fgc.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The manifest's hand-written name and digest checks accept exactly what their regexes describe.
 */
class ManifestNamesTest {
  private static final Pattern SAFE_FILE = Pattern.compile("[A-Za-z0-9_$][A-Za-z0-9_.$-]{0,200}");
  private static final Pattern HEX64 = Pattern.compile("[0-9a-f]{64}");

  /** Every character class the rules distinguish, and some they must refuse. */
  private static final String ALPHABET = "aZ09_$.-/\\\n :Aé\u0000F";

  @Test
  void fileNamesAreCheckedAsTheRegexSays() {
    Random random = new Random(7);
    for (int trial = 0; trial < 200_000; trial++) {
      String name = randomText(random, random.nextInt(trial % 1000 == 0 ? 210 : 8), ALPHABET);
      assertEquals(
          SAFE_FILE.matcher(name).matches(), Manifest.isSafeFileName(name), "'" + name + "'");
    }
    assertTrue(Manifest.isSafeFileName("fgc.generated.SumProduct_0123456789abcdef.class"));
    assertTrue(Manifest.isSafeFileName("a".repeat(201)));
    assertFalse(Manifest.isSafeFileName("a".repeat(202)));
    assertFalse(Manifest.isSafeFileName(".hidden"));
    assertFalse(Manifest.isSafeFileName("../manifest"));
    assertFalse(Manifest.isSafeFileName(""));
  }

  @Test
  void digestsAreCheckedAsTheRegexSays() {
    Random random = new Random(11);
    for (int trial = 0; trial < 100_000; trial++) {
      String hex = randomText(random, 62 + random.nextInt(4), "0123456789abcdefABCDEFg ");
      assertEquals(HEX64.matcher(hex).matches(), fgc.compilation.Sha256.isHex(hex), hex);
    }
    for (int trial = 0; trial < 1000; trial++) {
      String hex = randomText(random, 64, "0123456789abcdef");
      assertTrue(fgc.compilation.Sha256.isHex(hex), hex);
    }
  }

  private static String randomText(Random random, int length, String alphabet) {
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return sb.toString();
  }
}
