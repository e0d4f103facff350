/**
 * Fuzz input generators: input `index` of `command` under `seed` is a pure function of the three,
 * so any finding is reproduced with `--seed S --command C --only INDEX`.
 *
 * An input is { argv, file? }: when `file` is set, the worker writes it to a scratch file and
 * replaces every "@FILE" in argv and in the file's text by that file's path (batch and check read
 * files). Other @NAMES stand for odd files the worker makes once (files.mjs): a FIFO, a symlink
 * loop, a broken link, a 600 MB sparse file, a file with no cases, a directory of odd entries,
 * and canaries that no nested command line may ever read or write.
 */
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

// ---------------------------------------------------------------- PRNG

function hash32(s) {
  let h = 2166136261 >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h;
}

export function rngFor(seed, command, index) {
  let a = hash32(`${seed}/${command}/${index}`) || 1;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r = {
    f: next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (xs) => xs[Math.floor(next() * xs.length)],
    chance: (p) => next() < p,
  };
  return r;
}

// ---------------------------------------------------------------- corpus

let CORPUS;
/** golden argv by command, plus the notation's function names */
export function corpus() {
  if (CORPUS) return CORPUS;
  const byCmd = {};
  const dir = join(ROOT, "fixtures", "golden");
  for (const f of readdirSync(dir).filter((x) => x.endsWith(".jsonl"))) {
    for (const line of readFileSync(join(dir, f), "utf8").split("\n")) {
      if (!line.trim()) continue;
      try {
        const r = JSON.parse(line);
        if (Array.isArray(r.cmd) && typeof r.cmd[0] === "string") (byCmd[r.cmd[0]] ??= []).push(r.cmd);
      } catch {
        /* a broken golden line is not our concern here */
      }
    }
  }
  const exprs = [...(byCmd.eval ?? []), ...(byCmd.print ?? [])].map((c) => c.find((x, i) => i > 0 && !x.startsWith("--"))).filter(Boolean);
  // TMA host programs (tma.jsonl's C++, the generator's fake_gmem_ptr<T>() written as the cast it stands for): blocks for eval
  const programs = new Set();
  for (const line of readFileSync(join(dir, "tma.jsonl"), "utf8").split("\n")) {
    try {
      const r = JSON.parse(line);
      if (typeof r.cxx === "string" && !r.cxx.includes("print_tma_desc_record")) programs.add(r.cxx.replace(/fake_gmem_ptr<(\w+)>\(\)/g, "($1*)0x10000000"));
    } catch {
      /* as below */
    }
  }
  exprs.push(...programs);
  // the tutorial snippets (test/snippets/) and control flow around the algebra: blocks with { }, if, for, while
  const snippets = fileURLToPath(new URL("../snippets/", import.meta.url));
  for (const f of readdirSync(snippets)) if (f.endsWith(".cpp")) exprs.push(readFileSync(join(snippets, f), "utf8"));
  exprs.push(
    "auto L = make_layout(make_shape(Int<4>{}, 8));\nfor (int m = 0; m < size<0>(L); ++m) { for (int n = 0; n < size<1>(L); ++n) { printf(\"%d \", L(m,n)); } print(\"\\n\"); }",
    "int k = 0;\nwhile (k < 100) { k += 7; if (k % 3 == 0) continue; if (k > 90) break; print(k); }",
    "if (thread0()) { auto t = make_tensor(counting_iter(0), make_shape(4, 4)); print_tensor(t); } else { print(0); }",
    "int s = 0;\nfor (int i = 0; i < 1000; i++) { s += size(logical_divide(make_layout(make_shape(16, 32)), make_shape(4, 8))); }\nprint(s);",
  );
  // the goldens' C++ spelling of their expressions, for C++ sources given to check
  const cxx = [];
  for (const line of readFileSync(join(dir, "algebra.jsonl"), "utf8").split("\n")) {
    if (!line.trim()) continue;
    try {
      const r = JSON.parse(line);
      if (typeof r.cxx === "string" && !r.cxx.includes("\n")) cxx.push(r.cxx);
    } catch {
      /* as above */
    }
  }
  CORPUS = { byCmd, exprs, cxx, names: [] };
  return CORPUS;
}

export function setFunctionNames(names) {
  corpus().names = names;
}

// ---------------------------------------------------------------- prototype names

/** names Object.prototype lends to every plain object: a lookup of user text must never find them */
export const PROTO = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "__defineGetter__", "__lookupSetter__"];

function proto(r) {
  return r.pick(PROTO);
}

// ---------------------------------------------------------------- pieces of notation

const EXTREME = [
  "0", "-1", "-7", "1", "2", "3", "65536", "2147483647", "2147483648", "4294967296", "1000000000", "1000000007",
  "9007199254740991", "9007199254740992", "9007199254740993", "18446744073709551616", "99999999999999999999999",
  "4503599627370496", "3037000499", "3037000500", "94906265", "94906266", "1073741824", "-2147483648", "-9007199254740991",
];

function num(r) {
  const x = r.f();
  if (x < 0.45) return String(r.int(0, 9));
  if (x < 0.65) return String(r.pick([1, 2, 4, 8, 16, 32, 64, 128]));
  if (x < 0.75) return String(r.int(-9, 12));
  return r.pick(EXTREME);
}
function int(r) {
  return (r.chance(0.5) ? "_" : "") + num(r);
}
function smallInt(r) {
  return (r.chance(0.6) ? "_" : "") + r.pick(["1", "2", "4", "8", "3", "0", "16"]);
}

