import { bm25 } from '@shortlist/bm25';
import { pipe, type Selection, semantic, toTools } from '@shortlist/core';
import {
  decodeSnapshot,
  encodeSnapshot,
  MAX_QUERY_CHARACTERS,
  MAX_SELECT_DEPTH,
} from '@shortlist/core/kit';
import { createHFEmbedder } from '@shortlist/embed-hf';
import { createOpenAIEmbedder } from '@shortlist/embed-openai';
import { lexical } from '@shortlist/lexical';
import { lexicalEmbedder } from '@shortlist/tfidf';
import { badSelection, namesOf, ordinaryTools, pipelines } from '../catalogue.js';
import { type ServerFault, startFaultServer } from '../fault-server.js';
import type { HostileCase } from '../hostile-case.js';

const names = ordinaryTools.map((tool) => tool.name);
/** A megabyte of words opening with a request the ordinary tools answer. */
const paste = `send an email to the team ${'please read the attached log line '.repeat(30_000)}`;

/** Why a selection of the paste is wrong: outside the catalogue, nothing found, or no cut reported. */
const checkPaste = (answer: unknown): string | undefined => {
  const truncated = (answer as Selection).truncated;
  return (
    badSelection(answer, names, names.length) ??
    (namesOf(answer).length === 0 ? 'nothing selected for "send an email"' : undefined) ??
    (truncated && truncated.words > 0 && truncated.characters > paste.length - MAX_QUERY_CHARACTERS
      ? undefined
      : `the cut was not reported: ${JSON.stringify(truncated)}`)
  );
};

const all = { ...pipelines(), 'lexical()': () => lexical() };

/** Item 11: a megabyte query and limit × overFetch of 1e15 on every pipeline. */
export const boundCases: HostileCase[] = [
  ...Object.entries(all).map(
    ([label, make]): HostileCase => ({
      item: 11,
      name: `${label}: a 1 MB query with limit 1e9 and overFetch 1e6`,
      wants: 'answer',
      run: async () =>
        (await make().index(ordinaryTools)).select(paste, { limit: 1e9, overFetch: 1e6 }),
      check: checkPaste,
    }),
  ),
  {
    item: 11,
    name: `bm25: limit 1e9 over 3,000 matching tools returns at most MAX_SELECT_DEPTH`,
    wants: 'answer',
    run: async () =>
      (
        await pipe(bm25()).index(
          Array.from({ length: 3_000 }, (_, i) => ({ name: `t${i}`, description: `email ${i}` })),
        )
      ).select('email', { limit: 1e9, overFetch: 1e6 }),
    check: (answer) =>
      namesOf(answer).length === MAX_SELECT_DEPTH
        ? undefined
        : `${namesOf(answer).length} tools, not ${MAX_SELECT_DEPTH}`,
  },
];

/** Runs `use` against a fault server scripted with one fault. */
async function withFault<T>(
  fault: ServerFault,
  use: (urls: { openai: string; hf: string }) => Promise<T>,
) {
  const server = await startFaultServer();
  server.script(fault);
  try {
    return await use({ openai: server.openaiURL, hf: server.hfURL });
  } finally {
    await server.close();
  }
}

const openai = (baseURL: string) =>
  createOpenAIEmbedder({ apiKey: 'sk-hostile', baseURL, dimensions: 8, maxRetries: 0 });

/** Item 12: embedders answering zeros or misplaced vectors, and NaN in a restored snapshot. */
export const vectorCases: HostileCase[] = [
  {
    item: 12,
    name: 'OpenAI: every vector all zeros',
    wants: 'typed-error',
    run: () => withFault({ kind: 'zeros' }, (urls) => openai(urls.openai).doEmbed(['a', 'b'])),
  },
  {
    item: 12,
    name: 'OpenAI: every item claims index 0',
    wants: 'typed-error',
    run: () => withFault({ kind: 'same-index' }, (urls) => openai(urls.openai).doEmbed(['a', 'b'])),
  },
  {
    item: 12,
    name: 'Hugging Face: every vector all zeros',
    wants: 'typed-error',
    run: () =>
      withFault({ kind: 'zeros' }, (urls) =>
        createHFEmbedder({
          model: 'BAAI/bge-small-en-v1.5',
          accessToken: 'hf_hostile',
          endpointUrl: urls.hf,
          dimensions: 8,
          maxRetries: 0,
        }).doEmbed(['a', 'b']),
      ),
  },
  {
    item: 12,
    name: 'semantic(): a restored snapshot row holding NaN',
    wants: 'typed-error',
    run: async () => {
      const embedder = lexicalEmbedder({ dimensions: 64 });
      const tools = toTools(ordinaryTools);
      const index = await semantic({ embedder }).doIndex(tools);
      const content = decodeSnapshot(index.doSnapshot!(), { kind: 'semantic', formatVersion: 2 });
      const rows = Float32Array.from(content.arrays[0] as Float32Array);
      rows[70] = Number.NaN;
      return semantic({ embedder }).doRestore!(
        encodeSnapshot({ ...content, arrays: [rows] }),
        tools,
      );
    },
  },
];
