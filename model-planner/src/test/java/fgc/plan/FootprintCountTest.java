package fgc.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Counts in messages read as the JDK's formatter writes them, without its locale data. */
class FootprintCountTest {
  @Test
  void groupsThousandsAsTheFormatterDoes() {
    long[] values = {
      0,
      7,
      -7,
      999,
      1000,
      -1000,
      12345,
      999999,
      1000000,
      -1234567,
      2147483648L,
      Long.MAX_VALUE,
      Long.MIN_VALUE
    };
    for (long n : values) {
      assertEquals(String.format(Locale.ROOT, "%,d", n), Footprint.count(n), Long.toString(n));
    }
  }
}
