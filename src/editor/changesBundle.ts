// What dist/changes.js holds (esbuild.mjs): the matching of two scans by fingerprint
// (model/changes) and the choice of a report's previous scan. Required by editor/reportChanges
// when a row's changes are first computed, never at activation. Plain Node.
export { ChangeMatcher } from '../model/changes/matcher';
export { previousReport, checkSince } from '../model/changes/previous';
