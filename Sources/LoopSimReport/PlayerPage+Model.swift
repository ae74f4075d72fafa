extension PlayerPage {
    /// The page's model, in plain JavaScript: reads the embedded data (``PlayerData``) and recomputes the state of a
    /// run at any step by replaying its events from the nearest snapshot (one every `K` steps, taken in one pass when
    /// the page opens). The state is what the trace implies; nothing here is simulated again.
    ///
    /// - Pass phases follow `__CFRunLoopRun` (CFRunLoop.c, CF-1153.18 lines 2581–2790): entry, BeforeTimers,
    ///   BeforeSources, `__CFRunLoopDoBlocks`, `__CFRunLoopDoSources0`, the main-queue peek, BeforeWaiting, the wait
    ///   in `__CFRunLoopServiceMachPort`, AfterWaiting, the handling of the message that woke it (timers, the main
    ///   queue, a version-1 source), and the exit check.
    /// - A mode's contents are what `timer.add`, `observer.add`, `port.add` and `rl.perform-block` put there and
    ///   `timer.invalidate`, `port.remove` and `block.callout` took away; a timer added to the common modes is
    ///   listed under `common`, as `CFRunLoopAddTimer(rl, t, kCFRunLoopCommonModes)` records it.
    static let model = #"""
    const PHASES = ['entry', 'before timers', 'before sources', 'blocks', 'sources0', 'main queue',
      'before waiting', 'sleep', 'after waiting', 'handle timer / main queue / source1', 'exit'];
    const CALLOUTS = new Set(['timer.fire', 'observer.callout', 'source.callout', 'block.callout', 'mainqueue.drain']);
    const K = 256;  // steps between snapshots
    const D = JSON.parse(document.getElementById('loopsim-data').textContent);
    const S = D.strings;
    const KIND = D.kinds.map(k => k[0]);
    const KEYS = D.kinds.map(k => Object.fromEntries(k[1].map((key, i) => [key, 3 + i])));
    const kind = e => KIND[e[2]];
    const field = (e, key) => e[KEYS[e[2]][key]];
    const str = (e, key) => { const v = field(e, key); return v == null ? null : S[v]; };
    const secs = ns => ns == null ? 'never' : (ns / 1e9).toFixed(3) + ' s';

    /// The state before any event.
    function initial() {
      return {t: 0, threads: {}, order: [], loops: {}, owners: {}, ports: {}, timers: {}, mainQueue: [],
              signalled: [], objects: {}, freed: 0, exits: []};
    }

    /// The pass phase an event puts its thread in, or -1.
    function phaseOf(e, act) {
      const k = kind(e);
      if (k === 'rl.run') return 0;
      if (k === 'rl.activity') {
        return {Entry: 0, BeforeTimers: 1, BeforeSources: 2, BeforeWaiting: 6, AfterWaiting: 8, Exit: 10}[
          str(e, 'activity')] ?? -1;
      }
      if (k === 'block.callout') return act && act.woke ? 9 : 3;
      if (k === 'source.callout') return act && act.woke ? 9 : 4;
      if (k === 'rl.dispatch-peek') return 5;
      if (k === 'rl.sleep') return 7;
      if (k === 'rl.wake') return 8;
      if (k === 'timer.fire' || k === 'rl.timers.none-due' || k === 'mainqueue.drain') return 9;
      if (k === 'rl.exit') return 10;
      return -1;
    }

    function loop(st, name) {
      return st.loops[name] ??= {name, modes: {}, common: ['default'], blocks: []};
    }
    function mode(l, name) {
      return l.modes[name] ??= {timers: [], observers: [], ports: []};
    }
    const drop = (list, x) => { const i = list.indexOf(x); if (i >= 0) list.splice(i, 1); };

    /// Applies event `e` to state `st`.
    function apply(st, e) {
      const t = e[0], th = S[e[1]], k = kind(e);
      st.t = t;
      if (th !== 'kernel' && !st.threads[th]) {
        st.threads[th] = {state: 'running', since: t, stack: [], ports: null, wake: null, result: null, runs: 0};
        st.order.push(th);
      }
      const T = st.threads[th];
      const act = T && T.stack[T.stack.length - 1];
      const key = () => str(e, 'runloop') + '|' + str(e, 'mode');
      switch (k) {
        case 'rl.create': st.owners[str(e, 'runloop')] = th; loop(st, str(e, 'runloop')); break;
        case 'rl.common-mode': loop(st, str(e, 'runloop')).common.push(str(e, 'mode')); break;
        case 'timer.create':
          st.timers[str(e, 'timer')] = {next: field(e, 'fire_at'), interval: field(e, 'interval_ns'),
                                       repeats: field(e, 'repeats'), loop: null, valid: true};
          break;
        case 'timer.add': {
          const name = str(e, 'timer'), tm = st.timers[name];
          if (tm) tm.loop = str(e, 'runloop');
          mode(loop(st, str(e, 'runloop')), str(e, 'mode')).timers.push(name);
          break;
        }
        case 'timer.reschedule': if (st.timers[str(e, 'timer')]) st.timers[str(e, 'timer')].next = field(e, 'next'); break;
        case 'timer.invalidate': {
          const name = str(e, 'timer'), tm = st.timers[name];
          if (tm) {
            tm.valid = false;
            const l = tm.loop && st.loops[tm.loop];
            if (l) for (const m of Object.values(l.modes)) drop(m.timers, name);
          }
          break;
        }
        case 'observer.add':
          mode(loop(st, str(e, 'runloop')), str(e, 'mode')).observers.push('observer, order ' + field(e, 'order'));
          break;
        case 'port.add': mode(loop(st, str(e, 'runloop')), str(e, 'mode')).ports.push(str(e, 'port')); break;
        case 'port.remove': drop(mode(loop(st, str(e, 'runloop')), str(e, 'mode')).ports, str(e, 'port')); break;
        case 'rl.perform-block': loop(st, str(e, 'runloop')).blocks.push(str(e, 'block')); break;
        case 'block.callout': if (act) drop(loop(st, act.loop).blocks, str(e, 'block')); break;
        case 'port.arm': st.ports[key()] = {deadline: field(e, 'deadline'), change: 'armed', t}; break;
        case 'port.cancel': st.ports[key()] = {deadline: null, change: 'disarmed', t}; break;
        case 'port.fire': {
          st.ports[key()] = {deadline: null, change: field(e, 'stale') ? 'fired stale' : 'fired', t};
          if (T) T.pendingStale = !!field(e, 'stale');
          return;  // the port posts its message: the owner's state does not change until it wakes
        }
        case 'dispatch.async': if (str(e, 'queue') === 'main') st.mainQueue.push(str(e, 'block')); break;
        case 'mainqueue.drain': st.mainQueue.splice(0, field(e, 'blocks')); break;
        case 'source.signal': st.signalled.push(str(e, 'source')); break;
        case 'source.callout': drop(st.signalled, str(e, 'source')); break;
        case 'obj.alloc': st.objects[str(e, 'object')] = {cls: str(e, 'class'), state: 'alive', t}; break;
        case 'obj.dealloc.begin': if (st.objects[str(e, 'object')]) st.objects[str(e, 'object')].state = 'deallocating'; break;
        case 'obj.dealloc': delete st.objects[str(e, 'object')]; st.freed++; break;
        case 'obj.let-go': if (st.objects[str(e, 'object')]) st.objects[str(e, 'object')].letGo = t; break;
      }
      if (!T || k === 'port.arm' || k === 'port.cancel') return;
      const set = (state, detail) => {
        if (T.state !== state) T.since = t;
        T.state = state;
        T.detail = detail || '';
      };
      switch (k) {
        case 'rl.sleep': set('asleep', str(e, 'mode')); T.ports = field(e, 'ports'); break;
        case 'thread.busy': set('busy', 'until ' + secs(t + field(e, 'for_ns'))); break;
        case 'sem.wait': set('blocked', 'on ' + str(e, 'semaphore')); break;
        case 'thread.idle': set('idle', 'in the GCD pool'); break;
        case 'thread.exit': set('exited'); break;
        default: set('running');
      }
      if (k === 'rl.run') {
        T.runs++;
        T.stack.push({loop: str(e, 'runloop'), mode: str(e, 'mode'), run: T.runs, pass: 0, phase: 0, woke: false});
        T.result = null;
      }
      const top = T.stack[T.stack.length - 1];
      if (!top) return;
      if (k === 'rl.activity' && str(e, 'activity') === 'BeforeTimers') { top.pass++; top.woke = false; }
      if (k === 'rl.activity' && str(e, 'activity') === 'Entry') top.pass = 1;
      if (k === 'rl.wake') {
        T.wake = {port: str(e, 'port'), stale: !!T.pendingStale, t};
        T.pendingStale = false;
        top.woke = true;
      }
      if (k === 'rl.dispatch-peek') top.woke = true;
      if (k === 'rl.timers.none-due' && T.wake) T.wake.noneDue = true;
      const p = phaseOf(e, top);
      if (p >= 0) top.phase = p;
      if (k === 'rl.exit') {
        T.stack.pop();
        T.result = {result: str(e, 'result'), mode: str(e, 'mode'), t};
        st.exits.push({thread: th, result: str(e, 'result'), t});
      }
    }

    /// One run of the data, with its snapshots and indexes.
    class Run {
      constructor(r) {
        this.r = r;
        this.ev = r.events;
        this.n = r.events.length;
        this.lines = Array.from({length: this.n}, () => []);
        for (const l of r.lines) this.lines[l[0]].push(l);
        this.snaps = [];
        this.lanes = {};  // thread -> [[start step, state]]
        this.lastOwn = {};  // thread -> index of its last event that is not a timer-port event
        const st = initial();
        for (let i = 0; i < this.n; i++) {
          if (i % K === 0) this.snaps.push(structuredClone(st));
          const e = this.ev[i];
          apply(st, e);
          const th = S[e[1]], k = kind(e);
          if (st.threads[th] && !k.startsWith('port.')) {
            this.lastOwn[th] = i;
            const lane = this.lanes[th] ??= [];
            const s = st.threads[th].state;
            if (!lane.length || lane[lane.length - 1][1] !== s) lane.push([i, s]);
          }
        }
        this.parked = Object.fromEntries(r.parked.map(p => [p.thread, p]));
      }
      /// The state after the events 0…i.
      at(i) {
        const j = Math.floor((i + 1) / K);
        const st = structuredClone(this.snaps[Math.min(j, this.snaps.length - 1)]);
        for (let x = Math.min(j, this.snaps.length - 1) * K; x <= i; x++) apply(st, this.ev[x]);
        return st;
      }
      kind(i) { return kind(this.ev[i]); }
      thread(i) { return S[this.ev[i][1]]; }
      time(i) { return this.ev[i][0]; }
      /// The index of the first event after (dir 1) or before (dir -1) `i` that `test` accepts, or `i`.
      find(i, dir, test) {
        for (let x = i + dir; x >= 0 && x < this.n; x += dir) if (test(x)) return x;
        return i;
      }
      /// Whether the thread, asleep or blocked at step i, does nothing more for the rest of the run.
      parkedAt(th, i, st) {
        const T = st.threads[th], top = T && T.stack[T.stack.length - 1];
        if (!this.parked[th] || !T || (T.state !== 'asleep' && T.state !== 'blocked')) return false;
        if (i < (this.lastOwn[th] ?? 0)) return false;
        if (T.state === 'asleep' && top && st.ports[top.loop + '|' + T.detail]?.deadline != null) return false;
        return true;
      }
    }
    """#
}
