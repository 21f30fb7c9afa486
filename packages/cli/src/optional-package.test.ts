import { PluginError } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { loadOptional, type OptionalPackage } from './optional-package.js';

const absent = '@shortlist/not-installed-anywhere' as OptionalPackage;

describe('loadOptional', () => {
  it('loads an installed optional package', async () => {
    const mcp = await loadOptional(
      '@shortlist/mcp',
      'shortlist mcp',
      () => import('@shortlist/mcp'),
    );
    expect(typeof mcp.createGateway).toBe('function');
  });

  it('names the package to install, and what needed it, when it is absent', async () => {
    const failure = loadOptional(absent, 'shortlist mcp', () => import(absent));
    await expect(failure).rejects.toSatisfy(PluginError.isInstance);
    await expect(failure).rejects.toThrow(
      'shortlist mcp needs the package "@shortlist/not-installed-anywhere", which is not installed; install it beside @shortlist/cli: `npm install @shortlist/not-installed-anywhere`',
    );
    await expect(failure).rejects.toMatchObject({ pluginId: 'shortlist mcp' });
  });

  it('rethrows as it was a failure that is not the package missing', async () => {
    const broken = new Error('a syntax error in the package');
    await expect(
      loadOptional('@shortlist/mcp', 'shortlist mcp', () => Promise.reject(broken)),
    ).rejects.toBe(broken);
    // Installed, but a package it imports is missing: that package's own error, not a wrong hint.
    const inner = Object.assign(new Error("Cannot find package 'openai' imported from x"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    await expect(
      loadOptional('@shortlist/embed-openai', '--embedder openai', () => Promise.reject(inner)),
    ).rejects.toBe(inner);
  });
});
