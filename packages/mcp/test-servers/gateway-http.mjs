// Runs the built gateway over HTTP in its own process, for tests that must not share its event loop:
// node gateway-http.mjs CONFIG_JSON [HTTP_OPTIONS_JSON]; prints the URL on stdout once it serves.
import { createGateway, serveHttp } from '../dist/index.js';

const gateway = await createGateway({
  config: JSON.parse(process.argv[2]),
  cacheDirectory: false,
  upstreamStderr: 'ignore',
});
const served = await serveHttp(gateway, JSON.parse(process.argv[3] ?? '{}'));
process.stdout.write(`${served.url.href}\n`);
