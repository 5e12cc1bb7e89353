package org.hympj.loaders.entryfixture;

/**
 * Main classes with every form of entry point the {@code java} launcher knows (JDK 17's and
 * JEP 512's of JDK 25) and the forms it refuses; each main records its tag with {@link Ran}.
 */
public final class EntryFixtures {
    private EntryFixtures() {
    }

    /** A non-static member class: its instance main has no object to run on. */
    class Inner {
        void main() {
            Ran.is("Inner.main()");
        }
    }
}

class PackagePrivateHello {
    static public void main(String[] args) {
        Ran.is("PackagePrivateHello.main(String[])");
    }
}

class StaticMainBase {
    public static void main(String[] args) {
        Ran.is("StaticMainBase.main(String[])");
    }
}

class InheritsStaticMain extends StaticMainBase {
}

class PrivateMain {
    private static void main(String[] args) {
        Ran.is("PrivateMain.main(String[])");
    }
}

class NoMain {
    static void run(String[] args) {
        Ran.is("NoMain.run(String[])");
    }
}

class PackagePrivateStaticMain {
    static void main(String[] args) {
        Ran.is("PackagePrivateStaticMain.main(String[])");
    }
}

class InstanceMainWithArgs {
    void main(String[] args) {
        Ran.is("InstanceMainWithArgs.main(String[])");
    }
}

class PublicInstanceMain {
    public void main(String[] args) {
        Ran.is("PublicInstanceMain.main(String[])");
    }
}

class InstanceMainNoArgs {
    void main() {
        Ran.is("InstanceMainNoArgs.main()");
    }
}

class StringArrayBeforeNoArg {
    static void main() {
        Ran.is("StringArrayBeforeNoArg.main()");
    }

    void main(String[] args) {
        Ran.is("StringArrayBeforeNoArg.main(String[])");
    }
}

class PrivateArgsMainFallsBackToNoArg {
    private static void main(String[] args) {
        Ran.is("PrivateArgsMainFallsBackToNoArg.main(String[])");
    }

    void main() {
        Ran.is("PrivateArgsMainFallsBackToNoArg.main()");
    }
}

class InstanceMainBase {
    void main() {
        Ran.is("InstanceMainBase.main()");
    }
}

class InheritsInstanceMain extends InstanceMainBase {
}

class InstanceMainNeedsArguments {
    InstanceMainNeedsArguments(int unused) {
    }

    void main() {
        Ran.is("InstanceMainNeedsArguments.main()");
    }
}

class PrivateConstructorInstanceMain {
    private PrivateConstructorInstanceMain() {
    }

    void main() {
        Ran.is("PrivateConstructorInstanceMain.main()");
    }
}

abstract class AbstractInstanceMain {
    void main() {
        Ran.is("AbstractInstanceMain.main()");
    }
}

interface MainInterface {
    default void main() {
        Ran.is("MainInterface.main()");
    }
}

class DefaultMainFromInterface implements MainInterface {
}

class NonVoidMain {
    public static int main(String[] args) {
        Ran.is("NonVoidMain.main(String[])");
        return 0;
    }
}

class ThrowsInMain {
    public static void main(String[] args) {
        throw new IllegalStateException("deliberate failure in main");
    }
}

class ThrowsInConstructor {
    ThrowsInConstructor() {
        throw new IllegalStateException("deliberate failure in the constructor");
    }

    void main() {
        Ran.is("ThrowsInConstructor.main()");
    }
}

class GetsItsArguments {
    public static void main(String[] args) {
        Ran.is("GetsItsArguments.main(" + String.join(",", args) + ")");
    }
}
