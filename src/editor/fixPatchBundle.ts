// What dist/patch.js holds (esbuild.mjs): a fix's patch code (model/patch and the diff library),
// the write gate's checks of a patch's targets (the write policy's table, links and real paths)
// and the text of Apply Fix's confirmation (model/fixPlan). Required by editor/fixPatches on the
// first Preview Fix or Apply Fix, and by editor/suppressionRemoval on the first removal of a
// suppression comment (the same gate), never at activation. Plain Node.
export { parseFixPatch, patchText } from '../model/patch';
export { checkPatchTargets, checkWriteTarget } from './writeGate/paths';
export { planDetail, planQuestion } from '../model/fixPlan';
