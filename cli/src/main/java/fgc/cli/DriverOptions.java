package fgc.cli;

import fgc.driver.DecimationDriver;
import fgc.driver.Driver;
import fgc.driver.Drivers;
import fgc.driver.IterativeDriver;
import java.util.Iterator;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Which driver {@code solve} runs and how: --driver, decimate's restart budget, seed, noise,
 * learning, tie rule and probing, and iterative's K, as a mixin of the command's options.
 */
final class DriverOptions {
  String driverName;

  @NumberOptions.Range(min = 0)
  int restarts;

  long seed;

  @NumberOptions.Range(min = 0, max = 20)
  Double noise;

  boolean learn;

  boolean fewestFirst;

  @NumberOptions.Range(min = 0, max = 2)
  int probeDepth;

  @NumberOptions.Range(min = 1)
  Integer perRound;

  /** The registered drivers, so a new one shows up in --help without editing it. */
  static final class DriverNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Drivers.names().iterator();
    }
  }

  /**
   * The chosen driver; decimate takes the restart budget, seed, noise, learning, tie rule and
   * probing, iterative its K.
   */
  Driver driver() {
    Driver d = Drivers.named(driverName != null ? driverName : Drivers.names().get(0));
    if (d instanceof DecimationDriver) {
      DecimationDriver decimate =
          ((DecimationDriver) d)
              .withRestarts(restarts)
              .withSeed(seed)
              .withLearning(learn)
              .withTiesToFewestValues(fewestFirst)
              .withProbing(probeDepth);
      return noise == null ? decimate : decimate.withNoise(noise);
    }
    if (d instanceof IterativeDriver && perRound != null) {
      return ((IterativeDriver) d).withPerRound(perRound);
    }
    // The exact search keeps its own propagation here. Switching to the propagator generated for
    // the model (ExactDriver.withGeneratedPropagation, loaded from the cache) solved top95 x 200
    // and x 1,000 in one process with the same main-thread CPU time, and cost the JIT 0.15 to 1.1 s
    // more CPU: its unrolled methods take the optimising compiler longer than the loops they
    // replace.
    return d;
  }

  /** These options, bound to this object's fields (see {@link Specs}), to add as a mixin. */
  CommandSpec mixinSpec() {
    CommandSpec spec = Specs.mixin(this);
    spec.addOption(
        Specs.option(this, "driverName", "--driver")
            .paramLabel("NAME")
            .completionCandidates(new DriverNames())
            .description("Driver: ${COMPLETION-CANDIDATES} (default: the first).")
            .build());
    spec.addOption(
        Specs.option(this, "restarts", "--restarts")
            .paramLabel("N")
            .defaultValue("" + DecimationDriver.DEFAULT_RESTARTS)
            .description("Restart budget of decimate (default: ${DEFAULT-VALUE}).")
            .build());
    spec.addOption(
        Specs.option(this, "seed", "--seed")
            .paramLabel("S")
            .defaultValue("1")
            .description("Seed of decimate's restart noise (default: ${DEFAULT-VALUE}).")
            .build());
    spec.addOption(
        Specs.option(this, "noise", "--noise")
            .paramLabel("SCALE")
            .description(
                "Scale of decimate's log-uniform restart noise on starting messages, 0 to 20 "
                    + "(default: 0.5).")
            .build());
    spec.addOption(
        Specs.option(this, "learn", "--learn")
            .negatable(true)
            .defaultValue("false")
            .fallbackValue("true")
            .description(
                "Decimate's restarts avoid the last unforced decision before each contradiction "
                    + "(default: off).")
            .build());
    spec.addOption(
        Specs.option(this, "fewestFirst", "--fewest-first")
            .negatable(true)
            .defaultValue("false")
            .fallbackValue("true")
            .description(
                "Decimate breaks exact ties in margin towards the variable with the fewest "
                    + "values left (default: off).")
            .build());
    spec.addOption(
        Specs.option(this, "probeDepth", "--probe-depth")
            .paramLabel("D")
            .defaultValue("" + DecimationDriver.DEFAULT_PROBE_DEPTH)
            .description(
                "How far decimate looks ahead before each unforced decision, setting aside a value"
                    + " that fails: 0 not at all, 1 propagation, 2 propagation and one level of"
                    + " trials (default: ${DEFAULT-VALUE}).")
            .build());
    spec.addOption(
        Specs.option(this, "perRound", "--per-round")
            .paramLabel("K")
            .description("Variables iterative fixes after each inference (default: 5).")
            .build());
    return spec;
  }
}