function tuple(r, depth, leaf = int) {
  if (depth <= 0 || r.chance(0.45)) return leaf(r);
  const n = r.chance(0.1) ? 0 : r.int(1, 4);
  const items = [];
  for (let i = 0; i < n; i++) items.push(tuple(r, depth - 1, leaf));
  return `(${items.join(",")})`;
}

function basis(r) {
  let s = int(r);
  const k = r.int(1, 3);
  for (let i = 0; i < k; i++) s += "@" + (r.chance(0.9) ? r.int(0, 3) : r.pick(["9", "1000000", "-1", "_1"]));
  return s;
}

/** a shape and a stride: congruent usually, sometimes of mismatched rank */
function layout(r) {
  const shape = tuple(r, r.int(0, 3), r.chance(0.7) ? smallInt : int);
  let stride;
  if (r.chance(0.7)) stride = shape.replace(/_?-?\d+/g, () => (r.chance(0.1) ? basis(r) : r.chance(0.7) ? smallInt(r) : int(r)));
  else stride = tuple(r, r.int(0, 3), int);
  return r.chance(0.15) ? shape : `${shape}:${stride}`;
}

function swizzle(r) {
  const b = r.chance(0.7) ? r.int(0, 3) : r.pick([-1, 7, 31, 32, 33, 63, 64, 100, 1000000]);
  const m = r.chance(0.7) ? r.int(0, 4) : r.pick([-1, 31, 32, 53, 60, 64, 1000]);
  const s = r.chance(0.7) ? r.int(-3, 4) : r.pick([-64, -32, 31, 32, 40, 64, 1000]);
  return `Sw<${b},${m},${s}>`;
}

function composed(r) {
  const off = r.pick(["_0", "0", "_1", "5", tuple(r, 1), "smem_ptr[16b](unset)", "smem_ptr[8b](unset)", `smem_ptr[${r.pick([0, 1, 7, 64, 1000000])}b](unset)`, "M_0|(4&4)=4", "M_8|(4&6)=12", `M_${r.int(0, 9)}|(${r.int(0, 9)}&${r.int(0, 9)})=${r.int(0, 16)}`]);
  // now and then the inverse of a swizzled layout as CuTe prints it: L o k o Sw
  if (r.chance(0.05)) return `${layout(r)} o ${r.pick(["_-1", "-3", "0", "_0"])} o ${swizzle(r)}`;
  return `${r.chance(0.8) ? swizzle(r) : layout(r)} o ${off} o ${layout(r)}`;
}

function value(r, depth = 2) {
  const x = r.f();
  if (x < 0.35) return layout(r);
  if (x < 0.5) return tuple(r, 2);
  if (x < 0.6) return composed(r);
  if (x < 0.65) return swizzle(r);
  if (x < 0.7) return r.pick(["LayoutLeft", "LayoutRight", "_", "GenRowMajor"]);
  if (x < 0.75) return `make_tensor(${r.pick(["counting_iter(0)", "counting_iter(42)", "ArithTuple(0,_0)", "make_inttuple_iter(0,0)"])},${layout(r)})`;
  // a tensor as CuTe prints it
  if (x < 0.78) return `${r.pick(["counting_iter(0)", "counting_iter(42)", "ArithTuple(0,_0)"])} o ${r.chance(0.7) ? layout(r) : composed(r)}`;
  if (x < 0.82) return `make_identity_tensor(${tuple(r, 2, smallInt)})`;
  if (depth > 0) return call(r, depth - 1);
  return int(r);
}

function call(r, depth = 2) {
  const names = corpus().names;
  const name = r.chance(0.03) ? proto(r) : names.length && r.chance(0.95) ? r.pick(names) : r.pick(["nosuch", "composition", "size"]);
  const targs = r.chance(0.25) ? `<${Array.from({ length: r.int(1, 3) }, () => (r.chance(0.8) ? r.int(-1, 4) : r.pick(["1000000", "-5", "half_t", "99999999999"]))).join(",")}>` : "";
  const n = r.int(0, 3);
  const args = Array.from({ length: n }, () => value(r, depth));
  let s = `${name}${targs}(${args.join(",")})`;
  if (r.chance(0.1)) s += `(${tuple(r, 1)})`;
  return s;
}

// ---------------------------------------------------------------- mutation

const SOUP = ["(", ")", ",", ":", "@", "<", ">", "[", "]", " o ", "_", "_0", "_1", "_2", "_4", "_8", "0", "1", "4", "-1", "8", "Sw", "smem_ptr", "16b", "unset", "counting_iter", "ArithTuple", "LayoutLeft", " ", "o", "M_0|(4&4)=4", "M_", "|", "&", "=", "x", "#", "\u00e9", "\u{1F600}", "\u0000", "'", "\"", "\\", "\n", "--",
  // CuTe's C++ spelling
  "{", "}", "{}", "::", "cute::", "*", "+", "/", "%", "<<", "==", "&&", "!", "~", ";", "//", "/*", "*/", ".", "0x1f", "32_c", "Int<8>{}", "_8{}", "Layout<Shape<_8,_4>>{}", "Shape<int,_4>{8, {}}", "E<1>{}", "X{}",
  "GMMA::Layout_K_SW128_Atom<half_t>{}", "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{})", "Copy_Atom<UniversalCopy<uint32_t>, half_t>{}", "MMA_Atom<SM61_DP4A>{}",
  // pointers and tensors over memory
  "(float*)0x100", "(void*)", "reinterpret_cast<half_t*>(", "gmem_ptr[32b](0x10000)", "Sw<3,4,3>_smem_ptr[16b](0x1000)", "_smem_ptr", "subptr[4b](0x10.4)", "tmem_[32b](0x0000.0000)", "(nil)", "ptr[", "make_gmem_ptr(", "make_smem_ptr<half_t>(", "make_tmem_ptr<float>(", "make_tensor<float>(", "recast<uint4_t>(", "make_fragment_like(", "*make_inttuple_iter(1,2)", "&"];

