import { describeEmbedder } from '@shortlist/conformance';
import { lexicalEmbedder } from './lexical-embedder.js';

describeEmbedder('lexicalEmbedder()', { create: () => lexicalEmbedder() });
describeEmbedder('lexicalEmbedder({ dimensions: 64, corpus })', {
  create: () =>
    lexicalEmbedder({ dimensions: 64, corpus: ['list files', 'send email', 'get weather'] }),
});
