// The parser proof (model/proof) is its own bundle, dist/proof.js, with the tree-sitter runtime
// and the grammars beside it in dist/grammars: ~2 MB that activation never loads. It is
// required on the first insertion into a language that has a parser, and kept.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Prover } from '../model/proof/prover';

let prover: Prover | undefined;

/** The prover; throws when its bundle cannot be loaded (the caller refuses the insertion). */
export function loadProver(): Prover {
  if (!prover) {
    const { Prover: ProverClass } = createRequire(__filename)(join(__dirname, 'proof.js')) as typeof import('../model/proof/prover');
    prover = new ProverClass(join(__dirname, 'grammars'));
  }
  return prover;
}
