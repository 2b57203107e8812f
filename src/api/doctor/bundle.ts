// What dist/doctor.js holds (esbuild.mjs): the connection doctor with its own copy of the client
// (undici stays external, as in the extension). Required by commands/checkConnection on the first
// Check Connection, never at activation, so the extension bundle stays within its budget. The
// CLI imports the doctor directly. Plain Node.
export { runDoctor } from './doctor';
export { doctorText } from './report';
