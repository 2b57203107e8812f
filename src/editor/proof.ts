// The parser proof (model/proof) is its own bundle, dist/proof.js, with the tree-sitter runtime
// and the grammars beside it in dist/grammars: ~2 MB that activation never loads. It is
// required on the first insertion into a language that has a parser, and kept.
import { join } from 'node:path';
import { requireBundle } from '../common/lazyBundle';
import type { Prover } from '../model/proof/prover';

let prover: Prover | undefined;

/** The prover; throws when its bundle cannot be loaded (the caller refuses the insertion). */
export function loadProver(): Prover {
  if (!prover) {
    const { Prover: ProverClass } = requireBundle<typeof import('../model/proof/prover')>('proof.js');
    prover = new ProverClass(join(__dirname, 'grammars'));
  }
  return prover;
}
