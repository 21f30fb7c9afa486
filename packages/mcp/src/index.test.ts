import { expect, it } from 'vitest';

it('exports exactly the public surface', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toMatchInlineSnapshot(`
    [
      "callToolTool",
      "checkHttpOptions",
      "createDownstreamServer",
      "createGateway",
      "defaultAuthDirectory",
      "defaultCacheDirectory",
      "defaultGatewayPipeline",
      "defaultSearchBudget",
      "gatewayModes",
      "gatewayToolName",
      "maxSearchLimit",
      "maxToolNameLength",
      "parseServerConfig",
      "searchToolsTool",
      "serveHttp",
      "serveStdio",
      "signInUpstream",
      "signOutUpstream",
      "toolNameSeparator",
    ]
  `);
});
