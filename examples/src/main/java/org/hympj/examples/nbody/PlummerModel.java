package org.hympj.examples.nbody;

import java.util.SplittableRandom;

/**
 * Initial conditions: a Plummer sphere of total mass 1 in standard N-body units (G = 1,
 * total energy -1/4), drawn as Aarseth, Hénon and Wielen (1974) describe, with radii past 10
 * scale lengths redrawn, and moved to rest at the origin. Every rank draws the same
 * {@code n} particles from the seed and keeps its own block of ids, so the model does not
 * depend on the number of ranks.
 */
final class PlummerModel {
    private PlummerModel() {
    }

    /** Writes the particles with ids {@code [firstId, firstId + count)} of an {@code n}-particle model into {@code to}. */
    static void draw(int n, long seed, int firstId, int count, Particles to) {
        double[] pos = new double[3 * n];
        double[] vel = new double[3 * n];
        SplittableRandom random = new SplittableRandom(seed);
        double lengthScale = 3 * Math.PI / 16;
        double velocityScale = Math.sqrt(16 / (3 * Math.PI));
        for (int i = 0; i < n; i++) {
            double r;
            do {
                r = 1 / Math.sqrt(Math.pow(random.nextDouble(Double.MIN_NORMAL, 1), -2.0 / 3) - 1);
            } while (r > 10);
            isotropic(random, r * lengthScale, pos, 3 * i);
            double q;
            double g;
            do {
                q = random.nextDouble();
                g = random.nextDouble() * 0.1;
            } while (g > q * q * Math.pow(1 - q * q, 3.5));
            double speed = q * Math.sqrt(2) * Math.pow(1 + r * r, -0.25);
            isotropic(random, speed * velocityScale, vel, 3 * i);
        }
        // Centre of mass and its velocity, summed in id order: the same on every rank.
        for (int d = 0; d < 3; d++) {
            double p = 0;
            double v = 0;
            for (int i = 0; i < n; i++) {
                p += pos[3 * i + d];
                v += vel[3 * i + d];
            }
            p /= n;
            v /= n;
            for (int i = 0; i < n; i++) {
                pos[3 * i + d] -= p;
                vel[3 * i + d] -= v;
            }
        }
        to.ensureCapacity(count);
        to.count = count;
        for (int k = 0; k < count; k++) {
            int i = firstId + k;
            to.id[k] = i;
            to.mass[k] = 1.0 / n;
            to.work[k] = 1;
            System.arraycopy(pos, 3 * i, to.position, 3 * k, 3);
            System.arraycopy(vel, 3 * i, to.velocity, 3 * k, 3);
        }
    }

    private static void isotropic(SplittableRandom random, double length, double[] into, int at) {
        double cosTheta = random.nextDouble(-1, 1);
        double phi = random.nextDouble(0, 2 * Math.PI);
        double sinTheta = Math.sqrt(1 - cosTheta * cosTheta);
        into[at] = length * sinTheta * Math.cos(phi);
        into[at + 1] = length * sinTheta * Math.sin(phi);
        into[at + 2] = length * cosTheta;
    }
}
