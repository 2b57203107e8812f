// node processGuard.js <command> [args...]
// Runs <command> as the leader of its own process group and kills the whole group when the
// harness that started it (over an IPC channel) goes away, even by SIGKILL, where no exit
// hook of the harness can run. Plain Node, no project imports.
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (!command || !process.send) {
  console.error('usage: spawn `node processGuard.js <command> [args...]` with an IPC channel');
  process.exit(2);
}

const killGroup = (signal: NodeJS.Signals) => {
  try {
    process.kill(-process.pid, signal);
  } catch {
    process.exit(1);
  }
};

const child = spawn(command, args, { stdio: 'inherit' });
child.on('error', (err) => {
  console.error(`cannot start ${command}: ${err.message}`);
  process.exit(127);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
process.on('disconnect', () => killGroup('SIGKILL'));
