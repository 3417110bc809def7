package fgc.model;

/**
 * Where in a model's source a factor was made, so that an error found later (when planning, say)
 * can point at the line that made it as the language's own errors do. Not part of the model's
 * canonical text: two models that differ only in where their factors were written are one model.
 */
@FunctionalInterface
public interface Origin {
  /**
   * {@code message} placed at the origin: {@code file:line:col: message}, the source line and a
   * caret.
   *
   * @param message what is wrong, without a position
   * @return the message as the user sees it
   */
  String at(String message);
}
