import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { indexTerms, normalizeTerm, queryTerms, tokenizeWithOffsets, useWordSegmentation } from '../tokenize.js';
import { SEGMENTED } from './scripts.js';
import { pieceSplitter } from './segment.js';

// As the indexer and the engine (for an index with segmented words) do.
beforeAll(() => useWordSegmentation(pieceSplitter(SEGMENTED)));

const words = (text: string): string[] => tokenizeWithOffsets(text, false).map((token) => text.slice(token.start, token.end));

describe('word segmentation of scripts without spaces', () => {
  it('cuts Chinese sentences into words, so a word from the middle of one is a term', () => {
    expect(indexTerms('你可以使用快捷键来创建索引文件。')).toEqual(['你', '可以', '使用', '快捷', '键', '来', '创建', '索引', '文件']);
    expect(queryTerms('索引')).toEqual(['索引']);
  });

  it('cuts Japanese, kana and kanji mixed', () => {
    expect(indexTerms('パッケージをインストールするには、次のコマンドを実行します。')).toEqual([
      'パッケージ', 'を', 'インストール', 'する', 'に', 'は', '次', 'の', 'コマンド', 'を', '実行', 'し', 'ます',
    ]);
    expect(queryTerms('インストール')).toEqual(['インストール']);
  });

  it('cuts Thai, keeping its vowel signs (marks) inside the words', () => {
    expect(words('การติดตั้งโปรแกรมง่ายมาก')).toEqual(['การ', 'ติด', 'ตั้ง', 'โปรแกรม', 'ง่าย', 'มาก']);
  });

  it('splits a run mixing Latin and CJK letters at the script change; Latin parts keep camel-case parts', () => {
    expect(indexTerms('Vite的配置 useState设置')).toEqual(['vite', '的', '配置', 'usestate', 'use', 'state', '设置']);
    expect(queryTerms('vite 設定')).toEqual(['vite', '設定']);
    expect(queryTerms('vi.fn 模拟')).toEqual(['vi', 'fn', '模拟']);
  });

  it('gives offsets in the original text that cover exactly the segmented words', () => {
    const text = 'Run vite で設定ファイルを読み込みます';
    expect(tokenizeWithOffsets(text, true).map((token) => [token.term, text.slice(token.start, token.end)])).toEqual([
      ['run', 'Run'], ['vite', 'vite'], ['で', 'で'], ['設定', '設定'], ['ファイル', 'ファイル'], ['を', 'を'], ['読み込み', '読み込み'], ['ます', 'ます'],
    ]);
  });

  it('leaves spaced scripts alone (Korean, Latin, Cyrillic)', () => {
    expect(indexTerms('한국어 문서 Привет мир')).toEqual(['한국어', '문서', 'привет', 'мир']);
  });
});

describe('diacritics folding', () => {
  it('folds Latin accents, decomposed or not', () => {
    expect(indexTerms('Résumé e\u0301tude NAÏVE')).toEqual(['resume', 'etude', 'naive']);
  });

  it('keeps kana voicing marks: が is not か, ぱ is not は (NFKD splits them off; they are composed again)', () => {
    expect(normalizeTerm('が')).toBe('が');
    expect(normalizeTerm('ぱ')).toBe('ぱ');
    expect(normalizeTerm('ガイド')).toBe('ガイド');
    expect(normalizeTerm('か')).not.toBe(normalizeTerm('が'));
    // Half-width katakana and its separate voicing mark become the full-width letter.
    expect(normalizeTerm('ｶﾞｲﾄﾞ')).toBe('ガイド');
    expect(indexTerms('バグ')).toEqual(['バグ']);
  });

  it('keeps Thai and Devanagari vowel signs, folds Arabic vowel signs', () => {
    expect(normalizeTerm('ตั้ง')).toBe('ตั้ง');
    expect(normalizeTerm('हिंदी')).toBe('हिंदी');
    expect(normalizeTerm('كَتَبَ')).toBe('كتب');
  });

  it('composes Hangul again after decomposition', () => {
    expect(normalizeTerm('한국어')).toBe('한국어');
  });
});

describe('without Intl.Segmenter (older runtimes): character bigrams', () => {
  const original = (Intl as { Segmenter?: unknown }).Segmenter;
  afterEach(() => {
    (Intl as { Segmenter?: unknown }).Segmenter = original;
    vi.resetModules();
  });

  async function tokenizerWithoutSegmenter(): Promise<typeof import('../tokenize.js') & { SEGMENTATION: string }> {
    vi.resetModules();
    delete (Intl as { Segmenter?: unknown }).Segmenter;
    const tokenize = await import('../tokenize.js');
    const segment = await import('./segment.js');
    tokenize.useWordSegmentation(segment.pieceSplitter(SEGMENTED));
    return { ...tokenize, SEGMENTATION: segment.SEGMENTATION };
  }

  it('cuts runs into overlapping pairs, a lone character as itself, Latin untouched', async () => {
    const tokenize = await tokenizerWithoutSegmenter();
    expect(tokenize.SEGMENTATION).toBe('bigram');
    expect(tokenize.indexTerms('创建索引文件 vite的配置')).toEqual(['创建', '建索', '索引', '引文', '文件', 'vite', '的配', '配置']);
    expect(tokenize.indexTerms('键')).toEqual(['键']);
    // A word of two characters is one bigram, found inside any sentence's bigrams.
    expect(tokenize.indexTerms('创建索引文件')).toContain(tokenize.queryTerms('索引')[0]);
    // Thai vowel signs stay on their consonant.
    expect(tokenize.indexTerms('ตั้งค่า')).toEqual(['ตั้ง', 'งค่', 'ค่า']);
  });

  it('highlights what it indexes: the scanner and the offsets tokenizer agree', async () => {
    const tokenize = await tokenizerWithoutSegmenter();
    for (const text of ['你可以使用快捷键来创建索引文件。', 'パッケージをインストール', 'useState设置 ๆ']) {
      expect(tokenize.indexTerms(text)).toEqual(tokenize.tokenizeWithOffsets(text, true).map((token) => token.term));
    }
  });
});

describe('what is segmented', () => {
  it('leaves the marks and ʼ that Latin and Cyrillic words share with CJK scripts in their words', () => {
    expect(indexTerms('мʼята e\u0303')).toEqual(['мʼята', 'e']);
  });
});
