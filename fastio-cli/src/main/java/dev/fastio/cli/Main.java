package dev.fastio.cli;

import java.io.PrintWriter;
import java.util.List;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code fastio} command. Exit status: 0 done; 1 failed (an input, the data, the machine:
 * {@link UserError} and every I/O error); 2 bad usage (an unknown option or command, a bad option
 * value, a missing operand: picocli's parse errors and {@link UsageError}), and for {@code gunzip}
 * also trailing garbage ignored, as {@code gzip -d}; 141 standard output closed by its reader.
 * Every message is one line, with text from outside quoted ({@link Quoted}).
 */
@Command(name = "fastio",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Fast file I/O for the JVM: generate the data sets, run the benchmark suites, write the report.")
public final class Main implements Runnable {
    /** The commands, in the order help lists them. */
    static final List<String> COMMANDS = List.of("gen", "bench", "report", "ips", "copy", "gunzip", "help");

    /** Says what {@code bench} is where its classes are not here (the lean tool jar: no JMH). */
    private static final String BENCH_ELSEWHERE = "Run the benchmark suites (JMH) and write the report: runs from the benchmark jar (./fastio bench).";

    @Option(names = "--verbose", scope = CommandLine.ScopeType.INHERIT,
            description = "Print stack traces with errors.")
    boolean verbose;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: gen, bench, report, ips, copy or gunzip");
    }

    public static void main(String[] args) {
        // not System.out: a PrintStream swallows write errors, and the commands must see them
        // the launcher gives a closed standard output /dev/null (so that no file takes fd 1) and says
        // so: writes then fail, as they would on the closed descriptor, and a lost summary is an error
        java.io.OutputStream stdout = "closed".equals(System.getProperty("fastio.stdout")) ? new java.io.OutputStream() {
            @Override
            public void write(int b) throws java.io.IOException {
                throw new java.io.IOException("standard output is closed");
            }
        } : new java.io.FileOutputStream(java.io.FileDescriptor.out);
        PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(stdout, java.nio.charset.Charset.defaultCharset()), true);
        System.exit(run(args, stdout, out, new PrintWriter(System.err, true)));
    }

    /** Runs the command line with {@link System#out} for binary output; returns the exit status. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(args, System.out, out, err);
    }

    /**
     * Runs the command line; returns the exit status. {@code binaryOut} takes what a command
     * writes to standard output as bytes ({@code gunzip -c}); {@code out} and {@code err} its text.
     */
    public static int run(String[] args, java.io.OutputStream binaryOut, PrintWriter out, PrintWriter err) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            // what picocli would print, without building its model: a version check is one line
            for (String line : new Version().getVersion()) {
                out.println(line);
            }
            return out.checkError() ? 1 : 0;
        }
        CommandLine cl = tree(binaryOut, invoked(args));
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            java.util.List<String> suggestions = ex instanceof CommandLine.UnmatchedArgumentException u ? u.getSuggestions() : List.of();
            String message = ex.getMessage();
            var subcommands = ex.getCommandLine().getSubcommands().keySet();
            if (suggestions.isEmpty() && !subcommands.isEmpty() && ex instanceof CommandLine.UnmatchedArgumentException u
                    && !u.getUnmatched().isEmpty() && !u.getUnmatched().get(0).startsWith("-")) {
                // `ips frob`: name what the command takes rather than picocli's "Unmatched argument at index 1"
                message = "'" + u.getUnmatched().get(0) + "' is not a command of " + ex.getCommandLine().getCommandSpec().qualifiedName()
                        + ": use " + String.join(" or ", subcommands.stream().filter(n -> !n.equals("help")).toList());
            }
            err.println(usage(message + (suggestions.isEmpty() ? "" : "; did you mean " + String.join(" or ", suggestions) + "?"),
                    ex.getCommandLine()));
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            if (ex instanceof StandardOutput.Failed f && f.brokenPipe()) {
                return StandardOutput.BROKEN_PIPE; // the reader has what it wanted: no message
            }
            if (ex instanceof UsageError) {
                err.println(usage(ex.getMessage(), c));
                return 2;
            }
            err.println("fastio: " + Quoted.of(describe(ex)));
            if (parsed.hasMatchedOption("--verbose") || isVerbose(parsed)) {
                java.io.StringWriter trace = new java.io.StringWriter();
                ex.printStackTrace(new PrintWriter(trace));
                trace.toString().lines().forEach(l -> err.println(Quoted.of(l))); // its messages carry file names too
            }
            return 1;
        });
        int status = cl.execute(args);
        if (out.checkError() && status == 0) { // a summary or a path that never reached its reader
            err.println("fastio: cannot write to standard output");
            return 1;
        }
        return status;
    }

    /** A usage error's one line: what is wrong, and the help of the command it came from ("fastio ips pack --help"). */
    private static String usage(String message, CommandLine where) {
        return "fastio: " + Quoted.of(message) + " (try: " + where.getCommandSpec().qualifiedName() + " --help)";
    }

    /**
     * The command tree with the commands {@code names} only. picocli builds each command's model by
     * reflection when it is added, which costs a fresh JVM tens of milliseconds per command: a
     * command line builds the one it runs, and help builds them all.
     */
    static CommandLine tree(java.io.OutputStream binaryOut, List<String> names) {
        CommandLine.IFactory defaults = CommandLine.defaultFactory();
        CommandLine cl = new CommandLine(new Main(), new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> cls) throws Exception {
                return cls == GunzipCommand.class ? cls.cast(new GunzipCommand(binaryOut)) : defaults.create(cls);
            }
        });
        for (String name : names) {
            Object command = switch (name) {
                case "gen" -> GenCommand.class;
                case "bench" -> benchIsHere() ? BenchCommand.class : benchElsewhere();
                case "report" -> ReportCommand.class;
                case "ips" -> IpsCommand.class;
                case "copy" -> CopyCommand.class;
                case "gunzip" -> GunzipCommand.class;
                case "help" -> CommandLine.HelpCommand.class;
                default -> throw new IllegalArgumentException(name);
            };
            cl.addSubcommand(name, command);
        }
        return cl;
    }

    /** The commands {@code args} needs: the one it names, or all of them for help and for a name no command has. */
    static List<String> invoked(String[] args) {
        for (String a : args) {
            if (a.equals("--")) {
                break;
            }
            if (!a.startsWith("-")) { // the root's options take no values: the first word is the command
                return COMMANDS.contains(a) && !a.equals("help") ? List.of(a) : COMMANDS;
            }
            if (a.equals("-h") || a.equals("--help")) {
                return COMMANDS;
            }
        }
        return List.of();
    }

    private static boolean benchIsHere() {
        return Main.class.getClassLoader().getResource("dev/fastio/bench/run/SuiteRunner.class") != null;
    }

    /** {@code bench} in the tool jar: listed by help, and a clear error if run there directly. */
    private static CommandLine.Model.CommandSpec benchElsewhere() {
        Runnable refuse = () -> {
            throw new UserError("bench runs from the benchmark jar, which has JMH; ./fastio bench builds and runs it");
        };
        CommandLine.Model.CommandSpec spec = CommandLine.Model.CommandSpec.wrapWithoutInspection(refuse).name("bench");
        spec.usageMessage().description(BENCH_ELSEWHERE);
        spec.addOption(CommandLine.Model.OptionSpec.builder("-h", "--help").usageHelp(true).description("Show this help message and exit.").build());
        spec.parser().unmatchedArgumentsAllowed(true);
        return spec;
    }

    private static boolean isVerbose(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--verbose")) {
                return true;
            }
        }
        return false;
    }

    /** One line that says what failed and where, without a stack trace. */
    static String describe(Throwable ex) {
        if (ex instanceof NoSuchFileException e) {
            return e.getReason() != null ? e.getFile() + ": " + e.getReason() : "no such file: " + e.getFile();
        }
        if (ex instanceof AccessDeniedException e) {
            return "permission denied: " + e.getFile();
        }
        if (ex instanceof FileSystemException e) {
            String files = e.getFile() + (e.getOtherFile() != null ? " -> " + e.getOtherFile() : "");
            if (e.getReason() != null) {
                return files + ": " + e.getReason();
            }
            if (e.getFile() != null) { // the JDK's bare kinds: say them as words
                return files + ": " + (ex instanceof java.nio.file.FileAlreadyExistsException ? "already exists"
                        : ex instanceof java.nio.file.NotDirectoryException ? "not a directory"
                        : ex instanceof java.nio.file.DirectoryNotEmptyException ? "folder not empty"
                        : ex instanceof java.nio.file.NotLinkException ? "not a symbolic link"
                        : ex instanceof java.nio.file.FileSystemLoopException ? "a loop of links"
                        : "cannot be used (" + ex.getClass().getSimpleName() + ")");
            }
        }
        String m = ex.getMessage();
        if (m == null || m.isBlank()) {
            return ex.getClass().getSimpleName() + (ex.getCause() != null ? ": " + describe(ex.getCause()) : "");
        }
        // the whole message on one line (a file name may hold a newline; Quoted writes it as \x0a)
        return m.strip();
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"fastio " + (v == null ? "(development build)" : v)
                    + " on Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
        }
    }
}
