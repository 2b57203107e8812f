// The write gate: every file the extension writes for the user goes through here. Into a
// repository: checkWriteTarget/checkPatchTargets (the write policy of model/writePolicy, then
// links and real paths on the disk). A new file outside a repository (exports): exclusive temp
// file, renamed into place (exclusiveFile); on a remote or virtual file system: virtualFile,
// imported by its path because it needs the editor API and this index stays plain Node.
export { checkPatchTargets, checkWriteTarget } from './paths';
export { WriteRefusedError, writeNewFileExclusive } from './exclusiveFile';
