extension PlayerPage {
    /// The page's view and controls, in plain JavaScript: one pane per variant, each with its cursor; stepping moves
    /// every pane together up to the step where their traces part (``PlayerData``), then the pane whose next event
    /// comes first in virtual time, so two variants stay side by side on one clock. The URL fragment
    /// (`#v=ios9,ios10&s=212,214`) keeps the variants and the steps.
    static let view = #"""
        const esc = s => String(s).replace(/[&<>"]/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'}[c]));
        const $ = id => document.getElementById(id);
        const runs = D.runs.map(r => new Run(r));
        let shown = [], cursors = [], timer = null;

        /// Moves pane p (every pane when p is null) with `pick(run, cursor)`; together before the traces part.
        function move(pick, p) {
          const ids = p == null ? shown : [p];
          const diverge = runs[shown[0]].r.diverges;
          const together = p == null && shown.length > 1 && diverge != null && cursors.every(c => c < diverge);
          if (together) {
            const next = pick(runs[shown[0]], cursors[0]);
            const to = Math.min(next, diverge);
            cursors = cursors.map(() => to);
          } else if (p == null && shown.length > 1) {
            // After the traces part: the pane whose target comes first in virtual time moves (both on a tie).
            const targets = shown.map((r, i) => pick(runs[r], cursors[i]));
            const times = targets.map((x, i) => runs[shown[i]].time(x));
            const forward = targets.some((x, i) => x > cursors[i]);
            const best = forward ? Math.min(...times.filter((t, i) => targets[i] !== cursors[i]))
                                 : Math.max(...times.filter((t, i) => targets[i] !== cursors[i]));
            cursors = cursors.map((c, i) => targets[i] !== c && times[i] === best ? targets[i] : c);
          } else {
            for (const i of ids) cursors[shown.indexOf(i)] = pick(runs[i], cursors[shown.indexOf(i)]);
          }
          draw();
        }

        const onThread = (run, x) => { const th = $('thread').value; return !th || run.thread(x) === th; };
        const steps = {
          event: (run, c, d) => run.find(c, d, x => onThread(run, x)),
          phase: (run, c, d) => run.find(c, d, x => onThread(run, x) && phaseOf(read(run, x), {woke: false}) >= 0),
          callout: (run, c, d) => run.find(c, d, x => onThread(run, x) && CALLOUTS.has(run.kind(x))),
          pass: (run, c, d) => run.find(c, d, x => onThread(run, x) &&
            (run.kind(x) === 'rl.run' || (read(run, x) === 'rl.activity' && str('activity') === 'BeforeTimers'))),
        };
        function step(what, dir) { move((run, c) => steps[what](run, c, dir)); }
        function jump(test) { move((run, c) => { for (let x = 0; x < run.n; x++) if (test(run, x)) return x; return c; }); }
        function toTime(seconds) {
          const ns = Math.round(seconds * 1e9);
          cursors = shown.map(r => { let x = 0; while (x + 1 < runs[r].n && runs[r].time(x + 1) <= ns) x++; return x; });
          draw();
        }

        function narration(run, i) {
          const lines = run.lines(i);
          if (!lines.length) return '<p class="line quiet">' + esc(run.kind(i)) + ' — ' + esc(run.thread(i)) + '</p>';
          return lines.map(l => {
            const flags = l[9] >= 0 ? D.flagsets[l[9]].map(f => D.flags[f]) : [];
            return '<p class="line' + (l[8] & 2 ? ' decisive' : '') + '"><b>' + esc(S[l[1]]) + '</b>' +
              (l[4] >= 0 ? ' <span class="where">' + esc(S[l[4]]) + ' #' + l[5] + (l[6] >= 0 ? '.' + l[6] : '') + '</span>' : '') +
              ' ' + (l[8] & 1 ? '↳ ' : '') + esc(S[l[2]]) +
              flags.map(f => '<span class="flag" title="' + esc(f[2] + (f[3] ? ' — certainty: ' + f[3] : '')) + '">' +
                esc(f[0] + ' = ' + f[1]) + '</span>').join('') + '</p>' +
              flags.map(f => '<p class="source">' + esc(f[0]) + ': ' + esc(f[2]) + '</p>').join('');
          }).join('');
        }

        function wakers(st, T, top) {
          const out = [];
          const port = st.ports[top.loop + '|' + T.detail];
          if (port && port.deadline != null) out.push('its timer port, armed for ' + secs(port.deadline));
          if (T.ports && T.ports[1]) out.push('the main queue\'s port');
          if (T.ports && T.ports[2] != null) out.push('its time-out at ' + secs(T.ports[2]));
          const m = st.loops[top.loop]?.modes[T.detail];
          if (m && m.ports.length) out.push('port sources ' + m.ports.join(', '));
          return out;
        }

        function threadCard(run, st, th, i) {
          const T = st.threads[th], top = T.stack[T.stack.length - 1];
          const parked = run.parkedAt(th, i, st);
          const state = parked ? 'parked' : T.state;
          let h = '<div class="thread ' + state + (run.thread(i) === th ? ' current' : '') + '" data-thread="' + esc(th) +
            '" data-state="' + state + '"' + (top ? ' data-mode="' + esc(top.mode) + '"' : '') + '>';
          h += '<h4>' + esc(th) + '</h4><p class="state">' +
            (parked ? 'asleep for ever in ' + esc(T.detail) + ' (parked)' : esc(T.state + (T.detail ? ' ' + T.detail : ''))) +
            ' <span class="since">since ' + secs(T.since) + '</span></p>';
          if (T.stack.length) {
            h += '<ol class="stack">' + T.stack.map(a => '<li>CFRunLoopRunSpecific(' + esc(a.mode) + ') #' + a.run +
              (a.pass ? ', pass ' + a.pass : '') + '</li>').reverse().join('') + '</ol>';
            h += '<ol class="pass">' + PHASES.map((p, k) => '<li' + (k === top.phase ? ' class="lit"' : '') + '>' + p +
              '</li>').join('') + '</ol>';
          }
          if (T.state === 'asleep' && top) {
            const w = wakers(st, T, top);
            h += '<p class="wakers">' + (w.length ? 'can wake it: ' + esc(w.join('; ')) :
              'nothing can wake it but a CFRunLoopWakeUp, a stop or a source from another thread') +
              (parked ? '; none comes: it sleeps for the rest of the run' : '') + '</p>';
          }
          if (T.wake && top) {
            h += '<p class="wake' + (T.wake.stale ? ' stale' : '') + '" data-port="' + esc(T.wake.port) + '" data-stale="' +
              T.wake.stale + '">last wake: ' + esc(T.wake.port) + ' at ' + secs(T.wake.t) +
              (T.wake.stale ? ' — a stale wake: no timer was due' : '') + '</p>';
          }
          if (T.result) {
            h += '<p class="exit" data-result="' + esc(T.result.result) + '">returned ' + esc(T.result.result) + ' from ' +
              esc(T.result.mode) + ' at ' + secs(T.result.t) + '</p>';
          }
          return h + '</div>';
        }

        /// Each mode's version-0 sources, from the retain graph (no event adds one): the graph's `sources` references
        /// from the root `LOOP mode MODE` (``LeakAnalysis``'s label), as 'LOOP|MODE' -> [object name].
        function sources0(run, st) {
          const G = run.r.graph, byMode = {};
          if (!G) return byMode;
          for (const k of Object.keys(st.g.edges)) {
            const e = k.split(',').map(Number);
            if (e[0] >= 0 || S[e[1]] !== 'sources') continue;
            const m = /^(.*) mode (.*)$/.exec(S[-1 - e[0]]);
            if (m) (byMode[m[1] + '|' + m[2]] ??= []).push(S[G.nodes[e[2] * 3]]);
          }
          return byMode;
        }

        function loopCard(run, st, name, srcs) {
          const l = st.loops[name], owner = Object.keys(st.owners).find(k => k === name) ? st.owners[name] : '';
          const T = st.threads[owner], top = T && T.stack[T.stack.length - 1];
          const current = top ? top.mode : null;
          let h = '<div class="loop" data-loop="' + esc(name) + '"><h4>' + esc(name) + '</h4>';
          const modes = Object.keys(l.modes);
          for (const k of Object.keys(srcs)) {
            const [loopName, m] = k.split('|');
            if (loopName === name && !modes.includes(m)) modes.push(m);
          }
          if (current && !modes.includes(current)) modes.unshift(current);
          const signalled = x => st.signalled.some(s => s === x || x.endsWith(' ' + s));
          for (const m of modes) {
            const c = l.modes[m] || {timers: [], observers: [], ports: []};
            const s0 = srcs[name + '|' + m] || [];
            const live = m === current || (m === 'common' && l.common.includes(current));
            const port = st.ports[name + '|' + m];
            h += '<div class="mode' + (live ? ' live' : '') + '" data-mode="' + esc(m) + '"><h5>' + esc(m) +
              (m === current ? ' (running)' : '') + '</h5>';
            h += '<p class="port" data-armed="' + !!(port && port.deadline != null) + '">timer port: ' +
              (port ? (port.deadline != null ? 'armed for ' + secs(port.deadline) : port.change + ' at ' + secs(port.t) +
                ', not armed') : 'never armed') + '</p>';
            h += '<ul>' + c.timers.map(x => '<li>timer ' + esc(x) + ', next fire ' + secs(st.timers[x]?.next) + '</li>').join('') +
              c.observers.map(x => '<li>' + esc(x) + '</li>').join('') +
              c.ports.map(x => '<li>port source ' + esc(x) + '</li>').join('') +
              s0.map(x => '<li class="source0" data-source="' + esc(x) + '" data-signalled="' + signalled(x) + '">source0 ' +
                esc(x) + (signalled(x) ? ', signalled' : ', not signalled') + '</li>').join('') +
              (c.timers.length + c.observers.length + c.ports.length + s0.length ? '' : '<li class="quiet">empty</li>') +
              '</ul></div>';
          }
          if (l.blocks.length) h += '<p>blocks queue: ' + esc(l.blocks.join(', ')) + '</p>';
          return h + '</div>';
        }

        function objects(run, st, i) {
          const live = Object.entries(st.objects);
          let h = '<p>' + live.length + ' alive, ' + st.freed + ' freed</p><ul class="objects">';
          h += live.slice(0, 80).map(([name, o]) => '<li class="' + o.state + (o.letGo != null ? ' letgo' : '') + '">' +
            esc(name) + (o.state === 'deallocating' ? ' (dealloc running)' : '') +
            (o.letGo != null ? ' (let go at ' + secs(o.letGo) + ')' : '') + '</li>').join('') + '</ul>';
          const k = run.kind(i);
          if (k === 'obj.dealloc') h += '<p class="freed">just freed: ' + esc((read(run, i), str('object'))) + '</p>';
          const leaks = run.r.leaks.filter(l => l.let_go_ns != null ? st.t >= l.let_go_ns : i === run.n - 1);
          if (leaks.length) {
            h += '<p class="leak">leaked: ' + leaks.map(l => esc(l.object + ' (' + l.kind + ', ' + l.cause + ')')).join('; ') +
              '</p><div class="retain">' + run.r.retain + '</div>';
          }
          return h;
        }

        /// The cross-thread call the step makes, as [from, to, what], or null.
        function crossing(run, st, i) {
          const th = run.thread(i), about = run.lines(i).find(l => l[3] >= 0), k = read(run, i);
          if (about) return [S[about[1]], S[about[3]], k];
          let to = null;
          if (['wakeup.send', 'stop', 'rl.perform-block', 'timer.add'].includes(k)) to = st.owners[str('runloop')];
          if (k === 'timer.invalidate') to = st.owners[st.timers[str('timer')]?.loop];
          if (k === 'dispatch.async') to = str('queue') === 'main' ? 'main' : null;
          return to && to !== th ? [th === 'kernel' ? 'app' : th, to, k] : null;
        }

        function lanes(run, canvas, i) {
          const threads = Object.keys(run.lanes), w = canvas.width = canvas.clientWidth || 600, rowH = 14;
          canvas.height = threads.length * rowH + 4;
          const g = canvas.getContext('2d'), x = s => s / Math.max(1, run.n - 1) * (w - 1);
          const colour = {running: '#6a6', busy: '#369', asleep: '#bcd', blocked: '#e93', idle: '#ddd', exited: '#fff'};
          threads.forEach((th, row) => {
            const lane = run.lanes[th];
            for (let k = 0; k < lane.length; k += 2) {
              const start = lane[k], state = lane[k + 1], end = k + 2 < lane.length ? lane[k + 2] : run.n - 1;
              const last = k + 2 >= lane.length;
              g.fillStyle = run.parked[th] && last && state === 'asleep' ? '#c44' : colour[state] || '#999';
              g.fillRect(x(start), row * rowH + 2, Math.max(1, x(end) - x(start)), rowH - 4);
            }
          });
          if (run.r.diverges != null) { g.fillStyle = '#d0d'; g.fillRect(x(run.r.diverges), 0, 2, canvas.height); }
          g.fillStyle = '#000';
          g.fillRect(x(i) - 1, 0, 2, canvas.height);
          canvas.title = 'lanes by step (a pass has width): ' + threads.join(', ');
        }

        function drawPane(p, pane) {
          const run = runs[shown[p]], i = cursors[p], st = run.at(i);
          const div = run.r.diverges;
          pane.querySelector('.pos').textContent = 'step ' + i + ' / ' + (run.n - 1) + ' · ' + secs(run.time(i)) +
            ' · ' + run.kind(i) + ' on ' + run.thread(i);
          pane.dataset.step = i;
          pane.dataset.t = run.time(i);
          pane.querySelector('.banner').innerHTML = div == null ? '' : i < div ? 'same trace as the other variant until step ' +
            div : i === div ? '<b>the traces part here</b> (step ' + div + ')' : 'on its own since step ' + div;
          pane.querySelector('.words').innerHTML = narration(run, i);
          pane.querySelector('.threads').innerHTML = st.order.map(th => threadCard(run, st, th, i)).join('');
          const x = crossing(run, st, i);
          pane.querySelector('.arrow').innerHTML = x ? '<span class="from">' + esc(x[0]) + '</span> ⟶ <span class="to">' +
            esc(x[1]) + '</span> <span class="what">' + esc(x[2]) + '</span>' : '';
          for (const card of pane.querySelectorAll('.thread')) {
            card.classList.toggle('arrow-from', !!x && card.dataset.thread === x[0]);
            card.classList.toggle('arrow-to', !!x && card.dataset.thread === x[1]);
          }
          const srcs = sources0(run, st);
          pane.querySelector('.loops').innerHTML = Object.keys(st.loops).map(l => loopCard(run, st, l, srcs)).join('');
          pane.querySelector('.queues').innerHTML = 'main queue: ' + (st.mainQueue.length ?
            esc(st.mainQueue.join(', ')) : 'empty') + (st.signalled.length ? ' · signalled sources0: ' +
            esc(st.signalled.join(', ')) : '');
          pane.querySelector('.heap').innerHTML = objects(run, st, i);
          pane.querySelector('.rgraph').innerHTML = graphView(run, st, i, p);
          lanes(run, pane.querySelector('canvas'), i);
          const slider = pane.querySelector('input[type=range]');
          slider.max = run.n - 1;
          slider.value = i;
        }

        function draw() {
          document.querySelectorAll('.pane').forEach((pane, p) => drawPane(p, pane));
          const fragment = '#v=' + shown.map(r => runs[r].r.variant).join(',') + '&s=' + cursors.join(',');
          if (location.hash !== fragment) history.replaceState(null, '', fragment);
        }

        function layout() {
          $('panes').innerHTML = shown.map((r, p) => '<section class="pane" data-variant="' + esc(runs[r].r.variant) + '">' +
            '<h2>' + esc(runs[r].r.variant) + ' <span class="pos"></span></h2><p class="banner"></p>' +
            '<input type="range" min="0" value="0" aria-label="step of ' + esc(runs[r].r.variant) + '" data-pane="' + p + '">' +
            '<canvas class="lanes"></canvas><div class="words"></div><p class="arrow"></p><div class="threads"></div>' +
            '<h3>Run loops</h3><div class="loops"></div><p class="queues"></p><h3>Objects</h3><div class="heap"></div>' +
            '<h3>Retain graph</h3><div class="rgraph"></div>' +
            '</section>').join('');
          $('panes').querySelectorAll('input[type=range]').forEach(s => s.addEventListener('input', () => {
            cursors[+s.dataset.pane] = +s.value;
            draw();
          }));
          $('panes').querySelectorAll('canvas').forEach((c, p) => c.addEventListener('click', ev => {
            const run = runs[shown[p]];
            cursors[p] = Math.round(ev.offsetX / c.clientWidth * (run.n - 1));
            draw();
          }));
          const threads = new Set(shown.flatMap(r => Object.keys(runs[r].lanes)));
          $('thread').innerHTML = '<option value="">any thread</option>' +
            [...threads].map(t => '<option>' + esc(t) + '</option>').join('');
        }

        function load() {
          const q = new URLSearchParams(location.hash.slice(1));
          const wanted = (q.get('v') || D.runs[0].variant).split(',');
          shown = wanted.map(v => D.runs.findIndex(r => r.variant === v)).filter(i => i >= 0);
          if (!shown.length) shown = [0];
          const at = (q.get('s') || '').split(',').map(Number);
          cursors = shown.map((r, p) => Math.max(0, Math.min(runs[r].n - 1, at[p] || at[0] || 0)));
          document.querySelectorAll('#variants input').forEach(b => { b.checked = shown.includes(+b.value); });
          layout();
          draw();
        }

        function autoplay() {
          if (timer) { clearInterval(timer); timer = null; $('play').textContent = '▶ play'; return; }
          $('play').textContent = '⏸ pause';
          timer = setInterval(() => {
            const before = cursors.join();
            step('event', 1);
            if (cursors.join() === before) autoplay();
          }, +$('speed').value);
        }

        $('variants').innerHTML = D.runs.map((r, i) => '<label><input type="checkbox" value="' + i + '"> ' +
          esc(r.variant) + '</label>').join(' ');
        $('variants').addEventListener('change', () => {
          const picked = [...document.querySelectorAll('#variants input:checked')].map(b => +b.value);
          if (!picked.length) return load();
          history.replaceState(null, '', '#v=' + picked.map(i => D.runs[i].variant).join(',') + '&s=' + (cursors[0] || 0));
          load();
        });
        document.querySelectorAll('button[data-step]').forEach(b => b.addEventListener('click', () =>
          step(b.dataset.step, +b.dataset.dir)));
        $('home').onclick = () => { cursors = cursors.map(() => 0); draw(); };
        $('end').onclick = () => { cursors = shown.map(r => runs[r].n - 1); draw(); };
        $('play').onclick = autoplay;
        $('to-divergence').onclick = () => move(run => run.r.diverges ?? run.n - 1);
        $('to-letgo').onclick = () => jump((run, x) => run.kind(x) === 'obj.let-go');
        $('to-crash').onclick = () => jump((run, x) => run.kind(x) === 'crash');
        $('go').onsubmit = ev => { ev.preventDefault(); toTime(parseFloat($('at').value)); };
        document.addEventListener('keydown', ev => {
          if (ev.target.tagName === 'INPUT' && ev.target.type !== 'range' || ev.target.tagName === 'SELECT') return;
          const dir = {ArrowRight: 1, ArrowLeft: -1}[ev.key];
          if (dir) {
            ev.preventDefault();
            step(ev.shiftKey ? 'pass' : ev.altKey ? 'phase' : 'event', dir);
          } else if (ev.key === 'Home') { ev.preventDefault(); $('home').click(); }
          else if (ev.key === 'End') { ev.preventDefault(); $('end').click(); }
          else if (ev.key === ' ') { ev.preventDefault(); autoplay(); }
        });
        window.addEventListener('hashchange', () => {
          const fragment = '#v=' + shown.map(r => runs[r].r.variant).join(',') + '&s=' + cursors.join(',');
          if (location.hash !== fragment) load();
        });
        load();
        document.body.dataset.readyMs = String(Math.round(performance.now()));
        document.body.dataset.ready = 'true';
        """#
}
