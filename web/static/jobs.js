// Long tasks off the page: each kind of task (match, equity, range, chart, check) has its own
// worker (worker.js), started on first use. A new task of a kind replaces the one running;
// Cancel ends the worker at once (the next task starts a fresh one), so it never waits on the
// library.

const lanes = new Map();
let nextId = 0;

function lane(kind) {
  if (!lanes.has(kind)) {
    const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    const l = { worker, pending: null };
    worker.onmessage = ({ data }) => {
      const p = l.pending;
      if (!p || data.id !== p.id) return;
      if ("result" in data) {
        l.pending = null;
        p.resolve(data.result);
      } else {
        p.onMessage(data);
      }
    };
    worker.onerror = (e) => {
      const p = l.pending;
      l.pending = null;
      worker.terminate();
      lanes.delete(kind);
      p?.resolve({ error: `the worker failed: ${e.message}` });
    };
    lanes.set(kind, l);
  }
  return lanes.get(kind);
}

/** Ends the task of `kind` if one runs: its promise resolves with `{cancelled: true}`. */
export function cancel(kind) {
  const l = lanes.get(kind);
  if (!l) return false;
  const p = l.pending;
  if (!p) return false;
  l.worker.terminate();
  lanes.delete(kind);
  p.resolve({ cancelled: true });
  return true;
}

/**
 * Runs a task of `kind` with `args` in its worker; `onMessage({progress} | {note})` hears it
 * while it runs. Resolves with the library's answer, or `{cancelled: true}`.
 */
export function run(kind, args, onMessage = () => {}) {
  cancel(kind);
  const l = lane(kind);
  return new Promise((resolve) => {
    l.pending = { id: ++nextId, resolve, onMessage };
    l.worker.postMessage({ id: l.pending.id, kind, args });
  });
}

/**
 * Wires a panel's task: while it runs the panel is `aria-busy`, `status` shows `say(message)`
 * (progress, notes, the seconds so far) and the `cancelButton` is enabled. `start()` returns
 * `[kind, args]`, or nothing when the task cannot start; `done(answer, ms)` shows the answer (never called for a cancelled task).
 */
export function panelTask({ panel, status, cancelButton, say = () => "", start, done }) {
  let running = null;
  const idle = () => {
    panel.removeAttribute("aria-busy");
    cancelButton.disabled = true;
    clearInterval(running?.timer);
    running = null;
  };
  cancelButton.disabled = true;
  cancelButton.addEventListener("click", () => {
    const kind = running?.kind;
    const elapsed = running ? ((performance.now() - running.t0) / 1000).toFixed(1) : "0";
    if (kind && cancel(kind)) status.textContent = `Cancelled after ${elapsed} s. ${running?.last ?? ""}`.trim();
    idle();
  });
  return async () => {
    // `start` gives nothing when the task cannot start (an option is not valid).
    const task = start();
    if (!task) return;
    const [kind, args] = task;
    const t0 = performance.now();
    const me = { kind, t0, last: "" };
    const show = () => {
      const s = ((performance.now() - t0) / 1000).toFixed(1);
      status.textContent = `${me.last || "Working…"} (${s} s)`;
    };
    if (running) clearInterval(running.timer);
    running = me;
    me.timer = setInterval(show, 500);
    panel.setAttribute("aria-busy", "true");
    cancelButton.disabled = false;
    show();
    const answer = await run(kind, args, (m) => { me.last = say(m) || me.last; show(); });
    if (running !== me || answer.cancelled) return;
    idle();
    status.textContent = "";
    done(answer, performance.now() - t0);
  };
}
