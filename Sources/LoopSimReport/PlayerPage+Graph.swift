extension PlayerPage {
    /// The page's retain graph at a step, in plain JavaScript: an SVG of the graph the run's changes
    /// (``PlayerGraph``) add up to at that step (`st.g`, kept by ``model``), so that stepping back shows the earlier
    /// graph as stepping forward does.
    ///
    /// Roots on the left, labelled as the leak analysis labels them (`thread worker-1 frame`, `app`, `runloop(main)
    /// mode default`); each object in the column of its distance from the roots through strong references; then the
    /// objects alive that no root reaches (what only a cycle or a lost reference keeps), each group along its strong
    /// references; under them, faded, the objects freed (all of them in a small graph, those freed in the last 50
    /// steps in a large one), the one freed at the step outlined. Strong references are solid, weak ones dashed,
    /// unretained ones dotted; a strong reference inside a cycle of strong references (a strongly connected
    /// component, Tarjan's algorithm) is red. At the last
    /// step the run's leaks are marked with their kind; an object the app let go of, from then on.
    static let graph = #"""
        const GCOL = 190, GBOX = 146, GROW = 26, GTOP = 20, GMAX = 150;

        /// The strongly connected components of the strong references among `nodes`: node -> component.
        function components(nodes, out) {
          const index = {}, low = {}, comp = {}, stack = [], on = {};
          let next = 0, c = 0;
          function visit(v) {  // iterative Tarjan: [node, next edge]
            const work = [[v, 0]];
            index[v] = low[v] = next++; stack.push(v); on[v] = true;
            while (work.length) {
              const top = work[work.length - 1], u = top[0], es = out[u] || [];
              if (top[1] < es.length) {
                const w = es[top[1]++][2];
                if (index[w] == null) { index[w] = low[w] = next++; stack.push(w); on[w] = true; work.push([w, 0]); }
                else if (on[w]) low[u] = Math.min(low[u], index[w]);
              } else {
                work.pop();
                if (work.length) { const p = work[work.length - 1][0]; low[p] = Math.min(low[p], low[u]); }
                if (low[u] === index[u]) {
                  let w;
                  do { w = stack.pop(); on[w] = false; comp[w] = c; } while (w !== u);
                  c++;
                }
              }
            }
          }
          for (const v of nodes) if (index[v] == null) visit(v);
          return comp;
        }

        /// The retain graph at step i of run, as HTML (a caption and an SVG), or '' when the run has none.
        function graphView(run, st, i, p) {
          const G = run.r.graph;
          if (!G) return '<p class="quiet">no retain graph by step in this page</p>';
          const g = st.g, N = G.nodes, name = n => S[N[n * 3]];
          const edges = Object.keys(g.edges).map(k => k.split(',').map(Number));  // [from, label, to, strength]
          const live = Object.keys(g.nodes).map(Number).sort((a, b) => a - b);
          const freedAll = Object.keys(g.freed).map(Number).sort((a, b) => a - b);
          const freed = freedAll.filter(n => live.length + freedAll.length <= 40 || i - g.freed[n] < 50);
          const out = {};
          for (const e of edges) if (e[3] === 0) (out[e[0]] ??= []).push(e);
          // columns: roots 0, then by distance through strong references, then unreached, then freed
          const roots = [...new Set(edges.filter(e => e[0] < 0).map(e => e[0]))].sort((a, b) => b - a);
          const depth = {};
          let frontier = [];
          for (const r of roots) for (const e of out[r] || []) {
            if (depth[e[2]] == null) { depth[e[2]] = 1; frontier.push(e[2]); }
          }
          while (frontier.length) {
            const nextFrontier = [];
            for (const v of frontier) for (const e of out[v] || []) {
              if (depth[e[2]] == null) { depth[e[2]] = depth[v] + 1; nextFrontier.push(e[2]); }
            }
            frontier = nextFrontier;
          }
          const maxDepth = Math.max(0, ...Object.values(depth));
          // what no root reaches: each group laid out from its first object along its strong references, so that a
          // cycle reads as a chain closed by its red reference
          const unreached = live.filter(n => depth[n] == null), sub = {};
          for (const v of unreached) {
            if (sub[v] != null) continue;
            sub[v] = 0;
            for (let f = [v]; f.length;) {
              const next = [];
              for (const u of f) for (const e of out[u] || []) {
                if (depth[e[2]] == null && sub[e[2]] == null) { sub[e[2]] = sub[u] + 1; next.push(e[2]); }
              }
              f = next;
            }
          }
          const columns = [roots];
          for (let d = 1; d <= maxDepth; d++) columns.push(live.filter(n => depth[n] === d));
          const unreachedCol = unreached.length ? columns.length : -1;
          const subMax = Math.max(-1, ...Object.values(sub));
          for (let d = 0; d <= subMax; d++) columns.push(unreached.filter(n => sub[n] === d));
          const pos = {};
          let drawn = 0;
          columns.forEach((col, c) => col.forEach((v, r) => {
            if (v < 0 || drawn++ < GMAX) pos[v] = [c * GCOL + 4, GTOP + r * GROW];
          }));
          // the freed, faded, in rows under the graph
          const perRow = Math.max(3, columns.length);
          const freedTop = GTOP + Math.max(1, ...columns.map(c => c.length)) * GROW + 22;
          freed.forEach((v, k) => { pos[v] = [(k % perRow) * GCOL + 4, freedTop + Math.floor(k / perRow) * GROW]; });
          const comp = components(live, out);
          // u -> v in one component: v reaches u back, so the reference closes a cycle (or is one, u === v)
          const inCycle = e => e[3] === 0 && e[0] >= 0 && comp[e[0]] === comp[e[2]];
          const rows = Math.max(1, ...columns.map(c => c.length));
          const w = columns.length * GCOL + 40;
          const h = freed.length ? freedTop + Math.ceil(freed.length / perRow) * GROW + 4 : GTOP + rows * GROW + 10;
          const marker = 'garrow-' + p;
          let svg = '<svg class="graph" width="' + w + '" height="' + h +
            '" viewBox="0 0 ' + w + ' ' + h + '"><defs><marker id="' + marker +
            '" viewBox="0 0 8 8" refX="8" refY="4" ' +
            'markerWidth="7" markerHeight="7" orient="auto"><path d="M0,0L8,4L0,8z" fill="#555"/></marker></defs>';
          const heads = ['roots'];
          for (let d = 1; d <= maxDepth; d++) heads.push(d === 1 ? 'held by a root' : d + ' references away');
          if (unreachedCol >= 0) heads.push('reached from no root');
          heads.forEach((t, c) => {
            svg += '<text class="ghead" x="' + (c * GCOL + 4) + '" y="12">' + esc(t) + '</text>';
          });
          if (freed.length) svg += '<text class="ghead" x="4" y="' + (freedTop - 6) + '">freed</text>';
          const showLabels = edges.length <= 40;
          for (const e of edges) {
            const a = pos[e[0]], b = pos[e[2]];
            if (!a || !b) continue;
            const x1 = a[0] + GBOX, y1 = a[1] + 9, y2 = b[1] + 9;
            const back = b[0] <= a[0];
            const x2 = back ? b[0] + GBOX : b[0];
            const c1 = back ? x1 + 30 : x1 + 12, c2 = back ? x2 + 30 : x2 - 12;
            const d = 'M' + x1 + ',' + y1 + ' C' + c1 + ',' + y1 + ' ' + c2 + ',' + y2 + ' ' + x2 + ',' + y2;
            const kind = ['strong', 'weak', 'unretained'][e[3]] + (inCycle(e) ? ' cycle' : '');
            const from = e[0] < 0 ? S[-1 - e[0]] : name(e[0]);
            svg += '<path class="gedge ' + kind + '" d="' + d + '" marker-end="url(#' + marker + ')" data-from="' +
              esc(from) + '" data-to="' + esc(name(e[2])) + '" data-label="' + esc(S[e[1]]) + '"><title>' +
              esc(from + ' —' + S[e[1]] + ' (' + kind + ')→ ' + name(e[2])) + '</title></path>';
            if (showLabels && !back) {
              svg += '<text class="glabel" x="' + (x1 + 4) + '" y="' + (y1 - 3) + '">' + esc(S[e[1]]) + '</text>';
            }
          }
          const last = i === run.n - 1;
          for (const r of roots) {
            const [x, y] = pos[r];
            svg += '<g class="groot" data-root="' + esc(S[-1 - r]) + '"><rect x="' + x + '" y="' + y + '" width="' +
              GBOX + '" height="18" rx="9"/><text x="' + (x + 8) + '" y="' + (y + 13) + '">' + esc(S[-1 - r]) +
              '</text></g>';
          }
          for (const v of live.concat(freed)) {
            if (!pos[v]) continue;
            const [x, y] = pos[v];
            const state = g.nodes[v] || 'freed';
            const leak = N[v * 3 + 2] >= 0 ? S[N[v * 3 + 2]] : '';
            const letGo = run.r.leaks.some(l => (S[N[v * 3]] === l.object || S[N[v * 3]].endsWith(' ' + l.object)) &&
              l.let_go_ns != null && st.t >= l.let_go_ns);
            const marks = (last && leak ? ' leaked' : '') + (letGo && state !== 'freed' ? ' letgo' : '') +
              (state === 'freed' && g.freed[v] === i ? ' justfreed' : '');
            const tag = last && leak ? ' · ' + leak : state === 'deallocating' ? ' · dealloc' :
              letGo ? ' · let go' : '';
            const title = S[N[v * 3]] + ' (' + S[N[v * 3 + 1]] + '), ' + state + (leak ? '; at the end: ' + leak : '');
            svg += '<g class="gnode ' + state + marks + '" data-name="' + esc(S[N[v * 3]]) + '" data-state="' + state +
              '" data-leak="' + (last ? leak : '') + '"><title>' + esc(title) + '</title><rect x="' + x + '" y="' + y +
              '" width="' + GBOX + '" height="18" rx="2"/><text x="' + (x + 5) + '" y="' + (y + 13) + '">' +
              esc((S[N[v * 3]] + tag).slice(0, 24)) + '</text></g>';
          }
          svg += '</svg>';
          const cycles = edges.filter(inCycle).length;
          let caption = live.length + ' objects alive, ' + edges.length + ' references' +
            (cycles ? ', ' + cycles + ' in a retain cycle (red)' : '') +
            (drawn > GMAX ? '; the first ' + GMAX + ' drawn' : '');
          if (g.stopped != null) caption += '; the graph stops at step ' + g.stopped + ': too many objects to follow';
          return '<p class="gcaption">' + caption + '</p><div class="graphbox">' + svg + '</div>';
        }
        """#
}
