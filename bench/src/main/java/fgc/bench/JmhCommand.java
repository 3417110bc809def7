package fgc.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.openjdk.jmh.Main;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * {@code fgc bench jmh [JMH OPTIONS]}: runs the JMH micro-benchmarks of this module (e.g. {@code
 * jmh Sweep -f 1}).
 */
@Command(
    name = "jmh",
    mixinStandardHelpOptions = false,
    description =
        "Run the JMH benchmarks (fgc.bench.jmh); arguments go to JMH, e.g. 'jmh Sweep -f 1 -wi "
            + "3 -i 5'.")
final class JmhCommand implements Callable<Integer> {
  /** Everything after {@code jmh}, options included, goes to JMH unread. */
  @Unmatched List<String> args = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    Main.main(args.toArray(new String[0]));
    return 0;
  }
}
