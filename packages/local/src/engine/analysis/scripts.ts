/**
 * The scripts written without spaces between words, whose runs of letters are segmented into
 * words (`segment.ts`). Kept apart from the segmenter, which the browser loads only for an index
 * that holds such words, while this test is needed everywhere.
 */

/**
 * A code point of those scripts: `scx`, so that the prolonged sound mark `ー`, `〆` and the kana
 * voicing marks count; below U+0E00 (where none of them is) `scx` also lists a few marks and `ʼ`
 * that Latin and Cyrillic words use (`мʼята`), which are left to their words.
 */
export const SEGMENTED = '(?![\\0-\\u0dff])[\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Thai}\\p{scx=Lao}\\p{scx=Khmer}\\p{scx=Myanmar}]';

export const SEGMENTED_CHARACTER = new RegExp(SEGMENTED, 'u');
