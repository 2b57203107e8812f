// What dist/patch.js holds (esbuild.mjs): a fix's patch code (model/patch and the diff library),
// the write gate's checks of a patch's targets (the write policy's table, links and real paths)
// and the text of Apply Fix's confirmation (model/fixPlan). Required by editor/fixPatches on the first Preview Fix or Apply Fix, never at
// activation. Plain Node.
export { parseFixPatch, patchText } from '../model/patch';
export { checkPatchTargets } from './writeGate/paths';
export { planDetail, planQuestion } from '../model/fixPlan';
