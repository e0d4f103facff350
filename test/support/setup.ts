/** Runs before each test file (vitest setupFiles): its scratch folders are removed after its tests. */
import { afterAll } from "vitest";
import { removeAllScratch } from "./scratch.js";

afterAll(() => removeAllScratch());
