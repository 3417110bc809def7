package fgc.cache;

/** A cache entry that must not be trusted; the message says which check failed. */
final class CorruptEntryException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  CorruptEntryException(String message) {
    super(message);
  }

  CorruptEntryException(String message, Throwable cause) {
    super(message, cause);
  }
}
