package fgc.cache;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What {@code cache clear} did: how many entries, temporary folders and quarantined entries it
 * removed, what it left and why (not fgc's, another user's, unsafe), or why it refused the folder.
 */
public final class ClearReport {
  private final Path root;
  private String refused;
  private int entries;
  private int others;
  private int partFiles;
  private final List<String> kept = new ArrayList<>();

  ClearReport(Path root) {
    this.root = root;
  }

  ClearReport refused(String why) {
    refused = why;
    return this;
  }

  void removed(String folder) {
    if (folder.equals(CacheFolders.ENTRIES)) {
      entries++;
    } else {
      others++;
    }
  }

  /** Files of fgc's removed from an item that stayed (it held something else too). */
  void partlyRemoved(int files) {
    partFiles += files;
  }

  void kept(String item, String why) {
    kept.add(item + ": " + why);
  }

  /**
   * The cache folder that was cleared, or that the clear refused.
   *
   * @return the folder
   */
  public Path root() {
    return root;
  }

  /**
   * Why nothing was removed: the folder is not fgc's, or not safe; null when it was cleared.
   *
   * @return the refusal, or null
   */
  public String refusal() {
    return refused;
  }

  /**
   * Entries removed.
   *
   * @return the number of entries removed
   */
  public int entries() {
    return entries;
  }

  /**
   * Temporary folders and quarantined entries removed.
   *
   * @return the number of other items removed
   */
  public int others() {
    return others;
  }

  /**
   * Files of fgc's removed from items that stayed because they held something fgc did not make
   * (each is listed in {@link #keptItems()}).
   *
   * @return the number of such files
   */
  public int filesFromKeptItems() {
    return partFiles;
  }

  /**
   * Each item left in place, relative to the root, with why.
   *
   * @return the items kept, one line each
   */
  public List<String> keptItems() {
    return Collections.unmodifiableList(kept);
  }
}
