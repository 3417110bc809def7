package fgc.cache;

import java.nio.charset.StandardCharsets;

/** Reads facts from class bytes without defining them. */
final class ClassBytes {
  private ClassBytes() {}

  /**
   * Whether the class file holds {@code key} as a constant. Every generated class keeps its key in
   * its constant pool, so a class swapped in from another entry (with a manifest sealed again to
   * match) is refused before it is defined, and its static initialiser never runs.
   */
  static boolean contain(byte[] classFile, String key) {
    byte[] needle = key.getBytes(StandardCharsets.US_ASCII);
    outer:
    for (int i = 0; i + needle.length <= classFile.length; i++) {
      for (int k = 0; k < needle.length; k++) {
        if (classFile[i + k] != needle[k]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }
}
