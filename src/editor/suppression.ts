// The suppression comment's code (model/suppression, model/commentSyntax, model/insertion and
// the directives table) is its own bundle, dist/suppression.js: loaded on the first insertion or
// hover over a comment, and kept.
import { requireBundle } from '../common/lazyBundle';

type SuppressionModule = typeof import('./suppressionBundle');

let loaded: SuppressionModule | undefined;

/** The module; throws when its bundle cannot be loaded (the caller says so). */
export function suppressionCode(): SuppressionModule {
  loaded ??= requireBundle<SuppressionModule>('suppression.js');
  return loaded;
}
