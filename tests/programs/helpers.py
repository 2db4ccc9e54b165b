"""What the test programs share: helper processes that outlive their parent's session (a
child in a session of its own, a daemon by double fork), recorded as `NAME PID` lines in
DIR/pids for the tests to check by process id."""
import os
import time


def record(directory, name, pid):
    with open(os.path.join(directory, "pids"), "a") as f:
        f.write(f"{name} {pid}\n")


def sleep_forever():
    while True:
        time.sleep(3600)


def session_child(directory, name):
    """A child in a session of its own, recorded as NAME."""
    pid = os.fork()
    if pid == 0:
        os.setsid()
        sleep_forever()
    record(directory, name, pid)
    return pid


def daemon(directory, name):
    """A double fork, recorded as NAME: the daemon's parent exits, so it is handed to hus at
    once."""
    read, write = os.pipe()
    if os.fork() == 0:
        os.setsid()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            os.close(write)
            sleep_forever()
        os.write(write, f"{pid}\n".encode())
        os._exit(0)
    os.close(write)
    pid = int(os.read(read, 64).decode())
    os.close(read)
    os.wait()
    record(directory, name, pid)
    return pid
