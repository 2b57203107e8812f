// The time slicer the Problems panel and the placing of findings run in: due only once its
// budget is spent, and a yield lets what was queued meanwhile run before a new slice starts.
import { strict as assert } from 'node:assert';
import { TimeSlicer } from '../../../src/common/timeSlice';

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('common/timeSlice', () => {
  it('is due once its budget is spent, and a yield starts a new slice', async () => {
    const slicer = new TimeSlicer(20);
    assert.equal(slicer.due, false, 'a new slice is not due');
    busy(25);
    assert.equal(slicer.due, true);
    await slicer.yield();
    assert.equal(slicer.due, false, 'the yield started a new slice');
    assert.equal(slicer.yieldCount, 1);
  });

  it('lets a timer and an I/O callback queued during the slice run before the loop goes on', async () => {
    const slicer = new TimeSlicer(5);
    const ran: string[] = [];
    setTimeout(() => ran.push('timer'), 0);
    setImmediate(() => ran.push('immediate'));
    busy(10);
    assert.deepEqual(ran, [], 'nothing runs while the slice works');
    await slicer.yield();
    assert.deepEqual(ran.sort(), ['immediate', 'timer']);
  });
});
