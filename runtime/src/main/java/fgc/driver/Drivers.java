package fgc.driver;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The drivers by command-line name, in one place: the CLI, the bench command and tests look them up
 * here, so a new driver appears everywhere once it is registered.
 */
public final class Drivers {
  private static final Map<String, Supplier<Driver>> BY_NAME = registry();

  private static Map<String, Supplier<Driver>> registry() {
    Map<String, Supplier<Driver>> drivers = new LinkedHashMap<>();
    drivers.put("decimate", DecimationDriver::withDefaults);
    drivers.put("single", SingleDriver::withDefaults);
    drivers.put("iterative", IterativeDriver::withDefaults);
    drivers.put("exact", ExactDriver::withDefaults);
    drivers.put("exact-marginals", () -> ExactDriver.withDefaults().guidedByMarginals(4, 20));
    return Collections.unmodifiableMap(drivers);
  }

  private Drivers() {}

  /**
   * The names, default first.
   *
   * @return the drivers' names
   */
  public static List<String> names() {
    return List.copyOf(BY_NAME.keySet());
  }

  /**
   * A driver with its default options; IllegalArgumentException naming the known ones otherwise.
   *
   * @param name the driver's name
   * @return the driver
   */
  public static Driver named(String name) {
    Supplier<Driver> factory = BY_NAME.get(name);
    if (factory == null) {
      throw new IllegalArgumentException(
          "unknown driver '" + name + "'; known: " + String.join(", ", BY_NAME.keySet()));
    }
    return factory.get();
  }
}
