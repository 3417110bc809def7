package fgc.model;

/** A model that breaks a rule of the IR; the message names the culprit. */
public final class ModelException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ModelException(String message) {
    super(message);
  }
}
