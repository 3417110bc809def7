package fgc.cache;

/** A cache entry that must not be trusted; the message says which check failed, the stage where. */
final class CorruptEntryException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final LoadStage stage;

  CorruptEntryException(LoadStage stage, String message) {
    super(message);
    this.stage = stage;
  }

  CorruptEntryException(LoadStage stage, String message, Throwable cause) {
    super(message, cause);
    this.stage = stage;
  }

  LoadStage stage() {
    return stage;
  }
}
