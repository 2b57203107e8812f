// What dist/suppression.js holds (esbuild.mjs): the comment syntax table, the directives of
// other tools a summary must not carry, the suppression comment's text and where it may go.
// Required by editor/suppression on the first insertion or hover over a comment, never at
// activation. Plain Node.
export { buildSuppressionComment, resolveStyles } from '../model/suppression';
export { commentSyntaxFor, isGrammar } from '../model/commentSyntax';
export { chooseInsertion } from '../model/insertion';
