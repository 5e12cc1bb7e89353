package org.hympj.examples;

import java.util.function.Function;

/**
 * Reading the numbers on an example program's command line: each problem becomes the
 * program's usage error (an {@code IllegalArgumentException} whose message says what was
 * wrong, then how to call the program).
 */
public final class ProgramArguments {
    private final Function<String, IllegalArgumentException> usage;

    /** {@code usage} turns a problem into the exception the program throws. */
    public ProgramArguments(Function<String, IllegalArgumentException> usage) {
        this.usage = usage;
    }

    /** {@code text} as a whole number of at least 1, named {@code what} in errors. */
    public int positiveInt(String text, String what) {
        int value;
        try {
            value = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw usage.apply(what + " must be a whole number, got '" + text + "'");
        }
        if (value < 1) {
            throw usage.apply(what + " must be at least 1, got " + value);
        }
        return value;
    }

    /** {@code text} as a finite number above 0, named {@code what} in errors. */
    public double positiveReal(String text, String what) {
        double value;
        try {
            value = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw usage.apply(what + " must be a number, got '" + text + "'");
        }
        if (!(value > 0) || Double.isInfinite(value)) {
            throw usage.apply(what + " must be a positive number, got " + text);
        }
        return value;
    }

    /** The value after option {@code args[i]}, which must exist. */
    public String valueOf(String[] args, int i) {
        if (i + 1 >= args.length) {
            throw usage.apply(args[i] + " needs a value");
        }
        return args[i + 1];
    }

    /** The usage error for {@code problem}. */
    public IllegalArgumentException error(String problem) {
        return usage.apply(problem);
    }
}
