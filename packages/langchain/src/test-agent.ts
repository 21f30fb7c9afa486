import { ChatOpenAI } from '@langchain/openai';
import { bm25 } from '@shortlist/bm25';
import { pipe } from '@shortlist/core';
import { rrf } from '@shortlist/fusion';
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

/** The sample catalogue as LangChain tools, indexed by the README's lexical pipeline. */
export async function sampleCatalogue() {
  const executed: Executed[] = [];
  const tools = sampleLangChainTools(executed);
  const picker = await pipe(bm25(), tfidf())
    .fuse(rrf())
    .index(await readLangChainTools(tools));
  return { executed, tools, picker };
}
