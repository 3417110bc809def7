package fgc.formats;

import fgc.lang.Diagnostic;
import fgc.lang.LanguageException;
import fgc.model.Evidence;
import fgc.model.Limits;
import fgc.model.Model;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The UAI inference competitions' model and evidence formats (uaicompetition.github.io, "file
 * formats"), read into fgc's IR and written from it.
 *
 * <p>A model file is a preamble (the type {@code MARKOV} or {@code BAYES}, the number of variables,
 * their cardinalities, the number of functions, each function's scope as its size and variable
 * numbers) and then one table per function: its entry count and its entries, the LAST variable of
 * the scope changing fastest. That is exactly fgc's table order (row-major over the scope's own
 * domains, last fastest), so each function becomes a table factor over its scope in the order the
 * file lists it, with the entries as written; nothing is sorted or permuted. {@link UaiModel} says
 * how the file's numbers map onto the model (they are kept). A BAYES file is read the same way: its
 * CPTs are the factors.
 *
 * <p>An evidence file ({@code .evid}) is the number of observed variables then variable-value
 * pairs; the old format's leading number of samples is recognised too.
 *
 * <p>Errors are {@link LanguageException}s whose one {@link Diagnostic} names the file, line and
 * column of the offending token and says what was expected: a wrong count, a truncated table, a
 * negative or malformed number, a variable out of range. A file with any error gives no model.
 *
 * <p>Writing turns any fgc model into MARKOV text (see {@link #write(Model, boolean, long)}).
 */
public final class UaiFormat {
  /**
   * The largest table {@link #write(Model)} writes for one factor: fgc's own limit for a table
   * factor.
   */
  public static final long MAX_TABLE_ENTRIES = Limits.MAX_TABLE_ENTRIES;

  private UaiFormat() {}

  /**
   * The model in the UAI file {@code file}.
   *
   * @param file the UAI file
   * @return the model
   */
  public static UaiModel read(Path file) {
    return UaiParser.model(SourceText.read(file));
  }

  /**
   * The model in UAI {@code text}; {@code sourceName} is what errors call it and gives the model's
   * name.
   *
   * @param sourceName the name errors give the source, such as its file name
   * @param text the UAI text
   * @return the model
   */
  public static UaiModel parse(String sourceName, String text) {
    return UaiParser.model(new SourceText(sourceName, text));
  }

  /**
   * The evidence in the {@code .evid} file {@code file} for {@code model}; it must hold exactly one
   * sample.
   *
   * @param file the evidence file
   * @param model the model it is for
   * @return the evidence
   */
  public static Evidence readEvidence(Path file, UaiModel model) {
    return single(SourceText.read(file), model);
  }

  /**
   * The evidence in {@code .evid} {@code text} for {@code model}; it must hold exactly one sample.
   *
   * @param sourceName the name errors give the source, such as its file name
   * @param text the evidence text
   * @param model the model it is for
   * @return the evidence
   */
  public static Evidence parseEvidence(String sourceName, String text, UaiModel model) {
    return single(new SourceText(sourceName, text), model);
  }

  /**
   * Every sample of an evidence file: one for the current format, any number (perhaps none) for the
   * old one, whose first line is the number of samples.
   *
   * @param sourceName the name errors give the source, such as its file name
   * @param text the evidence text
   * @param model the model it is for
   * @return the samples, in file order
   */
  public static List<Evidence> parseEvidenceSamples(
      String sourceName, String text, UaiModel model) {
    return List.copyOf(UaiParser.evidenceSamples(new SourceText(sourceName, text), model));
  }

  private static Evidence single(SourceText src, UaiModel model) {
    List<Evidence> samples = UaiParser.evidenceSamples(src, model);
    if (samples.size() != 1) {
      throw src.error(
          0,
          "the file holds "
              + samples.size()
              + " evidence samples (the old multi-sample format); one is needed");
    }
    return samples.get(0);
  }

  /**
   * {@code model} as MARKOV UAI text, scopes in the model's order, at most {@link
   * #MAX_TABLE_ENTRIES} entries per table.
   *
   * @param model the model
   * @return the UAI text
   */
  public static String write(Model model) {
    return write(model, false, MAX_TABLE_ENTRIES);
  }

  /**
   * {@code model} as MARKOV UAI text. Variable {@code i} is the model's flat variable {@code i}
   * ({@code Model.variableName(i)} names it), its cardinality its domain's size, and value index
   * {@code v} stands for domain value {@code lo + v}; function {@code k} is factor {@code k}. A
   * table or prior is written as it is; alldiff, neq, eq and sum as their 0/1 tables over the
   * variables' values, so the written model gives every assignment the same weight.
   *
   * @param sortScopes list each scope by increasing variable number and permute its table to match,
   *     for tools that misread other scopes (toulbar2 1.1.1 does); otherwise scopes keep the
   *     model's order
   * @param maxTableEntries the largest table to write for one factor; a model with a larger one is
   *     refused with a {@link fgc.model.ModelException} naming the factor and its size, before
   *     anything is written
   * @param model the model
   * @return the UAI text
   */
  public static String write(Model model, boolean sortScopes, long maxTableEntries) {
    StringBuilder sb = new StringBuilder();
    write(model, sortScopes, maxTableEntries, sb);
    return sb.toString();
  }

  /**
   * As {@link #write(Model, boolean, long)}, onto {@code out} (nothing is written if the model is
   * refused).
   *
   * @param model the model
   * @param sortScopes as for {@link #write(Model, boolean, long)}
   * @param maxTableEntries as for {@link #write(Model, boolean, long)}
   * @param out where the text goes
   */
  public static void write(Model model, boolean sortScopes, long maxTableEntries, Appendable out) {
    if (maxTableEntries < 1 || maxTableEntries > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(
          "maxTableEntries must be 1.." + (Integer.MAX_VALUE - 8) + ", not " + maxTableEntries);
    }
    try {
      UaiWriter.write(model, sortScopes, maxTableEntries, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * {@code evidence} as a one-line {@code .evid} text for the UAI text {@link #write} gives of
   * {@code model}.
   *
   * @param model the model
   * @param evidence its evidence
   * @return the evidence text
   */
  public static String writeEvidence(Model model, Evidence evidence) {
    return UaiWriter.evidence(model, evidence);
  }
}
