package fgc.lang;

import java.util.List;
import java.util.stream.Collectors;

/** The one exception the language throws for anything wrong in a model or its parameters. */
public final class LanguageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient List<Diagnostic> diagnostics;

  /**
   * The errors {@code diagnostics}, at least one, in source order.
   *
   * @param diagnostics the errors
   */
  public LanguageException(List<Diagnostic> diagnostics) {
    super(diagnostics.stream().map(Diagnostic::format).collect(Collectors.joining("\n")));
    if (diagnostics.isEmpty()) {
      throw new IllegalArgumentException("a LanguageException needs at least one diagnostic");
    }
    this.diagnostics = List.copyOf(diagnostics);
  }

  /**
   * A single error.
   *
   * @param diagnostic the error
   */
  public LanguageException(Diagnostic diagnostic) {
    this(List.of(diagnostic));
  }

  /**
   * The errors, in source order; never empty.
   *
   * @return the errors
   */
  public List<Diagnostic> diagnostics() {
    return diagnostics;
  }
}
