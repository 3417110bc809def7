package fgc.plan;

/** A model the chosen algorithm cannot take; the message says why and what would work. */
public class PlanException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public PlanException(String message) {
    super(message);
  }
}
