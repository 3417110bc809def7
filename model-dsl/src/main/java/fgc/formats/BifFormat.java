package fgc.formats;

import fgc.lang.LanguageException;
import java.nio.file.Path;

/**
 * The Bayesian Network Repository's BIF format (BIF 0.15, as bnlearn and pgmpy write it), read into
 * fgc's IR as a {@link BayesNet}.
 *
 * <pre>
 * network NAME { property ...; }
 * variable NAME { type discrete [ k ] { s1, s2, ..., sk }; property ...; }
 * probability ( CHILD ) { table p1, ..., pk; }
 * probability ( CHILD | PARENT1, PARENT2 ) {
 *   (PARENT1_STATE, PARENT2_STATE) p1, ..., pk;     one row per parent configuration
 *   default p1, ..., pk;                             optional: every row not given
 * }
 * </pre>
 *
 * <p>Each CPT becomes a table factor over (parents..., child), the parents in the block's order,
 * row-major with the child fastest: its weights are the rows, ordered by parent configuration (the
 * last parent fastest). Every row must sum to 1 within the rounding of its written digits (plus
 * 1e-9, and never off by more than 1e-6; the repository's files print seven significant digits, so
 * sachs has rows off by 1e-7); the numbers are kept as written. A {@code table} line is taken only
 * for a variable without parents: for one with parents, tools disagree on the order of its entries,
 * so it is refused with a message saying to write rows.
 *
 * <p>Errors are {@link LanguageException}s naming the file, line, column and token: an unknown
 * variable or state, a duplicate variable, state, row or block, a row of the wrong length or sum, a
 * missing row or block, a bad or negative number, a cycle, a truncated file. A file with any error
 * gives no model.
 */
public final class BifFormat {
  private BifFormat() {}

  /**
   * The network in the BIF file {@code file}; the model is named after the file ({@code asia.bif}
   * gives {@code asia}).
   *
   * @param file the BIF file (UTF-8)
   * @return the network
   */
  public static BayesNet read(Path file) {
    return BifParser.parse(SourceText.read(file));
  }

  /**
   * The network in BIF {@code text}; {@code sourceName} is what errors call it and gives the
   * model's name.
   *
   * @param sourceName the name errors give the source, such as its file name
   * @param text the BIF text
   * @return the network
   */
  public static BayesNet parse(String sourceName, String text) {
    return BifParser.parse(new SourceText(sourceName, text));
  }
}
