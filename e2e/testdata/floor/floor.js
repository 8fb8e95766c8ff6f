// floor.js: starts the floor worker and marks when it is ready, the way the
// site's app.js marks "live".
'use strict';
const w = new Worker(new URL('./floor-worker.js', import.meta.url));
performance.mark('floor:worker-started');
w.onmessage = (ev) => {
  performance.mark('floor:ready', { detail: ev.data.timing });
  document.getElementById('status').textContent = `ready (${ev.data.tools} tool)`;
};
