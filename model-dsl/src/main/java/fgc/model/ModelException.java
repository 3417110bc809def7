package fgc.model;

/** A model that breaks a rule of the IR; the message names the culprit. */
public final class ModelException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * A broken rule, described by {@code message}.
   *
   * @param message what is wrong and where
   */
  public ModelException(String message) {
    super(message);
  }
}
