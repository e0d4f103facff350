# pycute's side of test/bench/workload.mjs: the same seeded generator, pool and ops, one op per
# process, printing {"op","ms","cpu_ms","errors"} as cold-pass.mjs does. Needs pycute (CUTLASS's
# python/pycute) on PYTHONPATH; the bench runs it only when it imports.
#   python3 test/bench/pycute_workload.py OP [N]
import json, sys, time
from pycute import Layout, composition, complement, right_inverse, logical_divide, logical_product

SEED, POOL = 12345, 256
state = SEED

def rnd(n):
    global state
    state = (state * 1103515245 + 12345) & 0x7fffffff
    return state % n

def random_compact():
    r = 1 + rnd(3)
    shape = [[1, 2, 4, 8][rnd(4)] for _ in range(r)]
    perm = list(range(r))
    for i in range(r - 1, 0, -1):
        j = rnd(i + 1)
        perm[i], perm[j] = perm[j], perm[i]
    stride = [0] * r
    cur = 1
    for i in perm:
        stride[i] = cur
        cur *= shape[i]
    return Layout(tuple(shape), tuple(stride))

OPS = {
    "composition": lambda a, b: composition(a, b),
    "complement": lambda a, b: complement(a, 256),
    "right_inverse": lambda a, b: right_inverse(a),
    "logical_divide": lambda a, b: logical_divide(Layout(512), b),
    "logical_product": lambda a, b: logical_product(a, b),
}

op = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
pool = [random_compact() for _ in range(POOL)]
f = OPS[op]
errors = 0
c0, t0 = time.process_time(), time.perf_counter()
for i in range(n):
    try:
        f(pool[i & 255], pool[(i * 7 + 3) & 255])
    except AssertionError:
        errors += 1
ms, cpu = (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000
print(json.dumps({"op": op, "ms": ms, "cpu_ms": cpu, "errors": errors}))
