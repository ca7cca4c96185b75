#!/usr/bin/env python3
# python3 packages/test-kit/bin/process-tree-cpu.py COMMAND [ARG...]
# Runs COMMAND and prints its wall time and the CPU time (user + system) of its whole process tree.
# As a child subreaper it reaps the processes their parents leave behind too (servers a test
# runner kills with their wrapper), which `time` and test-all's per-step figure do not count.
import ctypes
import os
import resource
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
started = time.time()
child = subprocess.Popen(sys.argv[1:])
code = 1
while True:
    try:
        pid, status = os.wait()
    except ChildProcessError:
        break
    if pid == child.pid:
        code = os.waitstatus_to_exitcode(status)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(
    f"wall {time.time() - started:.1f} s, CPU {usage.ru_utime + usage.ru_stime:.1f} s "
    f"(user {usage.ru_utime:.1f}, system {usage.ru_stime:.1f}), exit {code}",
    file=sys.stderr,
)
sys.exit(code)
