package org.hympj.npb.numerics;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The vector shape of the vector loops: the widest the CPU has for doubles. A static final,
 * which the JIT folds into a constant; the Vector API compiles to vector instructions only
 * where the species is one. Loaded only when the API's module is there ({@link Vectors}).
 */
final class DoubleLanes {
    static final VectorSpecies<Double> SPECIES = DoubleVector.SPECIES_PREFERRED;
    static final int COUNT = SPECIES.length();

    private DoubleLanes() {
    }
}
