package fgc.cli;

import java.lang.reflect.Field;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The commands' options built in code with picocli's programmatic API, each bound to a field of the
 * command. Picocli could read the same from annotations, but reading an annotation makes the JVM
 * spin a proxy class for each kind of annotation, which in a fresh JVM cost about as much as a
 * short query's whole run. A field may still carry {@link NumberOptions.Range}: it is read only
 * when its option is given.
 */
final class Specs {
  private Specs() {}

  /** The key picocli gives the mixin of {@code -h} and {@code -V}, so its help places them so. */
  private static final String STANDARD_HELP = "mixinStandardHelpOptions";

  /** A command named {@code name} that runs {@code command} (a Runnable or Callable). */
  static CommandSpec command(Object command, String name) {
    return CommandSpec.wrapWithoutInspection(command).name(name);
  }

  /** A mixin's options, to add to a command with {@link CommandSpec#addMixin}. */
  static CommandSpec mixin(Object options) {
    return CommandSpec.wrapWithoutInspection(options);
  }

  /**
   * Adds {@code -h, --help} and {@code -V, --version}, as {@code mixinStandardHelpOptions} does.
   * Called after the command's own options: an unsorted help lists them last, as picocli did.
   */
  static void standardHelp(CommandSpec spec) {
    CommandSpec help = CommandSpec.create();
    help.addOption(
        OptionSpec.builder("-h", "--help")
            .usageHelp(true)
            .description("Show this help message and exit.")
            .build());
    help.addOption(
        OptionSpec.builder("-V", "--version")
            .versionHelp(true)
            .description("Print version information and exit.")
            .build());
    spec.addMixin(STANDARD_HELP, help);
  }

  /** An option named {@code names} bound to the field {@code field} of {@code target}. */
  static OptionSpec.Builder option(Object target, String field, String... names) {
    Binding b = new Binding(target, field);
    OptionSpec.Builder builder =
        OptionSpec.builder(names)
            .type(b.field.getType())
            .auxiliaryTypes(b.auxiliaryTypes())
            .getter(b)
            .setter(b)
            .userObject(b.field);
    Object initial = b.get();
    return initial == null ? builder : builder.initialValue(initial).hasInitialValue(true);
  }

  /** A positional parameter bound to the field {@code field} of {@code target}. */
  static PositionalParamSpec.Builder positional(Object target, String field) {
    Binding b = new Binding(target, field);
    PositionalParamSpec.Builder builder =
        PositionalParamSpec.builder()
            .type(b.field.getType())
            .auxiliaryTypes(b.auxiliaryTypes())
            .getter(b)
            .setter(b)
            .userObject(b.field);
    Object initial = b.get();
    return initial == null ? builder : builder.initialValue(initial).hasInitialValue(true);
  }

  /** Reads and writes one field of one object; a class, not a lambda, so the archive holds it. */
  private static final class Binding
      implements CommandLine.Model.IGetter, CommandLine.Model.ISetter {
    private final Object target;
    private final Field field;

    Binding(Object target, String name) {
      this.target = target;
      try {
        field = target.getClass().getDeclaredField(name);
      } catch (NoSuchFieldException e) {
        throw new IllegalStateException("no field " + name + " in " + target.getClass(), e);
      }
      field.setAccessible(true);
    }

    /** The element types of a list, the key and value types of a map: what picocli converts to. */
    Class<?>[] auxiliaryTypes() {
      if (!(field.getGenericType() instanceof ParameterizedType p)) {
        return new Class<?>[] {field.getType()};
      }
      Type[] arguments = p.getActualTypeArguments();
      Class<?>[] auxiliary = new Class<?>[arguments.length];
      for (int i = 0; i < arguments.length; i++) {
        auxiliary[i] = (Class<?>) arguments[i];
      }
      return auxiliary;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T get() {
      try {
        return (T) field.get(target);
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    public <T> T set(T value) {
      try {
        @SuppressWarnings("unchecked")
        T old = (T) field.get(target);
        field.set(target, value);
        return old;
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