function soupToken(r) {
  const x = r.f();
  if (x < 0.6) return r.pick(SOUP);
  if (x < 0.75) return int(r);
  const names = corpus().names;
  return names.length ? r.pick(names) : "size";
}

export function mutate(r, s) {
  const k = r.int(1, 4);
  for (let i = 0; i < k; i++) {
    const x = r.f();
    const p = r.int(0, s.length);
    if (x < 0.15) s = s.slice(0, p); // truncate
    else if (x < 0.25) s = s.slice(p); // drop a prefix
    else if (x < 0.4) s = s.slice(0, p) + s.slice(p + r.int(1, 4)); // delete
    else if (x < 0.6) s = s.slice(0, p) + soupToken(r) + s.slice(p); // insert
    else if (x < 0.8) {
      // replace one integer literal by an extreme one
      const ms = [...s.matchAll(/-?\d+/g)];
      if (ms.length) {
        const m = r.pick(ms);
        s = s.slice(0, m.index) + num(r) + s.slice(m.index + m[0].length);
      }
    } else if (x < 0.9) {
      // duplicate a slice
      const q = r.int(p, Math.min(s.length, p + 20));
      s = s.slice(0, q) + s.slice(p, q) + s.slice(q);
    } else {
      // replace a parenthesised group by a random value
      const open = s.indexOf("(", p);
      if (open >= 0) {
        let d = 0, j = open;
        for (; j < s.length; j++) {
          if (s[j] === "(") d++;
          else if (s[j] === ")" && --d === 0) break;
        }
        s = s.slice(0, open) + "(" + value(r, 1) + ")" + s.slice(j + 1);
      }
    }
  }
  return s;
}

// ---------------------------------------------------------------- pathological shapes

function deep(r) {
  const d = r.pick([100, 499, 500, 501, 1000, 10000, 10000, 100000]);
  const x = r.int(0, 12);
  const rep = (s, n) => s.repeat(n);
  switch (x) {
    case 0: return rep("(", d) + "1" + rep(")", d);
    case 1: return rep("size(", d) + "_4" + rep(")", d);
    case 2: return rep("(", d) + "4:1" + rep(")", d) + ":" + rep("(", d) + "1" + rep(")", d);
    case 3: return "(4,8):(1,4)" + rep("(0)", d);
    case 4: return rep("Sw<1,2,3> o ", d) + "_8:_1";
    case 5: return "_1" + rep("@0", d);
    case 6: return "(" + Array.from({ length: d }, (_, i) => String(i % 7 + 1)).join(",") + ")";
    case 7: return "make_layout(" + Array.from({ length: d }, () => "_2").join(",") + ")";
    case 8: return rep("(", d);
    case 9: return rep(")", d) + rep("(", d);
    case 10: return rep("composition(", d) + "_4:_1" + rep(",_2:_1)", d);
    case 11: return "(" + Array.from({ length: Math.min(d, 64) }, () => "_2").join(",") + "):(" + Array.from({ length: Math.min(d, 64) }, (_, i) => `_${2 ** Math.min(i, 52)}`).join(",") + ")";
    default: return rep("1", r.pick([1000, 1000001])) + rep(" ", r.pick([10, 1000001]));
  }
}

/** values whose size, cosize or products exceed 2^53 or a sane cell count */
function huge(r) {
  const big = r.pick(["65536", "1000000", "1073741824", "4294967296", "3037000500", "94906266", "_65536", "_1048576", "_1073741824", "100000"]);
  const x = r.int(0, 14);
  switch (x) {
    case 0: return `(${big},${big})`;
    case 1: return `(${big},${big},${big},${big})`;
    case 2: return `(${big},${big}):(${big},1)`;
    case 3: return `make_layout((${big},${big},${big}))`;
    case 4: return `size((${big},${big},${big},${big}))`;
    case 5: return `cosize((${big},${big}):(${big},${big}))`;
    case 6: return `make_tensor(counting_iter(0),(${big},${big}))`;
    case 7: return `complement(${big}:${big},${big})`;
    case 8: return `logical_product(${big}:1,${big}:1)`;
    case 9: return `blocked_product((${big},${big}):(1,${big}),(${big},${big}))`;
    case 10: return `crd2idx((${big},${big}),(${big},${big}),(${big},${big}))`;
    case 11: return `idx2crd(${r.pick(EXTREME)},(${big},${big}))`;
    case 12: return `(${big},${big}):(${big},1)(${r.pick(EXTREME)})`;
    case 13: return `make_identity_layout((${big},${big}))`;
    default: return `right_inverse((${big},${big}):(${big},1))`;
  }
}

// ---------------------------------------------------------------- per command

export function expr(r) {
  const c = corpus();
  const x = r.f();
  if (x < 0.08 && c.exprs.length) return r.pick(c.exprs);
  if (x < 0.4 && c.exprs.length) return mutate(r, r.pick(c.exprs));
  if (x < 0.5) return Array.from({ length: r.int(1, 30) }, () => soupToken(r)).join(r.chance(0.5) ? "" : " ");
  if (x < 0.8) return call(r, 2);
  if (x < 0.86) return value(r, 1);
  if (x < 0.9) return mutate(r, call(r, 1));
  if (x < 0.94) return huge(r);
  return deep(r);
}

