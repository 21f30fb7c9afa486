import { ChatOpenAI } from '@langchain/openai';
import { bm25 } from '@shortlist/bm25';
import { pipe } from '@shortlist/core';
import { rrf } from '@shortlist/fusion';
import { tfidf } from '@shortlist/tfidf';
import { readLangChainTools } from './read-langchain-tools.js';
import { type Executed, sampleLangChainTools } from './test-catalogue.js';
import type { ChatServer } from './test-openai-chat-server.js';

/** The real ChatOpenAI pointed at the local server (Chat Completions, non-streaming). */
export function localModel(server: ChatServer): ChatOpenAI {
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
