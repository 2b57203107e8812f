// The client logs through this narrow interface so the CLI (stderr) and the extension
// (LogOutputChannel) decide where lines go. Callers never pass the key in a message. A message
// may hold server text: each implementation writes it as one line, escaping line breaks and
// other unsafe characters itself (cli/output Stderr, editor/log ExtensionLog).
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
