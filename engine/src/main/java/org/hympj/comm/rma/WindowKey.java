package org.hympj.comm.rma;

import org.hympj.comm.runtime.Job;

/** A window, by its job and its requests' context: the same on every rank, unique in the job while the window lives. */
record WindowKey(Job job, int context) {
}
