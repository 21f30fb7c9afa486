// Runs the built gateway on stdin/stdout for the stdio tests: node gateway-stdio.mjs CONFIG_JSON [MODE]
import { createGateway, serveStdio } from '../dist/index.js';

const gateway = await createGateway({
  config: JSON.parse(process.argv[2]),
  cacheDirectory: false,
  upstreamStderr: 'ignore',
});
await serveStdio(gateway, { mode: process.argv[3] ?? 'search' });
