package org.hympj.loaders;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * The entry point of a program: the {@code main} method that the {@code java} launcher of the
 * running JDK would invoke for a main class, found by that launcher's rules, and its call. Every
 * way HyMPJ starts a program's ranks goes through here, so a program runs under {@code hympjrun}
 * exactly when {@code java MainClass} would run it, and the same method runs.
 *
 * <p>The rules, as the JDK's launcher applies them ({@code sun.launcher.LauncherHelper} and, from
 * JDK 25, {@code jdk.internal.misc.MethodFinder}):
 * <ul>
 *   <li>before JDK 25: the public {@code main(String[])} the class declares or inherits from a
 *       superclass, which must be static and return void; the class itself may be
 *       package-private;</li>
 *   <li>from JDK 25 (JEP 512): the first of a public {@code main(String[])} the class declares or
 *       inherits; a non-public {@code main(String[])} it declares or inherits (the nearest); a
 *       {@code main()} it declares or inherits; each must return void and not be private, and
 *       an interface's default method counts as inherited. A static method is called as it is;
 *       for an instance method the launcher makes an object of the main class with its
 *       constructor without parameters, which must exist and not be private, in a class that
 *       is neither abstract nor an inner class.</li>
 * </ul>
 * A class with no such method gets a {@link NoEntryPointException} whose sentence names the
 * method that was not taken and why.
 *
 * <p>Invariant: an instance holds a method that the launcher rules chose and, for an instance
 * method, the constructor that makes its object; both are accessible to {@link #run}.
 */
public final class ProgramEntry {
    /** Thrown for a main class that {@code java} would not run; the message says which method is missing or unusable and why. */
    public static final class NoEntryPointException extends Exception {
        private static final long serialVersionUID = 1L;

        NoEntryPointException(String message) {
            super(message);
        }
    }

    /** JEP 512's launch rules are the standard ones from this JDK on. */
    static final int INSTANCE_MAIN_FEATURE = 25;

    private final Method main;
    private final Constructor<?> constructor;

    private ProgramEntry(Method main, Constructor<?> constructor) {
        this.main = main;
        this.constructor = constructor;
        main.setAccessible(true);
        if (constructor != null) {
            constructor.setAccessible(true);
        }
    }

    /** The entry point {@code java} on this JDK would run for {@code mainClass}. */
    public static ProgramEntry of(Class<?> mainClass) throws NoEntryPointException {
        return of(mainClass, Runtime.version().feature() >= INSTANCE_MAIN_FEATURE);
    }

    /** The entry point by JEP 512's rules ({@code instanceMains}) or by those before it. */
    static ProgramEntry of(Class<?> mainClass, boolean instanceMains) throws NoEntryPointException {
        return instanceMains ? byJep512(mainClass) : byStaticMainOnly(mainClass);
    }

    /**
     * Runs the entry point with {@code args} (a no-argument main gets none). What the program
     * throws, in its constructor or its main, is thrown as it was thrown, not wrapped.
     */
    public void run(String[] args) throws Throwable {
        try {
            Object target = constructor == null ? null : constructor.newInstance();
            if (main.getParameterCount() == 0) {
                main.invoke(target);
            } else {
                main.invoke(target, (Object) args);
            }
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static ProgramEntry byStaticMainOnly(Class<?> c) throws NoEntryPointException {
        String wanted = "; java on JDK " + Runtime.version().feature() + " runs public static void main(String[] args)";
        Method m;
        try {
            m = c.getMethod("main", String[].class);
        } catch (NoSuchMethodException e) {
            Method hidden = nearest(c, String[].class);
            String why = hidden == null ? "it declares and inherits no main(String[])"
                : describe(hidden) + " is " + access(hidden) + ", not public";
            throw new NoEntryPointException("main class " + c.getName() + " has no main method that java runs: " + why + wanted);
        }
        if (!Modifier.isStatic(m.getModifiers())) {
            throw new NoEntryPointException("main class " + c.getName() + " has no main method that java runs: "
                + describe(m) + " is not static" + wanted);
        }
        if (m.getReturnType() != void.class) {
            throw new NoEntryPointException("main class " + c.getName() + " has no main method that java runs: "
                + describe(m) + " returns " + m.getReturnType().getName() + ", not void" + wanted);
        }
        return new ProgramEntry(m, null);
    }

    private static ProgramEntry byJep512(Class<?> c) throws NoEntryPointException {
        List<Method> refused = new ArrayList<>();
        Method m = publicMain(c);
        if (m == null) {
            m = nearest(c, String[].class);
        }
        if (m != null && !launchable(m)) {
            refused.add(m);
            m = null;
        }
        if (m == null) {
            m = nearest(c);
            if (m != null && !launchable(m)) {
                refused.add(m);
                m = null;
            }
        }
        if (m == null) {
            List<String> why = new ArrayList<>();
            for (Method r : refused) {
                why.add(describe(r) + (Modifier.isPrivate(r.getModifiers()) ? " is private"
                    : " returns " + r.getReturnType().getName() + ", not void"));
            }
            throw new NoEntryPointException("main class " + c.getName() + " has no main method that java runs: "
                + (why.isEmpty() ? "it declares and inherits no main(String[]) and no main()" : String.join(", and ", why))
                + "; java on JDK " + Runtime.version().feature() + " runs a main(String[] args) or main() that returns void"
                + " and is not private, static or in a class it can make an object of");
        }
        if (Modifier.isStatic(m.getModifiers())) {
            return new ProgramEntry(m, null);
        }
        return new ProgramEntry(m, instanceMaker(c, m));
    }

    /** The constructor java's launcher makes the object of an instance main with, or why there is none. */
    private static Constructor<?> instanceMaker(Class<?> c, Method m) throws NoEntryPointException {
        String instance = "main class " + c.getName() + " cannot be run: " + describe(m) + " is an instance method, and ";
        if (Modifier.isAbstract(c.getModifiers())) {
            throw new NoEntryPointException(instance + c.getName() + " is abstract, so java cannot make an object to call it on");
        }
        if (c.isMemberClass() && !Modifier.isStatic(c.getModifiers())) {
            throw new NoEntryPointException(instance + c.getName() + " is an inner class, whose objects need an object of "
                + c.getEnclosingClass().getName() + ": declare it static, or move it to a file of its own");
        }
        try {
            Constructor<?> constructor = c.getDeclaredConstructor();
            if (!Modifier.isPrivate(constructor.getModifiers())) {
                return constructor;
            }
        } catch (NoSuchMethodException e) {
            // reported below, as a private one is
        }
        throw new NoEntryPointException(instance + c.getName() + " has no non-private constructor without parameters"
            + " to make the object with: declare " + c.getSimpleName() + "() or remove its private");
    }

    private static Method publicMain(Class<?> c) {
        try {
            return c.getMethod("main", String[].class);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static boolean launchable(Method m) {
        return m.getReturnType() == void.class && !Modifier.isPrivate(m.getModifiers());
    }

    /**
     * The {@code main} with these parameters that the class declares or inherits, of any access,
     * as the JDK's reflection resolves it: the class, then its superclasses, then the instance
     * methods of their interfaces (the most specific interface's).
     */
    private static Method nearest(Class<?> c, Class<?>... parameters) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            Method m = declared(k, parameters);
            if (m != null) {
                return m;
            }
        }
        List<Method> defaults = new ArrayList<>();
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            collectFromInterfaces(k.getInterfaces(), parameters, defaults);
        }
        for (Method m : defaults) {
            boolean overridden = false;
            for (Method other : defaults) {
                overridden |= other != m && m.getDeclaringClass().isAssignableFrom(other.getDeclaringClass());
            }
            if (!overridden) {
                return m;
            }
        }
        return null;
    }

    private static void collectFromInterfaces(Class<?>[] interfaces, Class<?>[] parameters, List<Method> into) {
        for (Class<?> i : interfaces) {
            Method m = declared(i, parameters);
            if (m != null && !Modifier.isStatic(m.getModifiers())) {
                into.add(m);
            } else {
                collectFromInterfaces(i.getInterfaces(), parameters, into);
            }
        }
    }

    private static Method declared(Class<?> k, Class<?>... parameters) {
        try {
            return k.getDeclaredMethod("main", parameters);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static String describe(Method m) {
        return (Modifier.isStatic(m.getModifiers()) ? "static " : "") + "main(" + (m.getParameterCount() == 0 ? "" : "String[]")
            + ") of " + m.getDeclaringClass().getName();
    }

    private static String access(Method m) {
        int mods = m.getModifiers();
        return Modifier.isPrivate(mods) ? "private" : Modifier.isProtected(mods) ? "protected" : "package-private";
    }
}
