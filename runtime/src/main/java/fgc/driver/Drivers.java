package fgc.driver;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The drivers by command-line name, in one place: the CLI, the bench command and tests look them up
 * here, so a new driver appears everywhere once it is registered.
 */
public final class Drivers {
  private static final Map<String, Supplier<Driver>> BY_NAME = new LinkedHashMap<>();

  static {
    BY_NAME.put("decimate", DecimationDriver::withDefaults);
    BY_NAME.put("single", SingleDriver::withDefaults);
    BY_NAME.put("iterative", IterativeDriver::withDefaults);
    BY_NAME.put("exact", ExactDriver::withDefaults);
    BY_NAME.put("exact-marginals", () -> ExactDriver.withDefaults().guidedByMarginals(4, 20));
  }

  private Drivers() {}

  /** The names, default first. */
  public static List<String> names() {
    return List.copyOf(BY_NAME.keySet());
  }

  /** A driver with its default options; IllegalArgumentException naming the known ones otherwise. */
  public static Driver named(String name) {
    Supplier<Driver> factory = BY_NAME.get(name);
    if (factory == null) {
      throw new IllegalArgumentException("unknown driver '" + name + "'; known: " + String.join(", ", BY_NAME.keySet()));
    }
    return factory.get();
  }
}
