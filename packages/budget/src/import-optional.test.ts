import { PluginError } from '@shortlist/core';
import { describe, expect, it } from 'vitest';
import { importOptional } from './import-optional.js';

describe('importOptional', () => {
  it('loads an installed package', async () => {
    const tiktoken = await importOptional<typeof import('tiktoken')>('tiktoken', 'test');
    expect(typeof tiktoken.get_encoding).toBe('function');
  });

  it('names the package to install when it is absent', async () => {
    const failure = importOptional(
      '@shortlist/not-installed-anywhere',
      'tiktokenTokenizer()',
      'use gptTokenizer()',
    );
    await expect(failure).rejects.toSatisfy(PluginError.isInstance);
    await expect(failure).rejects.toThrow(
      'tiktokenTokenizer() needs the optional package "@shortlist/not-installed-anywhere", which is not installed; run `npm install @shortlist/not-installed-anywhere`, or use gptTokenizer()',
    );
    await expect(failure).rejects.toMatchObject({ pluginId: 'tiktokenTokenizer()' });
  });

  it('names the package, not the subpath, when a subpath of an absent package is imported', async () => {
    const failure = importOptional('@shortlist/not-installed-anywhere/encoding/o200k_base', 'test');
    await expect(failure).rejects.toThrow(
      'test needs the optional package "@shortlist/not-installed-anywhere", which is not installed; run `npm install @shortlist/not-installed-anywhere`',
    );
  });
});
