package fgc.model;

import java.util.regex.Pattern;

/** The one rule for names a model may carry: identifiers, never raw text that could reach generated code. */
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
      throw new ModelException(what + " name '" + name + "' is not an identifier [A-Za-z_][A-Za-z0-9_]* of at most 64 characters");
    }
    return name;
  }
}
