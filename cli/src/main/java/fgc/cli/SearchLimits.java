package fgc.cli;

import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code run}'s limits on a weighted model's branch and bound, --time-limit and --node-limit, as a
 * mixin of the command's options; 0 is no limit.
 */
final class SearchLimits {
  @NumberOptions.Range(min = 0)
  double timeLimit;

  @NumberOptions.Range(min = 0)
  long nodeLimit;

  /** The time limit in seconds, 0 for none. */
  double seconds() {
    return timeLimit;
  }

  /** The node limit, {@link Long#MAX_VALUE} for none. */
  long nodes() {
    return nodeLimit == 0 ? Long.MAX_VALUE : nodeLimit;
  }

  /** Whether either limit was given. */
  boolean given() {
    return timeLimit > 0 || nodeLimit > 0;
  }

  /** These options, bound to this object's fields (see {@link Specs}), to add as a mixin. */
  CommandSpec mixinSpec() {
    CommandSpec spec = Specs.mixin(this);
    spec.addOption(
        Specs.option(this, "timeLimit", "--time-limit")
            .paramLabel("SECONDS")
            .defaultValue("0")
            .description(
                "For a weighted model's branch and bound: stop after this long and print the best "
                    + "assignment found, labelled not proven optimal (default: no limit).")
            .build());
    spec.addOption(
        Specs.option(this, "nodeLimit", "--node-limit")
            .paramLabel("N")
            .defaultValue("0")
            .description(
                "For a weighted model's branch and bound: stop after N branches, as "
                    + "--time-limit (default: no limit).")
            .build());
    return spec;
  }
}
