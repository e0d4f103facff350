/**
 * The CPU time of one thread (Linux /proc), for the fuzz watchdog: a bound on the work an input
 * does, which a busy machine does not use up (a thread that waits for a core spends no CPU time).
 * `ownThreadId()` is called in the worker thread itself (a sync call runs on the calling thread);
 * `threadCpuMs(tid)` reads that thread's time from any thread of the process.
 */
import { readFileSync, readlinkSync } from "node:fs";

/** the calling thread's kernel thread id, or undefined where /proc does not say */
export function ownThreadId() {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    return Number.isInteger(tid) && tid > 0 && threadCpuMs(tid) !== undefined ? tid : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) a thread of this process has used, in ms; undefined when it cannot be read (gone, no /proc) */
export function threadCpuMs(tid) {
  if (tid === undefined) return undefined;
  try {
    // schedstat: the time on a CPU in ns, exact
    return Number(readFileSync(`/proc/self/task/${tid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
  } catch {
    /* a kernel without schedstats: stat's utime + stime, in clock ticks (USER_HZ, 100 on Linux) */
  }
  try {
    const f = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    const rest = f.slice(f.lastIndexOf(")") + 2).split(" ");
    // fields 14 and 15 of stat(5); rest[0] is field 3
    return (Number(rest[11]) + Number(rest[12])) * 10;
  } catch {
    return undefined;
  }
}
