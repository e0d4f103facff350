/** A small seeded generator (mulberry32) for the differential runs: the same seed gives the same inputs. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** an integer in [lo, hi] */
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    /** true with probability p */
    chance: (p) => next() < p,
    pick: (xs) => xs[Math.floor(next() * xs.length)],
  };
}

/** `--n N --seed S` and friends, as numbers */
export function parseArgs(argv, defaults) {
  const o = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i].replace(/^--/, "");
    if (!(k in o)) throw new Error(`unknown option ${argv[i]} (known: ${Object.keys(o).map((x) => "--" + x).join(" ")})`);
    o[k] = typeof o[k] === "number" ? Number(argv[++i]) : argv[++i];
  }
  return o;
}