function goldenArgv(r, cmd) {
  const list = corpus().byCmd[cmd];
  return list && list.length ? [...r.pick(list)] : [cmd];
}

const MMA_OPTS = ["--atoms", "--tile", "--map", "--thread", "--operand", "--list", "--arch", "--latex", "--svg"];
const COPY_OPTS = ["--value", "--thr", "--val", "--for-mma", "--atoms", "--tile", "--operand", "--list", "--latex"];
const TMA_OPS = ["SM90_TMA_LOAD", "SM90_TMA_LOAD_MULTICAST", "SM90_TMA_STORE", "SM90_TMA_REDUCE_ADD", "SM90_TMA_LOAD_IM2COL", "SM80_CP_ASYNC", "x"];
const TYPES = ["float", "half_t", "bfloat16_t", "double", "int8_t", "uint8_t", "uint128_t", "tfloat32_t", "float_e4m3_t", "int4_t", "void", "x", ""];

function optValue(r, name) {
  if (r.chance(0.03)) return proto(r);
  switch (name) {
    case "--map":
    case "--operand":
      return r.pick(["A", "B", "C", "D", "a", "", "AB"]);
    case "--start":
      return r.pick(["0", "0x400", "0x3fff0", "4294967295", "4294967296", "-16", "0x", "1e3", ""]);
    case "--thread":
    case "--rank":
    case "--min":
    case "--vector":
      return r.pick([...EXTREME, "_3", "x", "", "1.5", "1e3", "0x10"]);
    case "--arch":
      return r.pick(["sm80", "sm90", "sm100", "sm61", "sm", "sm999", "", "SM80"]);
    case "--value":
    case "--type":
      return r.pick(TYPES);
    case "--for-mma":
      return r.pick(corpus().byCmd.mma ?? [["mma", "SM80_16x8x16_F32F16F16F32_TN"]])[1] ?? "x";
    case "--op":
      return r.pick(TMA_OPS);
    case "--partition":
      return r.pick(["S", "D", "X", ""]);
    case "--major":
      return r.pick(["K", "MN", "M", ""]);
    case "--cluster":
      return r.pick(["_1", "_2", "_4", "_3", "2", "_0", "_-1", "_1000000", "x"]);
    case "--smem":
      return r.chance(0.5) ? composed(r) : layout(r);
    default:
      return r.chance(0.1) ? expr(r) : r.chance(0.15) ? huge(r) : r.chance(0.5) ? tuple(r, 2, smallInt) : layout(r);
  }
}

function randomOpts(r, names, argv) {
  const k = r.int(0, 3);
  for (let i = 0; i < k; i++) {
    const o = r.chance(0.04) ? r.pick([`--${proto(r)}`, `--no-${proto(r)}`, `--${proto(r)}=1`]) : r.pick(names);
    const flag = o === "--list" || o === "--latex" || o === "--svg" || o === "--desc" || o === "--explain" || o === "--allow-broadcast";
    if (flag) argv.push(o);
    else if (r.chance(0.2)) argv.push(`${o}=${optValue(r, o)}`);
    else argv.push(o, optValue(r, o));
  }
  return argv;
}

/** argv-level damage that any command must answer with a usage error, not a crash */
function damageArgv(r, argv) {
  const x = r.f();
  const a = [...argv];
  if (x < 0.2 && a.length > 1) a.splice(r.int(1, a.length - 1), 1);
  else if (x < 0.35) a.push(r.pick(["--nosuch", "--", "-x", "--=", "---", "--json", "--help", "--force", "--no-json"]));
  else if (x < 0.5) a.push(a[a.length - 1] ?? "");
  else if (x < 0.6) a.splice(r.int(1, a.length), 0, r.pick(["", " ", "\u0000", "\u{1F600}", "x".repeat(r.pick([10, 100000])), "--json"]));
  else if (x < 0.7 && a.length > 1) {
    const i = r.int(1, a.length - 1);
    a[i] = mutate(r, a[i]);
  } else if (x < 0.8) a.push(r.pick(MMA_OPTS.concat(COPY_OPTS))); // an option missing its value
  else a.push(r.pick(["--json"]));
  return a;
}

const GLOBAL_FLAGS = ["--json", "--color", "--no-color"];

/**
 * The same command line in another order the CLI must read alike: global flags before the
 * command, a command's options before its positional arguments, a flag's value that looks like
 * a flag (`--gmem -h`), the command word itself replaced by a prototype name or another case.
 */
function reorderArgv(r, argv) {
  const x = r.f();
  const a = [...argv];
  if (x < 0.3) return [...Array.from({ length: r.int(1, 2) }, () => r.pick(GLOBAL_FLAGS)), ...a];
  // the global option with a value, before or after the command (a bad value included)
  if (x < 0.35) return r.chance(0.5) ? ["--dialect", r.pick(["dsl", "dsl-printf", "cxx", "bogus", proto(r)]), ...a] : [...a, `--dialect=${r.pick(["dsl", "cxx", ""])}`];
  if (x < 0.6) {
    // options (and what follows each) first, then the positional arguments
    const opts = [], pos = [];
    for (let i = 1; i < a.length; i++) {
      if (a[i].startsWith("--") && a[i].length > 2) {
        opts.push(a[i]);
        if (!a[i].includes("=") && i + 1 < a.length && !a[i + 1].startsWith("--")) opts.push(a[++i]);
      } else pos.push(a[i]);
    }
    return [a[0], ...opts, ...pos];
  }
  if (x < 0.75) {
    // an option's value that looks like a flag
    const at = a.findIndex((t, i) => i > 0 && t.startsWith("--") && !t.includes("=") && i + 1 < a.length && !a[i + 1].startsWith("--"));
    if (at > 0) a[at + 1] = r.pick(["-h", "--help", "--json", "-V", "--version", "--"]);
    else a.push(r.pick(["-h", "--help"]));
    return a;
  }
  if (x < 0.9) {
    a[0] = r.chance(0.7) ? proto(r) : r.pick([a[0].toUpperCase(), a[0] + " ", "help", "--version", "-V"]);
    return a;
  }
  // a global flag after the command, or twice
  a.splice(r.int(1, a.length), 0, r.pick(GLOBAL_FLAGS));
  return a;
}

