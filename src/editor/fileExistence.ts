// Whether the files a recompute of the findings names exist, each asked of the editor's file
// system once per recompute (a report names the same files many times).
import * as vscode from 'vscode';

/** Whether a file exists, asked once per path for the life of the returned function. */
export function existenceCache(): (uri: vscode.Uri) => Promise<boolean> {
  const known = new Map<string, Promise<boolean>>();
  return (uri) => {
    const key = uri.toString();
    let answer = known.get(key);
    if (!answer) {
      answer = Promise.resolve(vscode.workspace.fs.stat(uri)).then(
        (stat) => (stat.type & vscode.FileType.File) !== 0,
        () => false,
      );
      known.set(key, answer);
    }
    return answer;
  };
}
