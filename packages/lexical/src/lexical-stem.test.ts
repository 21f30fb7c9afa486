import { lightStem } from '@shortlist/core/kit';
import { describe, expect, it } from 'vitest';
import { lexical } from './lexical.js';
import { lexicalStem } from './lexical-stem.js';
import { wordBigrams } from './word-bigrams.js';

describe('lexicalStem', () => {
  it('folds an "-er" noun into its verb when what is left is long enough', () => {
    for (const [noun, verb] of [
      ['reminder', 'remind'],
      ['reminders', 'reminding'],
      ['scheduler', 'schedule'],
      ['providers', 'provided'],
      ['copywriter', 'copywriting'],
      ['manager', 'manage'],
      ['converter', 'convert'],
    ]) {
      expect(lexicalStem(noun!), noun).toBe(lexicalStem(verb!));
    }
  });

  it('keeps short stems, words that only end in "er" and everything else as lightStem does', () => {
    for (const word of [
      'order',
      'user',
      'folder',
      'server',
      'number',
      'paper',
      'filter',
      'answer',
    ]) {
      expect(lexicalStem(word), word).toBe(word);
    }
    expect(lexicalStem('interfere')).toBe(lightStem('interfere'));
    for (const word of ['schedules', 'running', 'companies', 'données', 'HTTP', '東京', '']) {
      expect(lexicalStem(word), word).toBe(lightStem(word));
    }
  });

  it('names itself in the word pairs, so their snapshots change with it', () => {
    expect(lexicalStem.analysis).toMatch(/^lexical-stem-\d+$/);
    expect(wordBigrams().analysis).toBe(`bigrams:${lexicalStem.analysis}`);
    expect(wordBigrams()('Set a reminder')).toEqual(['set', 'remind', 'set_remind']);
  });

  it('lets "remind me to call Anna" find the reminder tool by its words, not only its word pieces', async () => {
    const picker = await lexical({ maxTokens: false }).index([
      { name: 'reminders_create', description: 'Set a reminder for a time.' },
      { name: 'phone_start_call', description: 'Start a phone call to a number.' },
      { name: 'notes_create', description: 'Write down a note in your notes app.' },
    ]);
    const sources = await picker.rankings('remind me to call Anna at 5pm', { limit: 3 });
    const tfidf = sources.find((source) => source.rankerId === 'tfidf')!.ranking;
    expect(tfidf.map((entry) => entry.name)).toContain('reminders_create');
  });
});
