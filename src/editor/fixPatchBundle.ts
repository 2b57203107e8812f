// What dist/patch.js holds (esbuild.mjs): a fix's patch code (model/patch and the diff library)
// and the write gate's checks of a patch's targets (the write policy's table, links and real
// paths). Required by editor/fixPatches on the first Preview Fix or Apply Fix, never at
// activation. Plain Node.
export { parseFixPatch, patchText } from '../model/patch';
export { checkPatchTargets } from './writeGate/paths';
