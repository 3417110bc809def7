package fgc.model;

import java.util.regex.Pattern;

/**
 * The one rule for names a model may carry: identifiers, never raw text that could reach generated
 * code.
 */
public final class Names {
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");

  private Names() {}

  /**
   * Whether {@code name} is an identifier: a letter or underscore, then up to 63 letters, digits or
   * underscores, so that it is safe in generated code.
   *
   * @param name the name
   * @return true for an identifier
   */
  public static boolean isIdentifier(String name) {
    return name != null && IDENTIFIER.matcher(name).matches();
  }

  /**
   * Returns {@code name} or throws, naming what the name was for.
   *
   * @param name the name
   * @param what what the name is for, as the error should say it
   * @return {@code name}
   */
  public static String checkIdentifier(String name, String what) {
    if (!isIdentifier(name)) {
      throw new ModelException(
          what
              + " name '"
              + name
              + "' is not an identifier [A-Za-z_][A-Za-z0-9_]* of at most 64 characters");
    }
    return name;
  }

  /**
   * The name among {@code known} nearest to {@code name}, for a "did you mean": at most two edits
   * (insert, delete, replace, or swap two neighbours) away, and at most half its length, so a
   * one-letter name is not matched to anything. Ties go to the longer common start (a typo is
   * rarely in the first letters), then to the first in {@code known}'s order.
   *
   * @param name the name that was not found
   * @param known the names that exist
   * @return the nearest, or null when none is near
   */
  public static String closest(String name, Iterable<String> known) {
    String best = null;
    int bestDistance = Math.min(2, name.length() / 2);
    for (String k : known) {
      if (Math.abs(k.length() - name.length()) > bestDistance || k.equals(name)) {
        continue;
      }
      int d = distance(name, k, bestDistance);
      if (d <= bestDistance
          && (best == null
              || d < bestDistance
              || d == bestDistance && commonPrefix(name, k) > commonPrefix(name, best))) {
        best = k;
        bestDistance = d;
      }
    }
    return best;
  }

  /**
   * {@code "; did you mean 'x'?"} for the nearest of {@code known}, or nothing.
   *
   * @param name the name that was not found
   * @param known the names that exist
   * @return the suffix for an error message, or the empty string
   */
  public static String didYouMean(String name, Iterable<String> known) {
    String near = closest(name, known);
    return near == null ? "" : "; did you mean '" + near + "'?";
  }

  private static int commonPrefix(String a, String b) {
    int n = 0;
    while (n < a.length() && n < b.length() && a.charAt(n) == b.charAt(n)) {
      n++;
    }
    return n;
  }

  /**
   * Edits from {@code a} to {@code b} (optimal string alignment), or {@code limit + 1} once past
   * it.
   */
  private static int distance(String a, String b, int limit) {
    int[] before = new int[b.length() + 1];
    int[] row = new int[b.length() + 1];
    int[] next = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      row[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      next[0] = i;
      int least = next[0];
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int d = Math.min(Math.min(next[j - 1] + 1, row[j] + 1), row[j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d = Math.min(d, before[j - 2] + 1);
        }
        next[j] = d;
        least = Math.min(least, d);
      }
      if (least > limit) {
        return limit + 1;
      }
      int[] t = before;
      before = row;
      row = next;
      next = t;
    }
    return row[b.length()];
  }
}
