// The player: the document arrives as JSON; every string from it reaches the
// page as text (textContent, title), never as markup.
(() => {
  'use strict';

  // #t=SECONDS (kept across a watch reload), &play; #card: the frame alone, playing in a loop (a gallery's card).
  const asked = new URLSearchParams(location.hash.slice(1));
  const card = asked.has('card');
  if (card) document.documentElement.classList.add('card');

  // A gallery's page: its highlighter, a file loaded before this script, colours the sources (not seen in a card).
  if (window.hljs && !card) document.querySelectorAll('code.language-lua').forEach((code) => window.hljs.highlightBlock(code));

  const data = JSON.parse(document.getElementById('segue-data').textContent);
  const $ = (id) => document.getElementById(id);
  const svgNS = 'http://www.w3.org/2000/svg';
  const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), hi);
  const seconds = (t) => t.toFixed(3) + ' s';
  const duration = Math.max(data.duration, 1e-6);
  const frames = data.frames;
  const colours = ['#7cb7ff', '#f0b45b', '#8fd694', '#e88fc7', '#c3a6ff', '#7fdbd4'];

  const canvas = $('frame');
  const context = canvas.getContext('2d');
  const images = data.images.map((source, k) => {
    const image = new Image();
    // The frame on show is drawn as soon as its own picture is ready, not
    // after all of them: a page opened (or screenshotted) at once shows it.
    image.onload = () => { if (frames[state.index] && frames[state.index].i === k) { state.drawn = -1; render(); } };
    image.src = source;
    return image;
  });

  const state = { time: 0, index: -1, drawn: -1, playing: false, speed: 1, clock: 0, held: 0 };

  // --- frames shown as layers (a gallery's pages): each layer a box the
  // browser places with its homography as matrix3d and flattens into its
  // superlayer, as Core Animation does; painted with a colour or with
  // Segue's picture of its own content, each picture shipped once.
  const scenes = data.scenes || [];
  const sceneBox = $('scene');
  const pixels = (points) => Math.max(1, Math.round(points * data.scale)) / data.scale;
  const url = (k) => 'url("' + data.images[k] + '")';

  function layer(node) {
    const box = document.createElement('div');
    const style = box.style;
    style.width = node.w + 'px';
    style.height = node.h + 'px';
    let place = '';
    if (node.m) {
      const m = node.m;
      place = 'matrix3d(' + [m[0], m[1], 0, m[2], m[3], m[4], 0, m[5], 0, 0, 1, 0, m[6], m[7], 0, m[8]].join(',') + ')';
    } else if (node.x || node.y) {
      place = 'translate(' + (node.x || 0) + 'px,' + (node.y || 0) + 'px)';
    }
    if (node.c) style.backgroundColor = node.c;
    const radii = node.r ? node.r.map((r) => r + 'px').join(' ') : '';
    // The box rounds its fill, its cut and its shadow; a picture is rounded already (its contents only when cut).
    if (node.r && (node.c || node.k || node.s)) style.borderRadius = radii;
    if (node.s) style.boxShadow = node.s;
    if (node.k) style.overflow = 'hidden';
    if (node.p !== undefined && !node.pa) {
      style.backgroundImage = url(node.p);
      style.backgroundSize = pixels(node.w) + 'px ' + pixels(node.h) + 'px';
    } else if (node.p !== undefined) {
      // A shape reaching past the bounds: its picture a box of its own, under the sublayers.
      const [x, y, w, h] = node.pa;
      const picture = document.createElement('div');
      Object.assign(picture.style, { width: w + 'px', height: h + 'px', transform: 'translate(' + x + 'px,' + y + 'px)',
        backgroundImage: url(node.p), backgroundSize: pixels(w) + 'px ' + pixels(h) + 'px' });
      box.appendChild(picture);
    }
    for (const sublayer of node.n || []) box.appendChild(layer(sublayer));
    if (node.bw) {
      // Over the sublayers, as Core Animation draws a border: a box of its own, last.
      const border = document.createElement('div');
      border.className = 'border';
      border.style.borderWidth = node.bw + 'px';
      border.style.borderColor = node.bc;
      if (node.r) border.style.borderRadius = radii;
      box.appendChild(border);
    }
    if (node.mk === undefined) {
      if (place) style.transform = place;
      if (node.o !== undefined) style.opacity = String(node.o);
      return box;
    }
    // Masked: a box over all the mask and the layer cover, the mask's picture filling it, the layer inside it.
    // Nothing shows outside a masked box (mask-clip: border-box), as nothing shows outside the mask's picture in Segue.
    const [x, y, w, h] = node.ma;
    const masked = document.createElement('div');
    Object.assign(masked.style, { width: w + 'px', height: h + 'px', transform: place + ' translate(' + x + 'px,' + y + 'px)',
      maskImage: url(node.mk), maskSize: pixels(w) + 'px ' + pixels(h) + 'px', maskRepeat: 'no-repeat' });
    if (node.o !== undefined) masked.style.opacity = String(node.o);
    style.transform = 'translate(' + (-x) + 'px,' + (-y) + 'px)';
    masked.appendChild(box);
    return masked;
  }

  function showScene(k) {
    const scene = scenes[k];
    const root = document.createElement('div');
    root.style.width = scene.w + 'px';
    root.style.height = scene.h + 'px';
    // The layers in a box of their own, cut to the window: a plane that crosses the eye plane stays under the overlays.
    const layers = document.createElement('div');
    Object.assign(layers.style, { width: scene.w + 'px', height: scene.h + 'px', overflow: 'hidden' });
    if (scene.layers) layers.appendChild(layer(scene.layers));
    root.appendChild(layers);
    for (const [x, y, w, h, p] of scene.over) {
      const overlay = document.createElement('div');
      Object.assign(overlay.style, { width: w + 'px', height: h + 'px', transform: 'translate(' + x + 'px,' + y + 'px)',
        backgroundImage: url(p), backgroundSize: '100% 100%' });
      root.appendChild(overlay);
    }
    // A plane crossing the eye plane is composited with bounds the browser cannot judge overlap by: what is painted
    // after it would go under it unless it has a layer of its own too.
    if (scene.e) root.querySelectorAll('div').forEach((box) => { box.style.willChange = 'transform'; });
    sceneBox.replaceChildren(root);
    fitScene();
  }

  // Over the canvas, at its size on screen; the scene's points scaled to it.
  function fitScene() {
    const root = sceneBox.firstChild;
    if (sceneBox.hidden || !root) return;
    Object.assign(sceneBox.style, { left: canvas.offsetLeft + 'px', top: canvas.offsetTop + 'px',
      width: canvas.clientWidth + 'px', height: canvas.clientHeight + 'px' });
    root.style.transform = 'scale(' + canvas.clientWidth / parseFloat(root.style.width) + ')';
  }
  window.addEventListener('resize', fitScene);

  // The last frame shown at or before t (the first before it starts).
  function frameAt(t) {
    let lo = 0, hi = frames.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (frames[mid].t <= t) lo = mid; else hi = mid - 1;
    }
    return lo;
  }

  // The last sample at or before t, or null before the first.
  function sampleAt(samples, t) {
    let lo = 0, hi = samples.length - 1, found = null;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (samples[mid][0] <= t + 1e-9) { found = samples[mid]; lo = mid + 1; } else hi = mid - 1;
    }
    return found;
  }

  // --- hooks: one lane a run; one mark a time at which hooks were called,
  // naming them all on hover (a transition calls ten at its start).
  const tracks = $('tracks');
  const marks = [];
  const lanes = data.lanes.map((name) => {
    const label = document.createElement('div');
    label.className = 'lane-label muted';
    label.textContent = name;
    label.title = name;
    const track = document.createElement('div');
    track.className = 'track lane';
    tracks.insertBefore(label, $('playhead'));
    tracks.insertBefore(track, $('playhead'));
    return { track, byTime: new Map() };
  });
  for (const hook of data.hooks) {
    const lane = lanes[hook.lane];
    let mark = lane.byTime.get(hook.t);
    if (!mark) {
      const element = document.createElement('div');
      element.className = 'mark';
      element.style.left = (clamp(hook.t / duration, 0, 1) * 100) + '%';
      element.addEventListener('click', (event) => { event.stopPropagation(); pause(); seek(hook.t); });
      element.addEventListener('pointerdown', (event) => event.stopPropagation());
      lane.track.appendChild(element);
      mark = { element, t: hook.t, lane: hook.lane, names: [] };
      lane.byTime.set(hook.t, mark);
      marks.push(mark);
    }
    mark.names.push(hook.name);
  }
  for (const mark of marks) {
    mark.element.dataset.hooks = String(mark.names.length);
    mark.element.classList.toggle('several', mark.names.length > 1);
    mark.element.title = seconds(mark.t) + '\n' + mark.names.join('\n');
  }

  // --- the plot: one chart a property, one line a view.
  const views = [];
  for (const series of data.series) if (!views.includes(series.view)) views.push(series.view);
  const colourOf = (view) => colours[views.indexOf(view) % colours.length];
  const legend = $('legend');
  for (const view of views) {
    const item = document.createElement('span');
    item.textContent = view;
    item.style.setProperty('--swatch', colourOf(view));
    legend.appendChild(item);
  }
  const charts = [];
  const plot = $('plot');
  for (const series of data.series) {
    let chart = charts.find((c) => c.name === series.name);
    if (!chart) {
      chart = { name: series.name, unit: series.unit, lines: [] };
      charts.push(chart);
    }
    chart.lines.push(series);
  }
  if (charts.length === 0) {
    const none = document.createElement('p');
    none.className = 'empty';
    none.textContent = 'Neither screen moved, faded, scaled or turned.';
    plot.appendChild(none);
  }
  const W = 300, H = 56, PAD = 5;
  const format = (value, unit) => (Math.abs(value) >= 100 ? value.toFixed(1) : value.toFixed(2)) + (unit ? ' ' + unit : '');
  for (const chart of charts) {
    const values = chart.lines.flatMap((line) => line.samples.map((s) => s[1]));
    if (values.length === 0) { chart.readings = []; continue; }
    const least = values.reduce((a, b) => Math.min(a, b), Infinity), most = values.reduce((a, b) => Math.max(a, b), -Infinity);
    let lo = least, hi = most;
    if (!(hi - lo > 1e-9)) { lo -= 1; hi += 1; }
    const y = (v) => PAD + (hi - v) / (hi - lo) * (H - 2 * PAD);
    const box = document.createElement('div');
    box.className = 'chart';
    const head = document.createElement('div');
    head.className = 'chart-head';
    const name = document.createElement('span');
    name.className = 'chart-name';
    name.textContent = chart.name + (chart.unit ? ' (' + chart.unit + ')' : '');
    const readings = document.createElement('span');
    readings.className = 'chart-values';
    head.append(name, readings);
    const svg = document.createElementNS(svgNS, 'svg');
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.setAttribute('preserveAspectRatio', 'none');
    chart.readings = [];
    for (const line of chart.lines) {
      // A new stroke after a gap: the view was not on screen in between.
      const steps = line.samples.slice(1).map((s, i) => s[0] - line.samples[i][0]).filter((d) => d > 0);
      const step = steps.reduce((a, b) => Math.min(a, b), Infinity);
      let d = '';
      line.samples.forEach((s, i) => {
        const jump = i === 0 || s[0] - line.samples[i - 1][0] > step * 1.5;
        d += (jump ? 'M' : 'L') + (s[0] / duration * W).toFixed(2) + ' ' + y(s[1]).toFixed(2);
      });
      const path = document.createElementNS(svgNS, 'path');
      path.setAttribute('class', 'series');
      path.setAttribute('d', d);
      path.setAttribute('stroke', colourOf(line.view));
      const title = document.createElementNS(svgNS, 'title');
      title.textContent = line.view + ' · ' + chart.name;
      path.appendChild(title);
      svg.appendChild(path);
      const reading = document.createElement('span');
      reading.style.color = colourOf(line.view);
      reading.title = line.view;
      readings.appendChild(reading);
      chart.readings.push({ element: reading, line });
    }
    const playhead = document.createElementNS(svgNS, 'line');
    playhead.setAttribute('class', 'chart-playhead');
    playhead.setAttribute('y1', '0');
    playhead.setAttribute('y2', String(H));
    svg.appendChild(playhead);
    chart.playhead = playhead;
    const range = document.createElement('div');
    range.className = 'chart-range';
    const low = document.createElement('span'), high = document.createElement('span');
    low.textContent = 'min ' + format(least, chart.unit);
    high.textContent = 'max ' + format(most, chart.unit);
    range.append(low, high);
    box.append(head, svg, range);
    plot.appendChild(box);
  }

  // --- showing a time.
  $('duration').textContent = seconds(data.duration);
  const scrub = $('scrub');
  scrub.setAttribute('aria-valuemax', String(data.duration));

  function render() {
    const frame = frames[state.index];
    sceneBox.hidden = frame.s === undefined;
    if (frame.s !== undefined) {
      if (state.drawn !== 's' + frame.s) showScene(frame.s);
      state.drawn = 's' + frame.s;
      fitScene();
    } else if (state.drawn !== frame.i && images[frame.i].complete) {
      context.clearRect(0, 0, canvas.width, canvas.height);
      context.drawImage(images[frame.i], 0, 0);
      state.drawn = frame.i;
    }
    const p = state.time / duration;
    tracks.style.setProperty('--p', String(clamp(p, 0, 1)));
    $('time').textContent = seconds(state.time);
    $('frame-number').textContent = (state.index + 1) + ' / ' + frames.length;
    scrub.setAttribute('aria-valuenow', state.time.toFixed(3));
    scrub.setAttribute('aria-valuetext', seconds(state.time));
    let latest = null;
    for (const mark of marks) {
      const passed = mark.t <= state.time + 1e-9;
      mark.element.classList.toggle('passed', passed);
      if (passed && (!latest || mark.t >= latest.t)) latest = mark;
    }
    // The hook called last at or before now, and how many more came with it.
    $('hook-now').textContent = latest
      ? (data.lanes.length > 1 ? data.lanes[latest.lane] + ': ' : '') + latest.names[latest.names.length - 1]
        + (latest.names.length > 1 ? ' (+' + (latest.names.length - 1) + ' at ' + seconds(latest.t) + ')' : ' at ' + seconds(latest.t))
      : '';
    for (const chart of charts) {
      if (!chart.playhead) continue;
      const x = String(p * W);
      chart.playhead.setAttribute('x1', x);
      chart.playhead.setAttribute('x2', x);
      for (const { element, line } of chart.readings) {
        const sample = sampleAt(line.samples, state.time);
        element.textContent = sample ? format(sample[1], '') : '–';
      }
    }
  }

  function seek(t) {
    state.time = clamp(t, 0, data.duration);
    state.index = frameAt(state.time);
    render();
  }

  function step(by) {
    pause();
    // From a time between frames, back goes to the frame on screen.
    const onFrame = Math.abs(frames[state.index].t - state.time) < 1e-9;
    const index = clamp(by < 0 && !onFrame ? state.index : state.index + by, 0, frames.length - 1);
    seek(frames[index].t);
  }

  // --- playing, in real time times the speed; it stops at the end.
  function tick(now) {
    if (!state.playing) return;
    const elapsed = (now - state.clock) / 1000;
    state.clock = now;
    if (card && state.time >= data.duration) {
      // A card loops as a GIF did: the last frame held a moment, then again from the start.
      state.held += elapsed;
      if (state.held >= 0.6) { state.held = 0; seek(0); }
    } else {
      seek(state.time + elapsed * state.speed);
      if (state.time >= data.duration && !card) { pause(); return; }
    }
    requestAnimationFrame(tick);
  }

  function play() {
    if (state.playing) return;
    if (state.time >= data.duration) seek(0);
    state.playing = true;
    document.body.classList.add('playing');
    $('play').setAttribute('aria-label', 'Pause');
    $('play').title = 'Pause (Space)';
    state.clock = performance.now();
    requestAnimationFrame(tick);
  }

  function pause() {
    state.playing = false;
    document.body.classList.remove('playing');
    $('play').setAttribute('aria-label', 'Play');
    $('play').title = 'Play (Space)';
  }

  const toggle = () => (state.playing ? pause() : play());

  function setSpeed(speed) {
    state.speed = speed;
    for (const button of document.querySelectorAll('[data-speed]')) {
      button.setAttribute('aria-pressed', String(Number(button.dataset.speed) === speed));
    }
  }

  $('play').addEventListener('click', toggle);
  $('back').addEventListener('click', () => step(-1));
  $('forward').addEventListener('click', () => step(1));
  for (const button of document.querySelectorAll('[data-speed]')) {
    button.addEventListener('click', () => setSpeed(Number(button.dataset.speed)));
  }

  // Dragging on the scrub bar or a lane sets the time under the pointer.
  function scrubFrom(element) {
    element.addEventListener('pointerdown', (event) => {
      if (event.button !== 0) return;
      pause();
      element.setPointerCapture(event.pointerId);
      const move = (e) => {
        const box = element.getBoundingClientRect();
        seek(clamp((e.clientX - box.left) / box.width, 0, 1) * data.duration);
      };
      move(event);
      element.onpointermove = move;
      element.onpointerup = element.onpointercancel = () => { element.onpointermove = null; };
    });
  }
  scrubFrom(scrub);
  for (const lane of lanes) scrubFrom(lane.track);

  document.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    switch (event.key) {
      case ' ': toggle(); break;
      case 'ArrowLeft': step(-1); break;
      case 'ArrowRight': step(1); break;
      case 'Home': pause(); seek(0); break;
      case 'End': pause(); seek(data.duration); break;
      default: return;
    }
    event.preventDefault();
  });
  // Space must not also press the focused button when it is let go.
  document.addEventListener('keyup', (event) => { if (event.key === ' ') event.preventDefault(); });

  // --- the time to start at, and whether to play.
  const start = Number(asked.get('t'));
  setSpeed(Number(asked.get('speed')) || 1);
  seek(Number.isFinite(start) ? start : 0);
  Promise.all(images.map((image) => image.decode().catch(() => null))).then(() => {
    state.drawn = -1;
    render();
    if (asked.has('play') || (card && !asked.has('t'))) play();
    document.documentElement.dataset.ready = 'true';
  });

  // --- watching: the sidecar script beside the page, loaded again every
  // half second under a new query (file:// has no fetch and no server); it
  // calls segueWatch(VERSION), and a new version reloads the page here.
  if (data.watch) {
    let known = null, count = 0;
    window.segueWatch = (version) => {
      if (known === null) known = version;
      if (version === known) return;
      const hash = '#t=' + state.time.toFixed(4) + (state.speed !== 1 ? '&speed=' + state.speed : '') + (state.playing ? '&play' : '');
      try { history.replaceState(null, '', hash); } catch (error) { location.hash = hash; }
      location.reload();
    };
    const poll = () => {
      const script = document.createElement('script');
      script.src = encodeURIComponent(data.watch) + '?n=' + (++count);
      script.onload = script.onerror = () => script.remove();
      document.head.appendChild(script);
    };
    poll();
    setInterval(poll, 500);
  }
})();
