/**
 * Java Flight Recorder events of the MPI calls and of the engine's notable moments, one set of
 * classes per JVM for all its ranks. Every event is disabled unless a recording enables it by
 * name (HyMPJ's profiling settings do), and {@link org.hympj.comm.events.CallEvents#on} keeps the
 * calls free while none does.
 */
package org.hympj.comm.events;