const TMA_OPTS = ["--op", "--type", "--gmem", "--smem", "--cta-tiler", "--cluster", "--desc", "--explain"];
const TMA_COORD_OPTS = ["--op", "--type", "--gmem", "--smem", "--cta-tiler", "--cluster", "--tile", "--block", "--partition", "--rank"];

function tmaBase(r, cmd) {
  const gm = r.chance(0.6) ? r.pick(["(1024,1024):(1024,_1)", "(1000,1024):(1024,_1)", "(64,64,8):(1,64,4096)", "(128,256):(_1,128)"]) : layout(r);
  const sm = r.chance(0.6) ? r.pick(["(_16,_16):(_16,_1)", "(_64,_8):(_1,_64)", "Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_8),(_64,_1)):((_64,_512),(_1,_0))", "(_32,_32):(_32,_1)"]) : r.chance(0.5) ? composed(r) : layout(r);
  const argv = [cmd, "--op", r.chance(0.8) ? "SM90_TMA_LOAD" : r.pick(TMA_OPS), "--type", r.chance(0.8) ? "float" : r.pick(TYPES), "--gmem", gm, "--smem", sm];
  if (r.chance(0.3)) argv.push("--cluster", optValue(r, "--cluster"));
  if (r.chance(0.2)) argv.push("--cta-tiler", r.chance(0.5) ? "(_16,_16)" : optValue(r, "--cta-tiler"));
  if (cmd === "tma") {
    if (r.chance(0.3)) argv.push(r.pick(["--desc", "--explain"]));
  } else if (r.chance(0.6)) {
    argv.push("--tile", r.chance(0.5) ? "(_16,_16)" : tuple(r, 1, smallInt), "--block", r.chance(0.5) ? "(7,0)" : tuple(r, 1, int));
    if (r.chance(0.5)) argv.push("--partition", optValue(r, "--partition"), "--rank", r.chance(0.5) ? "0" : optValue(r, "--rank"));
  }
  return argv;
}

/** files a nested command line might try to reach; it must reach none (the worker makes them: files.mjs) */
const NESTED_TARGETS = ["@FILE", "@CANARY_BATCH", "@CANARY_CHECK", "@CANARY_DIR", "/etc/passwd", "@FIFO", "/dev/zero", "@LOOP", "@BROKEN", "@HUGE"];

/** a command line that reads or writes files, as a batch record or a transcript case would hold it */
function nestedArgv(r) {
  const t = r.pick(NESTED_TARGETS);
  const base = r.pick([["batch", t], ["check", t], ["check", "--update", t], ["check", t, "--update"], ["check", "--allow-empty", t], ["batch"], ["check"]]);
  const x = r.f();
  if (x < 0.3) return base;
  if (x < 0.7) return [r.pick(GLOBAL_FLAGS), ...base]; // a global option first: the command is found after option parsing
  if (x < 0.85) return [...base, r.pick(GLOBAL_FLAGS)];
  return [r.pick(GLOBAL_FLAGS), r.pick(GLOBAL_FLAGS), ...base];
}

function protoRecord(r, i) {
  const p = proto(r);
  return r.pick([
    JSON.stringify({ id: i, cmd: [p, "x"] }),
    JSON.stringify({ id: i, cmd: ["--json", p] }),
    JSON.stringify({ id: i, cmd: ["eval", `${p}(1)`] }),
    JSON.stringify({ id: i, cmd: ["eval", "_1", `--${p}`] }),
    JSON.stringify({ id: i, cmd: ["mma", p] }),
    JSON.stringify({ id: i, cmd: ["copy", "SM75_U32x4_LDSM_N", "--value", p] }),
    JSON.stringify({ id: i, cmd: ["verify", p, "_4:_1"] }),
    JSON.stringify({ id: i, cmd: ["help", p] }),
    `{"id":${i},"${p}":1,"cmd":["eval","_1"]}`,
    `{"id":${i},"cmd":["eval","_1"],"__proto__":{"cmd":["batch","@CANARY_BATCH"]}}`,
  ]);
}

