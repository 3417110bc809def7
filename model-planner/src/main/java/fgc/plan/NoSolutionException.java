package fgc.plan;

/**
 * A model that no assignment satisfies, found while planning (see {@link Contradictions}): the
 * message names the factors that clash. Not a limit of an algorithm: no algorithm can solve it.
 */
public final class NoSolutionException extends PlanException {
  private static final long serialVersionUID = 1L;

  public NoSolutionException(String message) {
    super(message);
  }
}
