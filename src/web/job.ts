/**
 * Drawing in slices: a long drawing is a list of small steps run a few milliseconds at a time,
 * each slice a task of its own, so the browser handles input (a key, a click, a scroll) between
 * two slices. A new drawing cancels the one before it. The first slice runs at once, so a small
 * picture is drawn before `start` returns. A slice may also end early and let a frame be drawn
 * before the next one (`frameBreak`): the frame's own work (handing the compositor what the
 * slices drew) stays short too.
 */

export type Step = () => void;

export interface JobStats {
  /** from start to the last step (or the cancel), milliseconds */
  ms: number;
  slices: number;
  /** the longest slice: how long the main thread was held at most */
  longestSliceMs: number;
  steps: number;
  done: boolean;
}

/** how long one slice may run before it yields (a frame is 16 ms) */
export const SLICE_MS = 10;

const channel = typeof MessageChannel === "function" ? new MessageChannel() : undefined;
const queue: Array<() => void> = [];
if (channel) {
  channel.port1.onmessage = () => queue.shift()?.();
}
/** run f as a new task (a message, not a timer: timers are clamped to 4 ms once nested) */
export function nextTask(f: () => void): void {
  if (!channel) {
    setTimeout(f, 0);
    return;
  }
  queue.push(f);
  channel.port2.postMessage(0);
}

/** f after the next frame is drawn (or after 100 ms, where no frame comes: a hidden tab) */
export function afterFrame(f: () => void): void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    f();
  };
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => nextTask(go));
  setTimeout(go, 100);
}

export class DrawJob {
  private next = 0;
  private cancelled = false;
  private readonly t0 = performance.now();
  readonly stats: JobStats;

  constructor(
    private readonly steps: Step[],
    private readonly onProgress: (done: number, total: number) => void,
    private readonly onEnd: (stats: JobStats) => void,
    /** how long a slice may run (tests set 0: one step a slice) */
    private readonly sliceMs = SLICE_MS,
    /** asked after each step: true ends the slice, and the next one waits for a frame */
    private readonly frameBreak: () => boolean = () => false,
  ) {
    this.stats = { ms: 0, slices: 0, longestSliceMs: 0, steps: steps.length, done: false };
  }

  get running(): boolean {
    return !this.cancelled && !this.stats.done;
  }

  /** run the first slice now; the rest follow as tasks of their own */
  start(): void {
    this.slice();
  }

  cancel(): void {
    if (!this.running) return;
    this.cancelled = true;
    this.stats.ms = performance.now() - this.t0;
    this.onEnd(this.stats);
  }

  private slice(): void {
    if (this.cancelled) return;
    const start = performance.now();
    const n = this.steps.length;
    let frame = false;
    while (this.next < n) {
      this.steps[this.next++]!();
      if ((frame = this.frameBreak())) break;
      if (performance.now() - start >= this.sliceMs) break;
    }
    const end = performance.now();
    this.stats.slices++;
    this.stats.longestSliceMs = Math.max(this.stats.longestSliceMs, end - start);
    if (this.next < n) {
      this.onProgress(this.next, n);
      if (frame) afterFrame(() => this.slice());
      else nextTask(() => this.slice());
      return;
    }
    this.stats.done = true;
    this.stats.ms = end - this.t0;
    this.onEnd(this.stats);
  }
}
