// What dist/suppression.js holds (esbuild.mjs): the comment syntax table, the directives of
// other tools a summary must not carry, the suppression comment's text and where it may go; the
// search for suppression comments (the CLI's `suppressions`), their verdicts and their removal.
// Required by editor/suppression on the first insertion, hover over a comment or search, never
// at activation. Plain Node.
export { buildSuppressionComment, resolveStyles } from '../model/suppression';
export { commentSyntaxFor, isGrammar } from '../model/commentSyntax';
export { chooseInsertion } from '../model/insertion';
export { MARKER_PREFIX, findMarkers, scanText } from '../model/suppressionAudit';
export { MAX_FILE_BYTES, auditFiles, listTree } from '../model/suppressionAuditFiles';
export { languageIdForPath } from '../model/suppressionAuditLanguages';
export { SuppressedIssues } from '../model/suppressionAuditStatus';
export { planRemoval } from '../model/suppressionRemoval';
