import { bm25 } from '@shortlist/bm25';
import { type Pipeline, pipe } from '@shortlist/core';
import { lexicalDefaultFusion } from '@shortlist/fusion';
import { tfidf } from '@shortlist/tfidf';

/** The offline lexical default (bm25 + tfidf), the same pipeline the CLI uses; no key, no network. */
export const defaultPipeline = (): Pipeline => pipe(bm25(), tfidf()).fuse(lexicalDefaultFusion());
