/**
 * The warm-up a JVM runs before its share of a job starts: the runtime's message paths,
 * exercised by private ranks until the JIT has compiled them, so that a program's first calls
 * run compiled code ({@link org.hympj.comm.launch.warmup.WarmUp}).
 */
package org.hympj.comm.launch.warmup;