function batchFile(r) {
  const lines = [];
  const n = r.int(1, 6);
  for (let i = 0; i < n; i++) {
    const x = r.f();
    if (x < 0.3) {
      const sub = r.pick(["eval", "print", "mma", "copy", "tma", "tma-coords", "verify"]);
      lines.push(JSON.stringify({ id: r.chance(0.8) ? i : r.pick([null, {}, [1], "x", 1e300]), cmd: inputFor(r, sub).argv }));
    } else if (x < 0.4) lines.push(JSON.stringify({ id: i, cmd: nestedArgv(r) }));
    else if (x < 0.45) lines.push(protoRecord(r, i));
    else if (x < 0.5) lines.push(JSON.stringify({ id: i, cmd: ["print", huge(r), "--force", ...(r.chance(0.3) ? [r.pick(["--latex", "--svg", "--json"])] : [])] }));
    else if (x < 0.55) lines.push(mutate(r, JSON.stringify({ id: i, cmd: ["eval", r.pick(corpus().exprs) ?? "_1"] })));
    else if (x < 0.72) {
      lines.push(r.pick([
        "{", "}", "[]", "null", "1", "\"x\"", "{\"cmd\":1}", "{\"cmd\":\"eval _1\"}", "{\"cmd\":[1,2]}", "{\"cmd\":[]}", "{\"cmd\":null}",
        "{\"cmd\":[\"eval\",{}]}", "{\"cmd\":[\"batch\"]}", "{\"cmd\":[\"batch\",\"/dev/null\"]}", "{\"cmd\":[\"check\",\"/nonexistent\"]}",
        "{\"id\":{\"a\":[1,2]},\"cmd\":[\"eval\",\"_1\"]}", "{\"__proto__\":{\"cmd\":[\"eval\",\"_1\"]}}", "{\"cmd\":[\"eval\",\"_1\"],\"cmd\":[\"eval\",\"_2\"]}",
        "\u0000", "\ufeff{\"cmd\":[\"eval\",\"_1\"]}", "{\"cmd\":[\"eval\",\"_1\"]}\r", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
        "{\"cmd\":[\"nosuch\"]}", "{\"cmd\":[\"--json\",\"eval\",\"_1\"]}", "{\"cmd\":[\"eval\",\"_1\",\"--json\"]}",
        "{\"cmd\":[\"--json\",\"batch\",\"/etc/passwd\"]}", "{\"cmd\":[\"--json\",\"check\",\"--update\",\"@CANARY_CHECK\"]}",
      ]));
    } else if (x < 0.76) lines.push("[".repeat(r.pick([1000, 100000])) + "]".repeat(r.pick([0, 1000])));
    else if (x < 0.8) lines.push(JSON.stringify({ id: i, cmd: ["eval", "x".repeat(r.pick([1000, 1_000_001]))] }));
    else if (x < 0.85) lines.push(" ".repeat(r.int(0, 3)));
    else lines.push(Array.from({ length: r.int(1, 40) }, () => soupToken(r)).join(""));
  }
  return lines.join(r.chance(0.9) ? "\n" : "\r\n") + (r.chance(0.8) ? "\n" : "");
}

function checkFile(r) {
  const lines = [];
  const n = r.int(1, 4);
  for (let i = 0; i < n; i++) {
    const sub = r.pick(["eval", "print", "mma", "copy"]);
    const argv = r.chance(0.1) ? nestedArgv(r) : r.chance(0.05) ? [proto(r), "x"] : inputFor(r, sub).argv;
    const q = (s) => (r.chance(0.9) ? `'${s.replace(/'/g, "")}'` : s);
    lines.push("$ cute-ts " + argv.map(q).join(" "));
    if (r.chance(0.7)) lines.push(r.pick(["_1", "(_2,_4):(_1,_2)", "", "garbage", "$"]));
    if (r.chance(0.2)) lines.push(r.pick(["$ cute-ts check x", "$ cute-ts batch", "$ cute-ts 'unterminated", "$ cute-ts \"x", "$ cute-ts \\", "$ cute-ts --json check --update @FILE", "$ cute-ts --color batch @FILE"]));
  }
  let text = lines.join("\n") + "\n";
  if (r.chance(0.3)) text = mutate(r, text);
  return text;
}

/** a C++ source with print-comment goldens, statements check slices, and code it must pass over */
function cxxFile(r) {
  const ex = () => r.pick(corpus().cxx) ?? "make_layout(Int<4>{})";
  const v = () => `x${r.int(0, 3)}`;
  const golden = () => r.pick(["_4:_1", "(_2,_4):(_1,_2)", "x: _1", "", "TiledMMA", "garbage", "_8"]);
  const stmt = () =>
    r.pick([
      () => `auto ${v()} = ${ex()};`,
      () => `Layout ${v()} = ${ex()};`,
      () => `print(${v()});  // ${golden()}`,
      () => `print(${ex()});\n  // ${golden()}\n  // ${golden()}`,
      () => `print_layout(${ex()});  // ${golden()}`,
      () => `print_tensor(${v()}); // ${golden()}`,
      () => `if (thread0()) { print(${v()}); } // ${golden()}`,
      () => `if (thread0()) print(${v()});  // ${golden()}`,
      () => `for (int i = 0; i < 2; ++i) { print(${v()});  // ${golden()}\n  }`,
      () => `${v()} = ${ex()};`,
      () => `copy(${v()}, ${v()});`,
      () => `print("label:\\t"); print(${v()}); print("\\n");  // label: ${golden()}`,
      () => `auto [${v()}, ${v()}] = tma_partition(a, b);`,
      () => `char const* s = "} print(no); // {";`,
      () => `/* { */ print(${v()}); /* } */ // ${golden()}`,
      () => `{ auto ${v()} = ${ex()}; print(${v()}); // ${golden()}\n  }`,
      () => Array.from({ length: r.int(1, 8) }, () => soupToken(r)).join(" "),
    ])();
  const body = () => Array.from({ length: r.int(1, 8) }, () => "  " + stmt()).join("\n");
  let text = `#include <cute/tensor.hpp>\nusing namespace cute;\n\ntemplate <class T, int N>\nvoid f(T t, int n) {\n${body()}\n}\n\nint main(int argc, char** argv) {\n${body()}\n}\n`;
  if (r.chance(0.3)) text = mutate(r, text);
  return text;
}

