package fgc.cli;

import fgc.lang.FgcLanguage;
import fgc.model.Evidence;
import fgc.model.Model;
import java.util.List;

/** The values --observe gives, added to a data or evidence file's, each variable observed once. */
final class Observations {
  private Observations() {}

  /**
   * {@code fromData} with every --observe added. A variable may be observed once: a second value
   * for it, from {@code source} (the data or evidence file) or another --observe, is an error
   * naming both, not a silent choice.
   */
  static Evidence observed(Model m, Evidence fromData, String source, List<String> observations) {
    int[] data = fromData.values();
    String[] by = new String[data.length];
    Evidence evidence = fromData;
    for (String text : observations) {
      int[] before = evidence.values();
      int[] after = FgcLanguage.observe(m, Evidence.none(m), text).values();
      for (int i = 0; i < after.length; i++) {
        if (after[i] == Evidence.NONE) {
          continue;
        }
        if (by[i] != null) {
          throw new IllegalArgumentException(
              "--observe "
                  + text
                  + " observes "
                  + m.variableName(i)
                  + " again, after --observe "
                  + by[i]
                  + "; give each variable one value");
        }
        if (before[i] != Evidence.NONE) {
          throw new IllegalArgumentException(
              "--observe "
                  + text
                  + " observes "
                  + m.variableName(i)
                  + ", which "
                  + source
                  + " already observes as "
                  + before[i]
                  + "; give each variable one value");
        }
        by[i] = text;
        before[i] = after[i];
      }
      evidence = Evidence.of(m, before);
    }
    return evidence;
  }
}
