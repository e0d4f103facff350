/**
 * vitest: timeouts sized for a slow, busy machine (a test's time is never asserted; a timeout is only
 * a net under a real hang), and a guard on temporary files (test/support/global-setup.ts).
 */
import { defineConfig } from "vitest/config";
import { progressTimeouts } from "./test/support/rpc-timeouts.js";

export default defineConfig({
  test: {
    // a 2-core CI machine under load runs a test many times slower than a workstation (the slowest
    // test here takes under 20 s unloaded): a test that needs more than this names its own, larger,
    // timeout. These only end a run that hangs; a passing run's time does not depend on them.
    // One limit of vitest's own is not configurable: a worker that does not yield to its event loop
    // for 60 s fails the run ("Timeout calling onTaskUpdate"), so a test waits for a long child
    // asynchronously (spawn, not spawnSync) and a long loop awaits breathe() (test/helpers.ts); a
    // starved machine can still make a worker miss its progress report's answer, which
    // test/support/rpc-timeouts.ts keeps from failing a run whose tests all ran
    reporters: ["default", progressTimeouts()],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    teardownTimeout: 300_000,
    globalSetup: ["test/support/global-setup.ts"],
    setupFiles: ["test/support/setup.ts"],
  },
});