/** an op name with a namespace CuTe does not have, a NUL or junk in its template arguments, or a prototype name in it */
function mmaNameDamage(r, name) {
  const lt = name.indexOf("<");
  const head = lt < 0 ? name : name.slice(0, lt), tail = lt < 0 ? "" : name.slice(lt);
  const x = r.f();
  if (x < 0.25) return `${r.pick(["FOO::BAR::", "foo::", "std::", "cutlass::", "cute::cute::", "::", "::SM90::", "SM80::", "GMMA::", "SM90::GMMA::", "SM90::GMMA::SPARSE::", "SPARSE::", "cute::GMMA::", "SM120::", "SM103::", "UMMA::", `${proto(r)}::`])}${head.replace(/^.*::/, "")}${tail}`;
  if (x < 0.4) return proto(r) + tail;
  if (x < 0.55) return head + (tail ? tail.replace(/,|>$/, (m) => r.pick(["\u0000", " junk", "\n", "::", "x"]) + m) : `<${r.pick(["\u0000", "junk", proto(r)])}>`);
  if (x < 0.7) return head.replace(/_/, r.pick([" _", "\u0000_", "_ ", "\t_"])) + tail;
  if (x < 0.85) return head + (tail ? tail.replace(/(GMMA|UMMA)::/, r.pick(["x::", "FOO::GMMA::", "cute::cutlass::", `${proto(r)}::`, "UMMA::", "GMMA::"])) : `<${r.pick(["half_t", "std::half_t", "cute::cutlass::float", "Int<8>", "8u", "8 u", `${proto(r)}`, "GMMA::Major::K"])}>`);
  return head + tail + r.pick(["", " ", "\u0000", ">", "<>", "::"]);
}

/** input `r` for `cmd` */
// ---------------------------------------------------------------- the CuTe DSL's spelling

const DSL_FUNCS = ["make_layout", "coalesce", "composition", "complement", "right_inverse", "left_inverse", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "logical_product", "zipped_product", "blocked_product", "raked_product", "size", "cosize", "rank", "depth", "shape", "get", "select", "group_modes", "flatten", "append", "prepend", "filter", "filter_zeros", "slice_", "crd2idx", "idx2crd", "shape_div", "ceil_div", "recast_layout", "make_identity_tensor", "local_tile", "make_swizzle", "type"];
const DSL_NUMBERS = ["cutlass.Int32", "cutlass.Int64", "cutlass.Float32", "cutlass.Float16", "cutlass.BFloat16", "cutlass.Float64"];
const DSL_OPS = [" + ", " - ", " * ", " / ", " // ", " % ", " < ", " == ", " & ", " | ", " ^ "];

function dslNumber(r) {
  const x = r.f();
  if (x < 0.4) return num(r);
  if (x < 0.6) return `${r.int(-9, 99)}.${r.int(0, 99)}`;
  if (x < 0.7) return r.pick(["1e-3", "1e308", "1e999", "2.5E+2", "0.0", "-0.0", "65519.99", "3.4e38", "1e-40"]);
  return `${r.pick(DSL_NUMBERS)}(${r.chance(0.7) ? num(r) : `${r.int(0, 9)}.${r.int(0, 99)}`})`;
}
function dslTuple(r, depth) {
  const n = r.int(1, 3);
  const items = Array.from({ length: n }, () => (depth > 0 && r.chance(0.3) ? dslTuple(r, depth - 1) : r.chance(0.8) ? num(r) : dslNumber(r)));
  return n === 1 && r.chance(0.5) ? `(${items[0]},)` : `(${items.join(", ")})`;
}
function dslValue(r, depth) {
  const x = r.f();
  if (x < 0.25) return dslNumber(r);
  if (x < 0.45) return dslTuple(r, 1);
  if (x < 0.7 || depth <= 0) return `cute.make_layout(${dslTuple(r, 1)}${r.chance(0.5) ? `, stride=${dslTuple(r, 1)}` : ""})`;
  if (x < 0.8) return `${dslValue(r, depth - 1)}${r.pick(DSL_OPS)}${dslValue(r, depth - 1)}`;
  if (x < 0.85) return `${dslValue(r, depth - 1)}.to(${r.pick(["cutlass.Int8", "cutlass.Float32", "cutlass.Uint16", "cutlass.Float16", "3"])})`;
  const args = Array.from({ length: r.int(1, 3) }, () => dslValue(r, depth - 1));
  return `cute.${r.pick(DSL_FUNCS)}(${args.join(", ")}${r.chance(0.2) ? `, ${r.pick(["tiler", "stride", "mode", "up_to_rank", "target_profile"])}=${dslValue(r, 0)}` : ""})`;
}
/** an expression or a small program in the DSL's spelling (the notebooks' cells), mutated at times */
export function dslExpr(r) {
  const x = r.f();
  if (x < 0.5) return dslValue(r, 2);
  if (x < 0.8) {
    const lines = Array.from({ length: r.int(1, 4) }, (_v, i) => `v${i} = ${dslValue(r, 2)}`);
    lines.push(r.chance(0.5) ? `print("v:", v${r.int(0, lines.length - 1)})` : `cute.printf("{} {}", v0, v${lines.length - 1})`);
    if (r.chance(0.2)) lines.splice(1, 0, "assert cute.size(v0) == \\\n    4");
    return lines.join("\n");
  }
  return mutate(r, dslValue(r, 2));
}

