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
    ///   listed under `common`, as `CFRunLoopAddTimer(rl, t, kCFRunLoopCommonModes)` records it. Version-0 sources
    ///   have no event of their own when added: they are the retain graph's `sources` references from the mode.
    /// - The retain graph at a step (`st.g`) is the run's graph changes (``PlayerGraph``) up to it.
    static let model = #"""
        const PHASES = ['entry', 'before timers', 'before sources', 'blocks', 'sources0', 'main queue',
          'before waiting', 'sleep', 'after waiting', 'handle timer / main queue / source1', 'exit'];
        const CALLOUTS = new Set(['timer.fire', 'observer.callout', 'source.callout', 'block.callout', 'mainqueue.drain']);
        const K = 256;  // steps between snapshots
        const D = JSON.parse(document.getElementById('loopsim-data').textContent);
        const S = D.strings;
        const KIND = D.kinds.map(k => k[0]);
        const KEYS = D.kinds.map(k => Object.fromEntries(k[1]));
        const WIDTH = D.kinds.map(k => k[2]), LIST = D.kinds.map(k => k[3]);
        const PORT = KIND.map(k => k.startsWith('port.'));  // timer-port events: recorded on the owner, by any thread
        // The event being read: its run's numbers, its offset in them, its kind's field offsets (no object per event).
        let F = null, O = 0, P = null;
        /// Makes event i of run the one `field` and `str` read; returns its kind.
        function read(run, i) { F = run.F; O = run.off[i]; P = KEYS[F[O + 2]]; return KIND[F[O + 2]]; }
        const field = key => { const v = F[O + P[key]]; return v === -1 ? null : v; };
        const str = key => S[F[O + P[key]]];
        const secs = ns => ns == null ? 'never' : (ns / 1e9).toFixed(3) + ' s';

        /// The state before any event.
        function initial() {
          return {t: 0, threads: {}, order: [], loops: {}, owners: {}, ports: {}, timers: {}, mainQueue: [],
                  signalled: [], objects: {}, freed: 0, exits: [],
                  g: {nodes: {}, edges: {}, freed: {}, stopped: null}};
        }

        /// Applies the retain graph's changes at event i (``PlayerGraph``): node -> state, edge key -> true, node ->
        /// the step it was freed at.
        function applyGraph(g, run, i) {
          const d = run.r.graph && run.r.graph.deltas;
          if (!d) return;
          for (let j = run.gstart[i]; j < run.gstart[i + 1]; j++) {
            const o = j * 6, op = d[o + 1], n = d[o + 2];
            if (op === 0) { g.nodes[n] = 'alive'; delete g.freed[n]; }
            else if (op === 1) g.nodes[n] = 'deallocating';
            else if (op === 2) { delete g.nodes[n]; g.freed[n] = i; }
            else if (op === 3) g.edges[n + ',' + d[o + 3] + ',' + d[o + 4] + ',' + d[o + 5]] = true;
            else if (op === 4) delete g.edges[n + ',' + d[o + 3] + ',' + d[o + 4] + ',' + d[o + 5]];
            else if (op === 5) g.stopped = i;
          }
        }

        /// The pass phase the event being read (kind k) puts its thread in, or -1.
        function phaseOf(k, act) {
          if (k === 'rl.run') return 0;
          if (k === 'rl.activity') {
            return {Entry: 0, BeforeTimers: 1, BeforeSources: 2, BeforeWaiting: 6, AfterWaiting: 8, Exit: 10}[
              str('activity')] ?? -1;
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
        const portKey = () => str('runloop') + '|' + str('mode');
        /// Puts thread T in `state` at t (its `since` moves only when the state changes).
        function enter(T, state, t, detail) {
          if (T.state !== state) T.since = t;
          T.state = state;
          T.detail = detail || '';
        }
        const drop = (list, x) => { const i = list.indexOf(x); if (i >= 0) list.splice(i, 1); };

        /// Applies event i of run to state `st`.
        function apply(st, run, i) {
          applyGraph(st.g, run, i);
          const k = read(run, i), t = run.times[i], th = S[F[O + 1]];
          st.t = t;
          if (th !== 'kernel' && !st.threads[th]) {
            st.threads[th] = {state: 'running', since: t, stack: [], ports: null, wake: null, result: null, runs: 0};
            st.order.push(th);
          }
          const T = st.threads[th];
          const act = T && T.stack[T.stack.length - 1];
          switch (k) {
            case 'rl.create': st.owners[str('runloop')] = th; loop(st, str('runloop')); break;
            case 'rl.common-mode': loop(st, str('runloop')).common.push(str('mode')); break;
            case 'timer.create':
              st.timers[str('timer')] = {next: field('fire_at'), interval: field('interval_ns'),
                                           repeats: field('repeats'), loop: null, valid: true};
              break;
            case 'timer.add': {
              const name = str('timer'), tm = st.timers[name];
              if (tm) tm.loop = str('runloop');
              mode(loop(st, str('runloop')), str('mode')).timers.push(name);
              break;
            }
            case 'timer.reschedule': if (st.timers[str('timer')]) st.timers[str('timer')].next = field('next'); break;
            case 'timer.invalidate': {
              const name = str('timer'), tm = st.timers[name];
              if (tm) {
                tm.valid = false;
                const l = tm.loop && st.loops[tm.loop];
                if (l) for (const m of Object.values(l.modes)) drop(m.timers, name);
              }
              break;
            }
            case 'observer.add':
              mode(loop(st, str('runloop')), str('mode')).observers.push('observer, order ' + field('order'));
              break;
            case 'port.add': mode(loop(st, str('runloop')), str('mode')).ports.push(str('port')); break;
            case 'port.remove': drop(mode(loop(st, str('runloop')), str('mode')).ports, str('port')); break;
            case 'rl.perform-block': loop(st, str('runloop')).blocks.push(str('block')); break;
            case 'block.callout': if (act) drop(loop(st, act.loop).blocks, str('block')); break;
            case 'port.arm': st.ports[portKey()] = {deadline: field('deadline'), change: 'armed', t}; break;
            case 'port.cancel': st.ports[portKey()] = {deadline: null, change: 'disarmed', t}; break;
            case 'port.fire': {
              st.ports[portKey()] = {deadline: null, change: field('stale') ? 'fired stale' : 'fired', t};
              if (T) T.pendingStale = !!field('stale');
              return;  // the port posts its message: the owner's state does not change until it wakes
            }
            case 'dispatch.async': if (str('queue') === 'main') st.mainQueue.push(str('block')); break;
            case 'mainqueue.drain': st.mainQueue.splice(0, field('blocks')); break;
            case 'source.signal': st.signalled.push(str('source')); break;
            case 'source.callout': drop(st.signalled, str('source')); break;
            case 'obj.alloc': st.objects[str('object')] = {cls: str('class'), state: 'alive', t}; break;
            case 'obj.dealloc.begin': if (st.objects[str('object')]) st.objects[str('object')].state = 'deallocating'; break;
            case 'obj.dealloc': delete st.objects[str('object')]; st.freed++; break;
            case 'obj.let-go': if (st.objects[str('object')]) st.objects[str('object')].letGo = t; break;
          }
          if (!T || k === 'port.arm' || k === 'port.cancel') return;
          switch (k) {
            case 'rl.sleep':
              enter(T, 'asleep', t, str('mode'));
              T.ports = [0, 1, 2].map(x => { const v = F[O + P.ports + x]; return v === -1 ? null : v; });
              break;
            case 'thread.busy': enter(T, 'busy', t, 'until ' + secs(t + field('for_ns'))); break;
            case 'sem.wait': enter(T, 'blocked', t, 'on ' + str('semaphore')); break;
            case 'thread.idle': enter(T, 'idle', t, 'in the GCD pool'); break;
            case 'thread.exit': enter(T, 'exited', t); break;
            default: enter(T, 'running', t);
          }
          if (k === 'rl.run') {
            T.runs++;
            T.stack.push({loop: str('runloop'), mode: str('mode'), run: T.runs, pass: 0, phase: 0, woke: false});
            T.result = null;
          }
          const top = T.stack[T.stack.length - 1];
          if (!top) return;
          if (k === 'rl.activity' && str('activity') === 'BeforeTimers') { top.pass++; top.woke = false; }
          if (k === 'rl.activity' && str('activity') === 'Entry') top.pass = 1;
          if (k === 'rl.wake') {
            T.wake = {port: str('port'), stale: !!T.pendingStale, t};
            T.pendingStale = false;
            top.woke = true;
          }
          if (k === 'rl.dispatch-peek') top.woke = true;
          if (k === 'rl.timers.none-due' && T.wake) T.wake.noneDue = true;
          const p = phaseOf(k, top);
          if (p >= 0) top.phase = p;
          if (k === 'rl.exit') {
            T.stack.pop();
            T.result = {result: str('result'), mode: str('mode'), t};
            st.exits.push({thread: th, result: str('result'), t});
          }
        }

        /// One run of the data, with its snapshots and indexes.
        class Run {
          constructor(r) {
            this.r = r;
            const F = this.F = r.events, off = this.off = [], times = this.times = [];
            for (let p = 0, t = 0; p < F.length;) {
              off.push(p);
              t += F[p];
              times.push(t);
              const k = F[p + 2];
              p += 3 + WIDTH[k] + (LIST[k] >= 0 ? F[p + LIST[k]] : 0);
            }
            this.n = off.length;
            this.starts = new Int32Array(this.n + 1);  // lines of event i: starts[i] ..< starts[i + 1]
            for (let j = 0; j < r.lines.length; j += 10) this.starts[r.lines[j] + 1]++;
            for (let i = 0; i < this.n; i++) this.starts[i + 1] += this.starts[i];
            this.gstart = new Int32Array(this.n + 1);  // graph changes of event i: gstart[i] ..< gstart[i + 1]
            const gd = r.graph ? r.graph.deltas : [];
            for (let j = 0; j < gd.length; j += 6) this.gstart[gd[j] + 1]++;
            for (let i = 0; i < this.n; i++) this.gstart[i + 1] += this.gstart[i];
            this.snaps = [];
            this.lanes = {};  // thread -> [start step, state, start step, state, …]
            this.lastOwn = {};  // thread -> index of its last event that is not a timer-port event
            const st = initial();
            for (let i = 0; i < this.n; i++) {
              if (i % K === 0) this.snaps.push(structuredClone(st));
              apply(st, this, i);
              const th = S[F[off[i] + 1]], T = st.threads[th];
              if (T && !PORT[F[off[i] + 2]]) {
                this.lastOwn[th] = i;
                const lane = this.lanes[th] ??= [];
                if (!lane.length || lane[lane.length - 1] !== T.state) lane.push(i, T.state);
              }
            }
            this.parked = Object.fromEntries(r.parked.map(p => [p.thread, p]));
          }
          /// The narration lines of event i, each ten numbers (``PlayerData``).
          lines(i) {
            const out = [];
            for (let j = this.starts[i]; j < this.starts[i + 1]; j++) out.push(this.r.lines.slice(j * 10, j * 10 + 10));
            return out;
          }
          /// The state after the events 0…i.
          at(i) {
            const j = Math.floor((i + 1) / K);
            const st = structuredClone(this.snaps[Math.min(j, this.snaps.length - 1)]);
            for (let x = Math.min(j, this.snaps.length - 1) * K; x <= i; x++) apply(st, this, x);
            return st;
          }
          kind(i) { return KIND[this.F[this.off[i] + 2]]; }
          thread(i) { return S[this.F[this.off[i] + 1]]; }
          time(i) { return this.times[i]; }
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
