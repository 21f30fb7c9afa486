import { ChatOpenAI } from '@langchain/openai';
import { bm25 } from '@shortlist/bm25';
import { type ExampleStore, pipe } from '@shortlist/core';
import { rrf } from '@shortlist/fusion';
import { lexical } from '@shortlist/lexical';
import type { OpenAIServer } from '@shortlist/test-servers';
import { tfidf } from '@shortlist/tfidf';
import { readLangChainTools } from './read-langchain-tools.js';
import { type Executed, sampleLangChainTools } from './test-catalogue.js';

/** The real ChatOpenAI pointed at the local server (Chat Completions, non-streaming). */
export function localModel(server: OpenAIServer): ChatOpenAI {
  return new ChatOpenAI({
    model: 'gpt-4o-mini',
    apiKey: 'sk-test',
    configuration: { baseURL: server.baseURL },
  });
}

/**
 * The sample catalogue as LangChain tools, indexed by a lexical pipeline; given a store, by
 * `lexical({ examples })`, which learns from the calls the middleware teaches it.
 */
export async function sampleCatalogue(examples?: ExampleStore) {
  const executed: Executed[] = [];
  const tools = sampleLangChainTools(executed);
  const pipeline = examples ? lexical({ examples }) : pipe(bm25(), tfidf()).fuse(rrf());
  const picker = await pipeline.index(await readLangChainTools(tools));
  return { executed, tools, picker };
}
