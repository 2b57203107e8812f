// Preloaded into a CLI process under load test (`node --expose-gc -r retainedHeapProbe.js
// cli.js …`): every 500 ms a full collection, then the heap still in use. The largest is
// written to $SFR_RETAINED_HEAP_FILE (bytes) when the process exits. What survives a full
// collection is what the CLI holds (pages in flight, the summary memo, a leak), free of the
// collector's timing, which moves the peak RSS of one and the same run by tens of MB. Each
// collection stops the CLI: twice a second gives the same figures as four times at half the
// cost (measured in CONTRIBUTING.md, Tests).
import { writeFileSync } from 'node:fs';

const gc = (globalThis as { gc?: () => void }).gc;
const file = process.env.SFR_RETAINED_HEAP_FILE;
if (!gc || !file) throw new Error('run with --expose-gc and SFR_RETAINED_HEAP_FILE set');

let largest = 0;
const sample = () => {
  gc();
  largest = Math.max(largest, process.memoryUsage().heapUsed);
};
// Unref'd: the probe never keeps the CLI alive, nor changes when it exits. A last sample at exit,
// so that a run shorter than the interval is measured too.
setInterval(sample, 500).unref();
process.on('exit', () => {
  sample();
  writeFileSync(file, String(largest));
});
