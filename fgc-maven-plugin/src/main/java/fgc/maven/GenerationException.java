package fgc.maven;

/** A configuration or model error that fails the build; the message says where and why. */
public final class GenerationException extends Exception {
  private static final long serialVersionUID = 1L;

  /**
   * An error with its explanation.
   *
   * @param message where and why
   */
  public GenerationException(String message) {
    super(message);
  }

  /**
   * An error with its explanation and cause.
   *
   * @param message where and why
   * @param cause the error underneath
   */
  public GenerationException(String message, Throwable cause) {
    super(message, cause);
  }
}
