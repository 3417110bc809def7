package fgc.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Field;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.Map;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Numbers on the command line, read one way for every command: whole numbers are ASCII digits with
 * an optional '-'; other numbers are decimals with an optional exponent ({@code 0.5}, {@code
 * 1e-3}), so {@code 0.5f}, {@code 0x1p-3}, {@code NaN} and {@code Infinity}, which Java's own
 * parsers take, are refused. An option's allowed values are declared on its field with {@link
 * Range} and checked after parsing; any refusal names the option and its range, and exits 2.
 */
public final class NumberOptions {
  private NumberOptions() {}

  /**
   * The values an option (or each element of a list option) may take; bounds are inclusive unless
   * excluded.
   */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.FIELD)
  public @interface Range {
    double min() default Double.NEGATIVE_INFINITY;

    double max() default Double.POSITIVE_INFINITY;

    boolean maxExcluded() default false;
  }

  private static final Pattern WHOLE = Pattern.compile("-?[0-9]+");
  private static final Pattern DECIMAL =
      Pattern.compile("-?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+)?");

  /** A number the strict readers refuse; the message is completed with the option's range. */
  static final class NotANumber extends CommandLine.TypeConversionException {
    private static final long serialVersionUID = 1L;

    final String text;

    NotANumber(String text) {
      super("'" + text + "' is not a number");
      this.text = text;
    }
  }

  /**
   * Makes {@code cli} and the subcommands it has now read numbers strictly and check ranges. Call
   * it after adding the subcommands.
   */
  public static CommandLine install(CommandLine cli) {
    cli.registerConverter(Integer.class, new Ints());
    cli.registerConverter(int.class, new Ints());
    cli.registerConverter(Long.class, new Longs());
    cli.registerConverter(long.class, new Longs());
    cli.registerConverter(Double.class, new Decimal());
    cli.registerConverter(double.class, new Decimal());
    cli.setParameterExceptionHandler(
        new Refusals(cli.getParameterExceptionHandler(), cli.getCommandName() + ": "));
    cli.setExecutionStrategy(new CheckedRun());
    return cli;
  }

  // The converters and handlers are classes, not lambdas: a lambda that implements a picocli
  // interface cannot go into the launcher's class-data archive and is spun anew by every process.

  /** Whole numbers in int's range, strictly read. */
  private static final class Ints implements CommandLine.ITypeConverter<Integer> {
    @Override
    public Integer convert(String text) {
      return (int) whole(text, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }
  }

  /** Whole numbers in long's range, strictly read. */
  private static final class Longs implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String text) {
      return whole(text, Long.MIN_VALUE, Long.MAX_VALUE);
    }
  }

  /** Finite decimals, strictly read. */
  private static final class Decimal implements CommandLine.ITypeConverter<Double> {
    @Override
    public Double convert(String text) {
      return decimal(text);
    }
  }

  /** Says a refused number with its option's range; other errors as picocli says them. */
  private static final class Refusals implements CommandLine.IParameterExceptionHandler {
    private final CommandLine.IParameterExceptionHandler usual;
    private final String prefix;

    Refusals(CommandLine.IParameterExceptionHandler usual, String prefix) {
      this.usual = usual;
      this.prefix = prefix;
    }

    @Override
    public int handleParseException(ParameterException ex, String[] args) throws Exception {
      NotANumber bad = cause(ex);
      if (ex instanceof OutOfRange) {
        System.err.println(prefix + ex.getMessage());
      } else if (bad != null && ex.getArgSpec() != null) {
        System.err.println(prefix + refusal(ex.getArgSpec(), bad.text));
      } else {
        return usual.handleParseException(ex, args);
      }
      return ex.getCommandLine().getCommandSpec().exitCodeOnInvalidInput();
    }
  }

  /** Checks the ranges of the numbers given, then runs the command as picocli's RunLast does. */
  private static final class CheckedRun implements CommandLine.IExecutionStrategy {
    private final CommandLine.IExecutionStrategy run = new CommandLine.RunLast();

    @Override
    public int execute(ParseResult parseResult) {
      checkRanges(parseResult);
      return run.execute(parseResult);
    }
  }

  private static long whole(String text, long min, long max) {
    if (!WHOLE.matcher(text).matches()) {
      throw new NotANumber(text);
    }
    try {
      long value = Long.parseLong(text);
      if (value < min || value > max) {
        throw new NotANumber(text);
      }
      return value;
    } catch (NumberFormatException e) {
      throw new NotANumber(text);
    }
  }

  private static Double decimal(String text) {
    if (!DECIMAL.matcher(text).matches()) {
      throw new NotANumber(text);
    }
    double value = Double.parseDouble(text);
    if (!Double.isFinite(value)) {
      throw new NotANumber(text);
    }
    return value;
  }

  private static NotANumber cause(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof NotANumber n) {
        return n;
      }
    }
    return null;
  }

  /**
   * Every number given to the command that runs is in its option's range, or the run stops here.
   */
  static void checkRanges(ParseResult parseResult) {
    for (ParseResult pr = parseResult; pr != null; pr = pr.subcommand()) {
      for (OptionSpec option : pr.matchedOptions()) {
        Range range = range(option);
        if (range == null) {
          continue;
        }
        // The text as typed, so the message quotes it: each value has already passed the strict
        // reading.
        for (String typed : option.stringValues()) {
          for (String text :
              option.splitRegex().isEmpty()
                  ? new String[] {typed}
                  : typed.split(option.splitRegex())) {
            double x = Double.parseDouble(text);
            if (x < range.min() || x > range.max() || (range.maxExcluded() && x == range.max())) {
              throw new OutOfRange(
                  pr.commandSpec().commandLine(), refusal(option, text), option, text);
            }
          }
        }
      }
    }
  }

  /** A number outside its option's range. */
  static final class OutOfRange extends ParameterException {
    private static final long serialVersionUID = 1L;

    OutOfRange(CommandLine commandLine, String message, ArgSpec option, String value) {
      super(commandLine, message, option, value);
    }
  }

  /** "--damping must be a number in [0, 1) (got 0.5f)". */
  static String refusal(ArgSpec arg, String given) {
    String name = arg instanceof OptionSpec o ? o.longestName() : arg.paramLabel();
    if (arg.isOption() && Map.class.isAssignableFrom(arg.type())) {
      return name
          + " takes "
          + arg.paramLabel()
          + " with "
          + kind(arg.auxiliaryTypes()[arg.auxiliaryTypes().length - 1], null)
          + " as the value (got "
          + given
          + ")";
    }
    Class<?> type =
        arg.auxiliaryTypes().length > 0 && Collection.class.isAssignableFrom(arg.type())
            ? arg.auxiliaryTypes()[0]
            : arg.type();
    return name + " must be " + kind(type, range(arg)) + " (got " + given + ")";
  }

  /**
   * "a whole number", "a whole number from 1 to 2147483647", "a number in [0, 1)", "a number, 0 or
   * more".
   */
  static String kind(Class<?> type, Range range) {
    boolean whole =
        type != double.class && type != Double.class && type != float.class && type != Float.class;
    String noun = whole ? "a whole number" : "a number";
    if (range == null) {
      return noun;
    }
    double min = range.min();
    double max = range.max();
    if (whole) {
      // A whole number is also bounded by its type: say so, since a larger one is refused too.
      boolean isInt = type == int.class || type == Integer.class;
      long lo =
          min == Double.NEGATIVE_INFINITY
              ? (isInt ? Integer.MIN_VALUE : Long.MIN_VALUE)
              : (long) Math.ceil(min);
      long hi =
          max == Double.POSITIVE_INFINITY
              ? (isInt ? Integer.MAX_VALUE : Long.MAX_VALUE)
              : (long) Math.floor(max) - (range.maxExcluded() && max == Math.rint(max) ? 1 : 0);
      return noun + " from " + lo + " to " + hi;
    }
    if (max == Double.POSITIVE_INFINITY) {
      return noun + ", " + format(min) + " or more";
    }
    if (min == Double.NEGATIVE_INFINITY) {
      return noun
          + (range.maxExcluded() ? " below " + format(max) : ", " + format(max) + " or less");
    }
    return noun + " in [" + format(min) + ", " + format(max) + (range.maxExcluded() ? ")" : "]");
  }

  private static String format(double x) {
    return BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
  }

  private static Range range(ArgSpec arg) {
    return arg.userObject() instanceof Field f ? f.getAnnotation(Range.class) : null;
  }
}
