import { describe, expect, it } from 'vitest';
import { englishStopwords } from './english-stopwords.js';
import { lightStem } from './light-stem.js';
import { splitWords } from './split-words.js';
import { createTokenizer, defaultTokenizer } from './tokenizer.js';

describe('splitWords', () => {
  it.each([
    ['snake_case', 'list_open_issues', ['list', 'open', 'issues']],
    ['camelCase', 'getUserProfile', ['get', 'user', 'profile']],
    ['PascalCase', 'CreateInvoice', ['create', 'invoice']],
    ['kebab-case', 'send-slack-message', ['send', 'slack', 'message']],
    ['dotted', 'math.factorial', ['math', 'factorial']],
    ['slashed', 'repos/{owner}/pulls', ['repos', 'owner', 'pulls']],
    ['acronyms', 'parseHTTPResponse', ['parse', 'http', 'response']],
    ['trailing acronym', 'getUserID', ['get', 'user', 'id']],
    ['digit runs', 'sha256Hash v2', ['sha', '256', 'hash', 'v', '2']],
    ['mixed separators', 'HRIS.list_Employees-v2', ['hris', 'list', 'employees', 'v', '2']],
    ['upper snake', 'MAX_RETRY_COUNT', ['max', 'retry', 'count']],
  ])('splits %s', (_rule, input, expected) => {
    expect(splitWords(input)).toEqual(expected);
  });

  it('keeps letters of other scripts and lowercases them', () => {
    expect(splitWords('Größe des Bildes ändern')).toEqual(['größe', 'des', 'bildes', 'ändern']);
    expect(splitWords('Погода в Москве')).toEqual(['погода', 'в', 'москве']);
    expect(splitWords('الطقس اليوم')).toEqual(['الطقس', 'اليوم']);
    expect(splitWords('मौसम कैसा है')).toEqual(['मौसम', 'कैसा', 'है']);
  });

  it('splits ideographs and kana into single characters, since they are written without spaces', () => {
    expect(splitWords('明日の天気')).toEqual(['明', '日', 'の', '天', '気']);
    expect(splitWords('查询天气API')).toEqual(['查', '询', '天', '气', 'api']);
  });

  it('folds compatibility forms (full-width letters) before splitting', () => {
    expect(splitWords('ＡＰＩ ｋｅｙ')).toEqual(['api', 'key']);
  });

  it('drops punctuation, symbols and emoji', () => {
    expect(splitWords('¿¡ --- !!! 🚀 ... ')).toEqual([]);
    expect(splitWords('deploy 🚀 now!')).toEqual(['deploy', 'now']);
  });
});

describe('createTokenizer', () => {
  it('drops English stopwords and stems by default', () => {
    expect(defaultTokenizer('Send the invoices to all of the customers')).toEqual([
      'send',
      'invoic',
      'all',
      'customer',
    ]);
  });

  it('replaces the stopword list or disables it', () => {
    const custom = createTokenizer({ stopwords: ['send'], stem: false });
    expect(custom('send the email')).toEqual(['the', 'email']);
    const none = createTokenizer({ stopwords: false, stem: false });
    expect(none('send the email')).toEqual(['send', 'the', 'email']);
  });

  it('accepts a custom stemmer or none', () => {
    const upper = createTokenizer({ stopwords: false, stem: (word) => word.toUpperCase() });
    expect(upper('listUsers')).toEqual(['LIST', 'USERS']);
    expect(createTokenizer({ stem: false })('scheduled meetings')).toEqual([
      'scheduled',
      'meetings',
    ]);
  });

  it('keeps action words such as get, list and new searchable', () => {
    for (const word of ['get', 'list', 'new', 'all', 'create', 'delete']) {
      expect(englishStopwords.has(word)).toBe(false);
    }
  });
});

describe('lightStem', () => {
  it('makes inflections of one word meet', () => {
    const forms = ['schedule', 'schedules', 'scheduled', 'scheduling'];
    expect(new Set(forms.map(lightStem)).size).toBe(1);
    expect(lightStem('companies')).toBe(lightStem('company'));
    expect(lightStem('boxes')).toBe(lightStem('box'));
    expect(lightStem('stopped')).toBe(lightStem('stop'));
    expect(lightStem('calling')).toBe(lightStem('call'));
  });

  it('leaves short words, words ending in -ss/-us/-is and non-ASCII words alone', () => {
    for (const word of ['bus', 'status', 'analysis', 'address', 'größe', 'id']) {
      expect(lightStem(word)).toBe(word.endsWith('e') ? word : word);
    }
    expect(lightStem('status')).toBe('status');
    expect(lightStem('größe')).toBe('größe');
  });
});
