import { describe, expect, it } from 'vitest';
import { normalizeTerm } from '../tokenize.js';
import { createAnalyzer, hasStemmer, stemmableWords } from './stem.js';
import { STEMMED_LANGUAGES, normalizeLanguage } from './language.js';

describe('stemmers per language', () => {
  // Forms that must meet, written as users write them (accents included): the index holds them
  // folded (`normalizeTerm`), and the stemmer is given the folded form.
  const forms: Record<string, string[][]> = {
    en: [['configure', 'configuring', 'configured', 'configuration'], ['snapshot', 'snapshots'], ['happy', 'happiness']],
    fr: [['installation', 'installations'], ['créée', 'créées', 'créer']],
    de: [['Konfiguration', 'Konfigurationen'], ['schnell', 'schnellen']],
    es: [['configuración', 'configuraciones'], ['instalar', 'instalación']],
    pt: [['configuração', 'configurações'], ['arquivo', 'arquivos']],
    it: [['configurazione', 'configurazioni'], ['veloce', 'veloci']],
    nl: [['instelling', 'instellingen'], ['bestand', 'bestanden']],
    ru: [['настройка', 'настройки'], ['файл', 'файлы']],
  };

  it.each(Object.entries(forms))('%s: the forms of a word share one stem', async (language, groups) => {
    expect(hasStemmer(language)).toBe(true);
    const analyzer = await createAnalyzer([language]);
    for (const group of groups) {
      const stems = new Set(group.map((word) => analyzer.stem(normalizeTerm(word), language)));
      expect(stems.size, `${group.join(', ')} → ${[...stems].join(', ')}`).toBe(1);
    }
  });

  it('has a stemmer for exactly the languages the indexer counts as stemmed', () => {
    for (const language of STEMMED_LANGUAGES) expect(hasStemmer(language), language).toBe(true);
    for (const language of ['ko', 'pl', 'zh', 'ja', 'nb', 'toString', 'constructor']) expect(hasStemmer(language), language).toBe(false);
  });

  it('leaves words alone in a language without a stemmer, and words that are not plain words', async () => {
    const analyzer = await createAnalyzer(['en', 'ko']);
    expect(analyzer.stem('running', 'ko')).toBe('running');
    expect(analyzer.stem('running', 'en')).toBe('run');
    for (const term of ['h1', 'v2', 'es2022', '設定', 'ab']) expect(analyzer.stem(term, 'en')).toBe(term);
  });

  it('searches the words of a stem from the prefix they share, y → i included', async () => {
    const analyzer = await createAnalyzer(['en']);
    expect(analyzer.expansions('happiness')).toEqual([{ language: 'en', stem: 'happi', prefix: 'happ' }]);
    const expansion = analyzer.expansions('happy')[0]!;
    expect(analyzer.stemmedTerms('happy', expansion, ['happen', 'happier', 'happiness', 'happy', 'happyfn'])).toEqual(['happiness']);
  });

  it('keeps Russian й apart from и (the breve is a letter there), folds ё to е', () => {
    expect(normalizeTerm('файл')).toBe('файл');
    expect(normalizeTerm('Ёлка')).toBe('елка');
  });
});

describe('which query words are stemmed', () => {
  it('plain words only: never API names, flags, dotted or numbered words', () => {
    expect([...stemmableWords('configuring vi.fn toHaveBeenCalledWith defineConfig --ports h1 server.proxy import.meta.env Snapshots')]).toEqual([
      'configuring',
      'snapshots',
    ]);
    expect([...stemmableWords('server-side Résumés')]).toEqual(['server', 'side', 'resumes']);
  });
});

describe('language tags', () => {
  it('keeps the primary subtag, lower case', () => {
    expect(['zh-Hans-CN', 'EN_us', 'ja', 'pt-BR', 'nb-NO', '', 'und', 'x-klingon', 'e', undefined].map(normalizeLanguage)).toEqual([
      'zh', 'en', 'ja', 'pt', 'no', undefined, undefined, undefined, undefined, undefined,
    ]);
  });
});