export function inputFor(r, cmd) {
  let argv;
  let file;
  switch (cmd) {
    case "eval":
      argv = r.chance(0.15) ? ["eval", "--dialect", r.pick(["dsl", "dsl-printf"]), dslExpr(r)] : ["eval", expr(r)];
      break;
    case "print": {
      const big = r.chance(0.1);
      argv = ["print", big ? huge(r) : expr(r)];
      if (r.chance(0.15)) argv.push(r.pick(["--latex", "--svg", "--json"]));
      // --force on huge layouts: it still has a ceiling, and says so
      if (r.chance(big ? 0.5 : 0.05)) argv.push("--force");
      break;
    }
    case "mma": {
      if (r.chance(0.15)) {
        // mma --desc-smem: a (swizzled) layout, a type, a major-ness and some of --arch/--start/--explain
        argv = ["mma", "--desc-smem", r.chance(0.6) ? composed(r) : layout(r), "--type", optValue(r, "--type"), "--major", optValue(r, "--major")];
        argv = randomOpts(r, ["--arch", "--start", "--explain", "--json", "--map"], argv);
        break;
      }
      argv = goldenArgv(r, "mma");
      if (r.chance(0.3)) argv[1] = mutate(r, argv[1] ?? "");
      else if (r.chance(0.15)) argv[1] = mmaNameDamage(r, argv[1] ?? "");
      if (r.chance(0.6)) argv = randomOpts(r, MMA_OPTS, argv);
      break;
    }
    case "copy": {
      argv = goldenArgv(r, "copy");
      if (r.chance(0.3)) argv[1] = mutate(r, argv[1] ?? "");
      else if (r.chance(0.1)) argv[1] = mmaNameDamage(r, argv[1] ?? "");
      if (r.chance(0.6)) argv = randomOpts(r, COPY_OPTS, argv);
      break;
    }
    case "tma":
      argv = tmaBase(r, "tma");
      if (r.chance(0.3)) argv = randomOpts(r, TMA_OPTS, argv);
      break;
    case "tma-coords":
      argv = tmaBase(r, "tma-coords");
      if (r.chance(0.3)) argv = randomOpts(r, TMA_COORD_OPTS, argv);
      break;
    case "verify": {
      const check = r.chance(0.95) ? r.pick(["tv", "mma", "copy", "equal", "bijective", "vector", "banks", "gmma-smem", "injective", "surjective"]) : r.pick(["", "nosuch", "--tile"]);
      const n = check === "equal" || check === "vector" ? 2 : 1;
      if (check === "mma") argv = ["verify", "mma", ...goldenArgv(r, "mma").slice(1)];
      else if (check === "copy") argv = ["verify", "copy", ...goldenArgv(r, "copy").slice(1)];
      else argv = ["verify", check, ...Array.from({ length: r.chance(0.9) ? n : r.int(0, 3) }, () => (r.chance(0.6) ? layout(r) : r.chance(0.5) ? composed(r) : expr(r)))];
      if (check === "tv" || check === "banks" || r.chance(0.3)) argv = randomOpts(r, ["--tile", "--allow-broadcast", "--atoms", "--value", "--type", "--tv", "--vector", "--min", "--major", "--thr", "--val", "--for-mma", "--operand"], argv);
      break;
    }
    case "batch": {
      const x = r.f();
      file = batchFile(r);
      // no FIFO: a pipe with no writer is a stream that never starts, for batch as for cat
      argv = x < 0.88 ? ["batch", "@FILE"] : x < 0.92 ? ["batch"] : x < 0.94 ? ["batch", "/nonexistent/cute-fuzz"] : x < 0.95 ? ["batch", "/"] : ["batch", r.pick(["/dev/zero", "@LOOP", "@BROKEN", "@DIR", "@EMPTY", "@FILE", "@HUGE"])];
      break;
    }
    case "check": {
      if (r.chance(0.3)) {
        // a C++ source: its print-comment goldens
        file = cxxFile(r);
        argv = ["check", "@CU", ...(r.chance(0.3) ? [r.pick(["--update", "--json", "--allow-empty", "--reporter=junit", "--reporter=tap", "--grep=print", "--ci"])] : [])];
        break;
      }
      file = checkFile(r);
      const x = r.f();
      argv =
        x < 0.72 ? ["check", "@FILE"] : x < 0.77 ? ["check", "@FILE", "--json"] : x < 0.8 ? ["check", "@FILE", "--update"] : x < 0.82 ? ["check", "/nonexistent/cute-fuzz"] : x < 0.83 ? ["check"]
        // odd files: each refused at once with a message, never read, never hung on
        : ["check", r.pick(["@FIFO", "/dev/zero", "@LOOP", "@BROKEN", "@HUGE", "@EMPTY", "/etc/passwd", "@DIR", "@FILE"]), ...(r.chance(0.3) ? [r.pick(["--allow-empty", "--update", "--json", "@DIR", "@EMPTY"])] : [])];
      break;
    }
    default:
      argv = [cmd, ...Array.from({ length: r.int(0, 2) }, () => expr(r))];
  }
  if (cmd !== "batch" && cmd !== "check" && r.chance(0.12)) argv = damageArgv(r, argv);
  if (r.chance(0.05)) argv = argv.includes("--json") ? argv : [...argv, "--json"];
  if (r.chance(0.15)) argv = reorderArgv(r, argv);
  // --force is fair game: even forced, an answer has a hard ceiling (a refusal naming the size, not an OOM or a hang)
  if (cmd !== "batch" && cmd !== "check" && cmd !== "print" && r.chance(0.03)) argv = [...argv, "--force"];
  return { argv, file };
}

export function makeInput(seed, cmd, index) {
  return inputFor(rngFor(seed, cmd, index), cmd);
}
