package fgc.plan;

/**
 * A plan the chosen algorithm cannot turn into a solver within {@link SolverLimits}: its message
 * names the model's size, the algorithm and the limit.
 */
public final class TooLargeException extends PlanException {
  private static final long serialVersionUID = 1L;

  public TooLargeException(String message) {
    super(message);
  }
}
